package org.metasched.pipeline.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.metasched.pipeline.Values;
import org.metasched.report.Chart;
import org.metasched.report.ChartKind;
import org.metasched.report.Figure;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * The charts of a sweep's report (docs/sweep.md), read as small multiples (issue 22): per metric one figure with one
 * panel per value of the panel parameters (the workload), the swept number on the x axis (the scale), one line per
 * policy with its mean over the replications and their 95 % interval. Units on every axis, a logarithmic y axis where
 * a metric's values span more than two orders of magnitude, parameters' values in the sweep file's order. A metric
 * that is the same in every cell of a panel (a trace's job count) is a table, not a chart.
 *
 * <p>Which parameter plays which part, among those that vary across the cells: the x axis is the numeric one with
 * the most values (command order breaks ties); the lines are the registered names (the policy), else the last of the
 * others; the panels are the rest. Without a numeric parameter each metric is one bar chart: the panels' values are
 * the categories and the lines' values the bars.
 */
final class SweepReport {
    /** A metric's values span orders of magnitude when its largest positive mean is this many times its least. */
    static final double LOG_RATIO = 100;

    private SweepReport() {}

    /** What each varying parameter is in the charts. */
    record Roles(String x, List<String> lines, List<String> panels) {}

    /**
     * One cell: its id and parameters, its metrics' means and 95 % half-widths over its successful replications
     * ({@code runs}; NaN when none), and its failed replications.
     */
    record CellStats(
            String id, Map<String, String> parameters, double[] mean, double[] halfWidth, int runs, int failed) {}

    static void addCharts(
            Report r,
            SweepableCommand c,
            List<String> parameters,
            Map<String, List<String>> fileOrder,
            List<SweepRun.Result> results) {
        List<CellStats> cells = SweepCells.stats(c, results);
        if (cells.isEmpty()) {
            return; // an empty shard: nothing to chart
        }
        Map<String, List<String>> values = SweepCells.values(c, parameters, fileOrder, cells);
        Roles roles = SweepCells.roles(c, values);
        int replications = 0;
        for (CellStats s : cells) {
            replications = Math.max(replications, s.runs());
        }
        List<Integer> charted = new ArrayList<>();
        List<Integer> constant = new ArrayList<>();
        // a metric that the lines do not change (a trace's job count: the same under every policy) describes the
        // input, not the outcome: a table says it once per panel and x value
        List<String> inputs = new ArrayList<>(roles.panels());
        if (!roles.lines().isEmpty() && roles.x() != null) {
            inputs.add(roles.x());
        }
        for (int m = 0; m < c.metrics().size(); m++) {
            (cells.size() > 1 && SweepCells.constantWithin(cells, inputs, m) ? constant : charted).add(m);
        }
        if (roles.x() != null && roles.panels().isEmpty() && !charted.isEmpty()) {
            // one panel per metric: the metrics themselves are the small multiples, in one figure
            List<Chart> panels = new ArrayList<>();
            boolean anyLog = false;
            boolean zeros = false;
            for (int m : charted) {
                Figure f = figure(c, roles, values, cells, m, replications);
                panels.addAll(f.panels());
                anyLog |= logScale(cells, m);
                zeros |= logScale(cells, m) && hasZeros(cells, m);
            }
            r.figure(new Figure(
                    "figure-sweep",
                    "The metrics against " + roles.x()
                            + (roles.lines().isEmpty() ? "" : ", one line per " + String.join(" and ", roles.lines())),
                    intervalNote(replications)
                            + " Each panel has its own y axis."
                            + (anyLog
                                    ? " A y axis is logarithmic (its name says so) where the metric's values span more"
                                            + " than two orders of magnitude"
                                            + (zeros ? "; a 0 has no place on it and is not drawn." : ".")
                                    : ""),
                    panels));
        } else {
            for (int m : charted) {
                if (roles.x() != null) {
                    r.figure(figure(c, roles, values, cells, m, replications));
                } else {
                    r.chart(bars(c, roles, values, cells, m, replications));
                }
            }
        }
        if (!constant.isEmpty()) {
            List<String> columns = new ArrayList<>();
            for (String p : inputs) {
                columns.add(withUnit(p, c.unit(p)));
            }
            for (int m : constant) {
                columns.add(withUnit(c.metrics().get(m), c.unit(c.metrics().get(m))));
            }
            List<List<Object>> rows = new ArrayList<>();
            for (List<String> panel : SweepCells.combinations(inputs, values)) {
                CellStats any = null;
                for (CellStats s : cells) {
                    if (SweepCells.matches(s, inputs, panel)) {
                        any = s;
                        break;
                    }
                }
                if (any == null) {
                    continue;
                }
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < panel.size(); i++) {
                    row.add(SweepCells.shown(inputs.get(i), panel.get(i)));
                }
                for (int m : constant) {
                    row.add(constantMean(cells, inputs, panel, m));
                }
                rows.add(row);
            }
            r.table(
                    inputs.isEmpty()
                            ? "The same in every cell (not charted)"
                            : "The same for every "
                                    + String.join(" and ", roles.lines().isEmpty() ? List.of("value") : roles.lines())
                                    + " of a " + String.join(" and ", inputs) + " (not charted)",
                    columns,
                    rows);
        }
    }

    static String withUnit(String name, String unit) {
        return unit.isEmpty() ? name : name + " (" + unit + ")";
    }

    /** The y axis of a metric: logarithmic when its positive means span more than {@link #LOG_RATIO}. */
    private static boolean logScale(List<CellStats> cells, int m) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (CellStats s : cells) {
            double v = s.mean()[m];
            if (v > 0) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return hi > 0 && hi / lo > LOG_RATIO;
    }

    private static double leastPositive(List<CellStats> cells, int m) {
        double lo = Double.POSITIVE_INFINITY;
        for (CellStats s : cells) {
            if (s.mean()[m] > 0) {
                lo = Math.min(lo, s.mean()[m]);
            }
        }
        return lo;
    }

    /** A series of means with their intervals; on a log axis zeros are left out and intervals cut at the axis. */
    private static Series series(String name, double[] x, double[] mean, double[] half, boolean log, double floor) {
        double[] y = mean.clone();
        double[] low = new double[y.length];
        double[] high = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            if (log && !(y[i] > 0)) {
                y[i] = Double.NaN;
            }
            boolean none = Double.isNaN(half[i]) || Double.isNaN(y[i]);
            low[i] = none ? Double.NaN : y[i] - half[i];
            high[i] = none ? Double.NaN : y[i] + half[i];
            if (log && !none && !(low[i] > 0)) {
                low[i] = Math.min(floor, y[i]);
            }
        }
        return new Series(name, x, y, low, high);
    }

    private static String yTitle(SweepableCommand c, int m, boolean log) {
        String metric = c.metrics().get(m);
        String unit = c.unit(metric);
        List<String> parts = new ArrayList<>();
        if (!unit.isEmpty()) {
            parts.add(unit);
        }
        if (log) {
            parts.add("log scale");
        }
        return parts.isEmpty() ? metric : metric + " (" + String.join(", ", parts) + ")";
    }

    private static String intervalNote(int replications) {
        return replications > 1
                ? "Mean over " + replications + " replications with its 95 % confidence interval (Student t)."
                : "One replication per cell: the means have no interval.";
    }

    private static String logNote(List<CellStats> cells, int m, boolean log) {
        if (!log) {
            return "";
        }
        return " Logarithmic y axis: the values span more than two orders of magnitude"
                + (hasZeros(cells, m) ? "; a 0 has no place on it and is not drawn (the table below has it)." : ".");
    }

    private static boolean hasZeros(List<CellStats> cells, int m) {
        for (CellStats s : cells) {
            if (s.mean()[m] <= 0) {
                return true;
            }
        }
        return false;
    }

    private static Figure figure(
            SweepableCommand c,
            Roles roles,
            Map<String, List<String>> values,
            List<CellStats> cells,
            int m,
            int replications) {
        String metric = c.metrics().get(m);
        boolean log = logScale(cells, m);
        double floor = leastPositive(cells, m);
        String yTitle = yTitle(c, m, log);
        String xTitle = withUnit(roles.x(), c.unit(roles.x()));
        List<String> xs = new ArrayList<>(values.get(roles.x()));
        xs.sort(Comparator.comparingDouble(SweepCells::number)); // a line runs left to right
        List<Chart> panels = new ArrayList<>();
        List<List<String>> panelValues = SweepCells.combinations(roles.panels(), values);
        for (List<String> pv : panelValues) {
            List<Series> series = new ArrayList<>();
            for (List<String> lv : SweepCells.combinations(roles.lines(), values)) {
                List<Double> px = new ArrayList<>();
                List<Double> pm = new ArrayList<>();
                List<Double> ph = new ArrayList<>();
                for (String xv : xs) {
                    for (CellStats s : cells) {
                        if (SweepCells.matches(s, roles.panels(), pv)
                                && SweepCells.matches(s, roles.lines(), lv)
                                && s.parameters().get(roles.x()).equals(xv)) {
                            px.add(SweepCells.number(xv));
                            pm.add(s.mean()[m]);
                            ph.add(s.halfWidth()[m]);
                            break;
                        }
                    }
                }
                if (!px.isEmpty()) {
                    series.add(series(
                            roles.lines().isEmpty() ? metric : SweepCells.label(roles.lines(), lv),
                            Values.array(px),
                            Values.array(pm),
                            Values.array(ph),
                            log,
                            floor));
                }
            }
            if (series.isEmpty()) {
                continue; // no cell has this combination
            }
            panels.add(new Chart(
                    "sweep-" + metric + (panelValues.size() > 1 ? "-" + (panels.size() + 1) : ""),
                    roles.panels().isEmpty() ? metric : SweepCells.label(roles.panels(), pv),
                    ChartKind.LINE,
                    xTitle,
                    yTitle,
                    List.of(),
                    series,
                    Chart.Scale.LINEAR,
                    log ? Chart.Scale.LOG : Chart.Scale.LINEAR));
        }
        String title = metric + " against " + roles.x()
                + (roles.lines().isEmpty() ? "" : ", one line per " + String.join(" and ", roles.lines()))
                + (roles.panels().isEmpty() ? "" : ", one panel per " + String.join(" and ", roles.panels()));
        String note = intervalNote(replications)
                + (panels.size() > 1 ? " Each panel has its own y axis." : "")
                + logNote(cells, m, log);
        return new Figure("figure-sweep-" + metric, title, note, panels);
    }

    /** Without a numeric parameter: bars over the panels' values (or the lines' alone), one series per line value. */
    private static Chart bars(
            SweepableCommand c,
            Roles roles,
            Map<String, List<String>> values,
            List<CellStats> cells,
            int m,
            int replications) {
        String metric = c.metrics().get(m);
        boolean log = logScale(cells, m);
        double floor = leastPositive(cells, m);
        List<String> categoryParams = roles.panels().isEmpty() ? roles.lines() : roles.panels();
        List<String> seriesParams = roles.panels().isEmpty() ? List.of() : roles.lines();
        List<List<String>> categories = SweepCells.combinations(categoryParams, values);
        List<String> names = new ArrayList<>();
        for (List<String> cv : categories) {
            names.add(categoryParams.isEmpty() ? "all cells" : SweepCells.label(categoryParams, cv));
        }
        List<Series> series = new ArrayList<>();
        for (List<String> sv : SweepCells.combinations(seriesParams, values)) {
            double[] x = new double[categories.size()];
            double[] mean = new double[categories.size()];
            double[] half = new double[categories.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = i;
                mean[i] = Double.NaN;
                half[i] = Double.NaN;
                for (CellStats s : cells) {
                    if (SweepCells.matches(s, categoryParams, categories.get(i))
                            && SweepCells.matches(s, seriesParams, sv)) {
                        mean[i] = s.mean()[m];
                        half[i] = s.halfWidth()[m];
                        break;
                    }
                }
            }
            series.add(series(
                    seriesParams.isEmpty() ? metric : SweepCells.label(seriesParams, sv), x, mean, half, log, floor));
        }
        String title = metric + " by " + String.join(" and ", categoryParams)
                + (seriesParams.isEmpty() ? "" : ", one bar per " + String.join(" and ", seriesParams)) + ". "
                + intervalNote(replications)
                + logNote(cells, m, log);
        return new Chart(
                "sweep-" + metric,
                title,
                ChartKind.BAR,
                categoryParams.isEmpty() ? "" : String.join(", ", categoryParams),
                yTitle(c, m, log),
                names,
                series,
                Chart.Scale.LINEAR,
                log ? Chart.Scale.LOG : Chart.Scale.LINEAR);
    }

    /**
     * The value a constant metric has in the cells of {@code panel}: the first that ran has it (a failed cell has
     * none, NaN, which the table showed as is); "-" when none ran.
     */
    private static Object constantMean(List<CellStats> cells, List<String> inputs, List<String> panel, int m) {
        for (CellStats s : cells) {
            if (SweepCells.matches(s, inputs, panel) && !Double.isNaN(s.mean()[m])) {
                return s.mean()[m];
            }
        }
        return "-";
    }
}
