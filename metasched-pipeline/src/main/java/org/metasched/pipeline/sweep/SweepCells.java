package org.metasched.pipeline.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metasched.metrics.MeanInterval;

/**
 * The cells of a sweep as {@link SweepReport} draws them: each cell's mean and 95 % half-width per metric over its
 * replications, every parameter's values in the sweep file's order, and which parameter is the x axis, which draw
 * lines and which make panels.
 */
final class SweepCells {
    private SweepCells() {}

    static List<SweepReport.CellStats> stats(SweepableCommand c, List<SweepRun.Result> results) {
        Map<String, List<SweepRun.Result>> byCell = new LinkedHashMap<>();
        for (SweepRun.Result x : results) {
            byCell.computeIfAbsent(x.cell().id(), k -> new ArrayList<>()).add(x);
        }
        List<SweepReport.CellStats> out = new ArrayList<>();
        int n = c.metrics().size();
        for (List<SweepRun.Result> rs : byCell.values()) {
            List<SweepRun.Result> ok = rs.stream().filter(x -> !x.failed()).toList();
            double[] mean = new double[n];
            double[] half = new double[n];
            for (int m = 0; m < n; m++) {
                if (ok.isEmpty()) {
                    mean[m] = Double.NaN;
                    half[m] = Double.NaN;
                    continue;
                }
                double[] v = new double[ok.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = ok.get(i).metrics()[m];
                }
                MeanInterval mi = MeanInterval.of(v); // the summary's mean and Student-t 95 % half-width
                mean[m] = mi.mean();
                half[m] = mi.halfWidth95();
            }
            SweepSpec.Cell cell = rs.get(0).cell();
            out.add(new SweepReport.CellStats(
                    cell.id(), cell.parameters(), mean, half, ok.size(), rs.size() - ok.size()));
        }
        return out;
    }

    /**
     * The values of each parameter that varies across the cells, in the sweep file's order where it is known (a merge
     * has only the cells: numbers ascending, text as sorted); a cell without the parameter has the value "".
     */
    static Map<String, List<String>> values(
            SweepableCommand c,
            List<String> parameters,
            Map<String, List<String>> fileOrder,
            List<SweepReport.CellStats> cells) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String p : parameters) {
            Set<String> seen = new LinkedHashSet<>();
            for (SweepReport.CellStats s : cells) {
                seen.add(s.parameters().getOrDefault(p, ""));
            }
            if (seen.size() < 2) {
                continue;
            }
            List<String> ordered = new ArrayList<>();
            for (String v : fileOrder.getOrDefault(p, List.of())) {
                if (seen.contains(v)) {
                    ordered.add(v);
                }
            }
            List<String> rest = new ArrayList<>(seen);
            rest.removeAll(ordered);
            rest.sort(numeric(c, p, seen) ? Comparator.comparingDouble(SweepCells::number) : Comparator.naturalOrder());
            ordered.addAll(rest);
            out.put(p, ordered);
        }
        return out;
    }

    static SweepReport.Roles roles(SweepableCommand c, Map<String, List<String>> values) {
        String x = null;
        for (Map.Entry<String, List<String>> e : values.entrySet()) {
            if (numeric(c, e.getKey(), e.getValue())
                    && (x == null || e.getValue().size() > values.get(x).size())) {
                x = e.getKey();
            }
        }
        List<String> rest = new ArrayList<>(values.keySet());
        rest.remove(x);
        List<String> lines = new ArrayList<>();
        for (String p : rest) {
            if (c.isName(p)) {
                lines.add(p);
            }
        }
        if (lines.isEmpty() && !rest.isEmpty()) {
            lines.add(rest.get(rest.size() - 1));
        }
        rest.removeAll(lines);
        return new SweepReport.Roles(x, lines, rest);
    }

    static boolean numeric(SweepableCommand c, String p, java.util.Collection<String> values) {
        SweepableCommand.Type t = c.parameters().get(p);
        if (t != SweepableCommand.Type.WHOLE && t != SweepableCommand.Type.NUMBER) {
            return false;
        }
        for (String v : values) {
            if (Double.isNaN(number(v))) {
                return false; // a cell without it
            }
        }
        return true;
    }

    static double number(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Whether a metric has one value among the cells that share the values of {@code params}. */
    static boolean constantWithin(List<SweepReport.CellStats> cells, List<String> params, int m) {
        Map<List<String>, Double> seen = new LinkedHashMap<>();
        for (SweepReport.CellStats s : cells) {
            List<String> key = new ArrayList<>();
            for (String p : params) {
                key.add(s.parameters().getOrDefault(p, ""));
            }
            double v = s.mean()[m];
            Double before = seen.putIfAbsent(key, v);
            if (before != null && !before.equals(v)) {
                return false;
            }
        }
        return true;
    }

    /** The cross product of the parameters' values, in order (one empty combination for no parameter). */
    static List<List<String>> combinations(List<String> params, Map<String, List<String>> values) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of());
        for (String p : params) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : out) {
                for (String v : values.get(p)) {
                    List<String> l = new ArrayList<>(prefix);
                    l.add(v);
                    next.add(l);
                }
            }
            out = next;
        }
        return out;
    }

    static boolean matches(SweepReport.CellStats s, List<String> params, List<String> values) {
        for (int i = 0; i < params.size(); i++) {
            if (!s.parameters().getOrDefault(params.get(i), "").equals(values.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** A value as a reader knows it: a trace by its file name without the extension. */
    static String shown(String parameter, String value) {
        if (value.isEmpty()) {
            return "(not set)";
        }
        if (parameter.equals("workload") && (value.contains("/") || value.contains("\\") || value.contains("."))) {
            String name = Path.of(value).getFileName().toString();
            return name.replaceFirst("\\.swf(\\.gz)?$", "");
        }
        return value;
    }

    static String label(List<String> params, List<String> values) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            parts.add(
                    params.size() == 1
                            ? shown(params.get(i), values.get(i))
                            : params.get(i) + " " + shown(params.get(i), values.get(i)));
        }
        return String.join(", ", parts);
    }
}
