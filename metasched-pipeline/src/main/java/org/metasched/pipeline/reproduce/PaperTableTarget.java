package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002Table;
import org.metasched.io.results.CsvColumns;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * A reproduce target whose result is one table with the paper's values beside ours: the terminal shows each
 * number with the paper's in brackets, {@code table.csv} holds ours alone (the target's columns), the report
 * shows the table with the paper's columns interleaved, the target's charts, and the paper's stated orderings,
 * each marked as holding or not in this run. A subclass supplies the experiment, the paper's values and the
 * charts.
 */
abstract class PaperTableTarget implements ReproduceTarget {
    /**
     * One of the paper's statements about the table, checked on our numbers.
     *
     * @param statement what the paper says
     * @param holds whether our numbers show it
     */
    record Check(String statement, boolean holds) {}

    /** What a subclass computes from one run. */
    record Result(P002Table table, List<Check> checks, List<String> notes, List<Consumer<Report>> charts) {}

    private final About about;
    private final String title;
    private final int labelColumns;
    private final Map<String, List<String>> parameters;

    /**
     * A target from its definition.
     *
     * @param title the report's title
     * @param labelColumns the number of leading label columns (the rest are figures with a possible paper value)
     */
    PaperTableTarget(
            String name,
            String title,
            String description,
            int defaultRuns,
            List<String> columns,
            int labelColumns,
            Map<String, List<String>> parameters) {
        this.about = new About(name, description, defaultRuns, 2002, List.copyOf(columns));
        this.title = title;
        this.labelColumns = labelColumns;
        this.parameters = Map.copyOf(parameters);
    }

    @Override
    public final About about() {
        return about;
    }

    @Override
    public final Map<String, List<String>> parameters() {
        return parameters;
    }

    final int labelColumns() {
        return labelColumns;
    }

    final String title() {
        return title;
    }

    /** The paper's value of {@code column} in the row labelled {@code labels}, or NaN where it gives none. */
    abstract double paper(List<Object> labels, String column);

    /** The set-up in one line for the report's subtitle. */
    abstract String setUp(Settings s);

    abstract Result compute(Settings s, IntConsumer progress);

    @Override
    public long steps(Settings s) {
        return s.runs();
    }

    @Override
    public Outcome run(Settings s, IntConsumer progress) {
        long t0 = System.nanoTime();
        Result result = compute(s, progress);
        double seconds = (System.nanoTime() - t0) / 1e9;
        P002Table t = result.table();
        return new Outcome() {
            @Override
            public List<String> summaryLines() {
                List<String> out = new ArrayList<>();
                out.add("");
                List<List<String>> cells = new ArrayList<>();
                cells.add(t.columns());
                boolean bracketed = false;
                for (List<Object> row : t.rows()) {
                    List<String> line = new ArrayList<>();
                    for (int c = 0; c < row.size(); c++) {
                        String ours = format(row.get(c));
                        double p = c < labelColumns()
                                ? Double.NaN
                                : paper(labels(row), t.columns().get(c));
                        line.add(Double.isNaN(p) ? ours : ours + " (" + format(p) + ")");
                        bracketed |= !Double.isNaN(p);
                    }
                    cells.add(line);
                }
                out.addAll(aligned(cells));
                // said only where there are brackets (issue 22: Figure 7 has none)
                out.add(
                        bracketed
                                ? "(in brackets: the paper's value)"
                                : "(the paper gives curves, no numbers, for this figure)");
                for (Check c : result.checks()) {
                    out.add((c.holds() ? "holds:     " : "NOT HERE:  ") + c.statement());
                }
                out.addAll(result.notes());
                return out;
            }

            @Override
            public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
                CsvColumns.write(dir.resolve("table.csv"), t.columns(), t.rows());
                if (!outputs.report()) {
                    return;
                }
                Report rep = Report.create(title())
                        .subtitle(String.format(Locale.ROOT, "%s | %s | %.1f s", command, setUp(s), seconds));
                for (Consumer<Report> chart : result.charts()) {
                    chart.accept(rep);
                }
                List<String> columns = new ArrayList<>();
                for (int c = 0; c < t.columns().size(); c++) {
                    columns.add(t.columns().get(c));
                    if (c >= labelColumns() && hasPaper(t, c)) {
                        columns.add("paper");
                    }
                }
                List<List<Object>> rows = new ArrayList<>();
                for (List<Object> row : t.rows()) {
                    List<Object> line = new ArrayList<>();
                    for (int c = 0; c < row.size(); c++) {
                        line.add(format(row.get(c)));
                        if (c >= labelColumns() && hasPaper(t, c)) {
                            double p = paper(labels(row), t.columns().get(c));
                            line.add(Double.isNaN(p) ? "" : format(p));
                        }
                    }
                    rows.add(line);
                }
                rep.table(
                        columns.contains("paper")
                                ? "Our numbers beside the paper's"
                                : "Our numbers (the paper gives curves, no numbers, for this figure)",
                        columns,
                        rows);
                List<List<Object>> checks = new ArrayList<>();
                for (Check c : result.checks()) {
                    checks.add(List.of(c.statement(), c.holds() ? "holds" : "not in this run"));
                }
                if (!checks.isEmpty()) {
                    rep.table(
                            "The paper's orderings, checked on our numbers", List.of("the paper says", "here"), checks);
                }
                if (!result.notes().isEmpty()) {
                    rep.table(
                            "Notes",
                            List.of("note"),
                            result.notes().stream().map(n -> List.<Object>of(n)).toList());
                }
                outputs.configure(rep).writeTo(dir);
            }
        };
    }

    private boolean hasPaper(P002Table t, int column) {
        for (List<Object> row : t.rows()) {
            if (!Double.isNaN(paper(labels(row), t.columns().get(column)))) {
                return true;
            }
        }
        return false;
    }

    List<Object> labels(List<Object> row) {
        return row.subList(0, labelColumns());
    }

    /** A bar chart of one column, ours beside the paper's where it gives values. */
    final Consumer<Report> bars(P002Table t, String id, String title, String column, String yTitle) {
        return rep -> {
            List<String> categories = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Double> paper = new ArrayList<>();
            boolean anyPaper = false;
            boolean anyMissing = false;
            for (List<Object> row : t.rows()) {
                List<Object> labels = labels(row);
                categories.add(
                        String.join(" ", labels.stream().map(String::valueOf).toList()));
                ours.add(((Number) row.get(t.columns().indexOf(column))).doubleValue());
                double p = paper(labels, column);
                anyPaper |= !Double.isNaN(p);
                anyMissing |= Double.isNaN(p);
                paper.add(Double.isNaN(p) ? 0 : p);
            }
            List<Series> series = new ArrayList<>();
            series.add(Series.ofValues("ours", Values.array(ours)));
            if (anyPaper) {
                series.add(Series.ofValues(anyMissing ? "paper (0: not given)" : "paper", Values.array(paper)));
            }
            rep.barChart(id, title, "", yTitle, categories, series);
        };
    }

    static String format(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN()) {
                return "-";
            }
            double a = Math.abs(d);
            return Values.fixed(d, a >= 100 ? 1 : a >= 1 ? 2 : 4);
        }
        return String.valueOf(v);
    }

    private static List<String> aligned(List<List<String>> cells) {
        int[] width = new int[cells.get(0).size()];
        for (List<String> line : cells) {
            for (int c = 0; c < line.size(); c++) {
                width[c] = Math.max(width[c], line.get(c).length());
            }
        }
        List<String> out = new ArrayList<>();
        for (List<String> line : cells) {
            StringBuilder b = new StringBuilder();
            for (int c = 0; c < line.size(); c++) {
                String cell = line.get(c);
                b.append(
                        c == 0
                                ? String.format("%-" + width[c] + "s", cell)
                                : String.format("  %" + width[c] + "s", cell));
            }
            out.add(b.toString().stripTrailing());
        }
        return out;
    }

    /** The numbers of {@code column} over the rows whose label {@code labelColumn} equals {@code label}. */
    static double[] column(P002Table t, String column, String labelColumn, Object label) {
        List<Double> out = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            if (labelColumn == null || String.valueOf(t.get(r, labelColumn)).equals(String.valueOf(label))) {
                out.add(t.number(r, column));
            }
        }
        return Values.array(out);
    }

    /** The row index whose first label is {@code label}. */
    static int rowOf(P002Table t, Object label) {
        for (int r = 0; r < t.rows().size(); r++) {
            if (String.valueOf(t.rows().get(r).get(0)).equals(String.valueOf(label))) {
                return r;
            }
        }
        throw new IllegalArgumentException("no row " + label);
    }

    /**
     * True if {@code values} never go the other way (within a relative 1e-9) and the last differs from the first
     * in the stated direction: a flat line does not "rise".
     */
    static boolean rises(double[] values, boolean up) {
        return monotone(values, up)
                && values.length > 1
                && (up ? values[values.length - 1] > values[0] : values[values.length - 1] < values[0]);
    }

    /** True if {@code values} never decrease (up) or never increase (down), within a relative 1e-9. */
    static boolean monotone(double[] values, boolean up) {
        for (int i = 1; i < values.length; i++) {
            double d = values[i] - values[i - 1];
            double tol = 1e-9 * Math.max(1, Math.abs(values[i]));
            if (up ? d < -tol : d > tol) {
                return false;
            }
        }
        return true;
    }
}
