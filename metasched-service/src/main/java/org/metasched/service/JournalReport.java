package org.metasched.service;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.metasched.io.OutputDirectory;
import org.metasched.io.results.CsvColumns;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * The files of {@code metasched journal replay -o DIR}: {@code replay.csv}, one row per cycle, and {@code
 * report.html}, the what-if report (stored and re-planned objective, cost and time per cycle), from a {@link
 * JournalReplay.Result}.
 */
public final class JournalReport {
    private JournalReport() {}

    /** The columns of a plan in {@code replay.csv}, once for the stored plan and once for the re-planned. */
    private static final CsvColumns<JournalReplay.Plan> PLAN = CsvColumns.<JournalReplay.Plan>of()
            .text("scheme", JournalReplay.Plan::scheme)
            .text("problem", JournalReplay.Plan::problem)
            .text("feasible", JournalReplay.Plan::feasible)
            .text("objective", p -> num(p.objective()))
            .integer("windows", JournalReplay.Plan::windows)
            .text("cost", p -> num(p.cost()))
            .text("time", p -> num(p.time()));

    /** The columns of {@code replay.csv} (docs/service.md describes each). */
    public static final CsvColumns<JournalReplay.Row> COLUMNS = CsvColumns.<JournalReplay.Row>of()
            .integer("cycle", JournalReplay.Row::n)
            .text("time", r -> num(r.time()))
            .integer("jobs", JournalReplay.Row::jobs)
            .integer("reserved", JournalReplay.Row::reserved)
            .nested("stored_", JournalReplay.Row::stored, PLAN)
            .nested("replanned_", JournalReplay.Row::replanned, PLAN)
            .text("difference", r -> num(r.difference()))
            .text("identical", JournalReplay.Row::identical);

    /**
     * Writes {@code dir} as a whole ({@link OutputDirectory}): {@code replay.csv}, one row per cycle, and {@code
     * report.html}, the what-if report.
     */
    public static void write(Path dir, JournalReplay.Result result, String command) {
        OutputDirectory.write(dir, d -> {
            COLUMNS.write(d.resolve("replay.csv"), result.rows());
            report(result, command).writeTo(d);
        });
    }

    /** A number as the CSV and the report show it: exactly (the shortest decimal of the double), blank for none. */
    public static String num(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** Sums over the rows: objectives (feasible cycles only), windows, cost and time, per side. */
    public record Totals(
            double storedObjective,
            double replannedObjective,
            int storedFeasible,
            int replannedFeasible,
            int storedWindows,
            int replannedWindows,
            int reserved,
            double storedCost,
            double replannedCost,
            double storedTime,
            double replannedTime,
            int jobs) {}

    public static Totals totals(JournalReplay.Result result) {
        double so = 0;
        double ro = 0;
        int sf = 0;
        int rf = 0;
        int sw = 0;
        int rw = 0;
        int res = 0;
        double sc = 0;
        double rc = 0;
        double st = 0;
        double rt = 0;
        int jobs = 0;
        for (JournalReplay.Row r : result.rows()) {
            if (!Double.isNaN(r.stored().objective())) {
                so += r.stored().objective();
            }
            if (!Double.isNaN(r.replanned().objective())) {
                ro += r.replanned().objective();
            }
            sf += r.stored().feasible() ? 1 : 0;
            rf += r.replanned().feasible() ? 1 : 0;
            sw += r.stored().windows();
            rw += r.replanned().windows();
            res += r.reserved();
            sc += r.stored().cost();
            rc += r.replanned().cost();
            st += r.stored().time();
            rt += r.replanned().time();
            jobs += r.jobs();
        }
        return new Totals(so, ro, sf, rf, sw, rw, res, sc, rc, st, rt, jobs);
    }

    private static Report report(JournalReplay.Result result, String command) {
        List<JournalReplay.Row> rows = result.rows();
        JournalReplay.Row first = rows.get(0);
        String title = result.reproduction()
                ? "JournalReplay.Plan journal replay: cycles " + first.n() + " to "
                        + rows.get(rows.size() - 1).n() + " re-planned with their stored settings"
                : "What-if: cycles " + first.n() + " to "
                        + rows.get(rows.size() - 1).n() + " re-planned with "
                        + first.replanned().scheme() + " / " + first.replanned().problem();
        Report r = Report.create(title).subtitle(command);
        Totals t = totals(result);
        List<List<Object>> summary = new ArrayList<>();
        summary.add(List.of("cycles", rows.size(), rows.size()));
        summary.add(List.of("jobs planned (over all cycles)", t.jobs(), t.jobs()));
        summary.add(List.of("feasible cycles", t.storedFeasible(), t.replannedFeasible()));
        summary.add(List.of("jobs given a window", t.storedWindows(), t.replannedWindows()));
        summary.add(List.of("total cost of the windows", num(t.storedCost()), num(t.replannedCost())));
        summary.add(List.of("total time of the windows", num(t.storedTime()), num(t.replannedTime())));
        if (result.comparable()) {
            summary.add(List.of(
                    "total objective (feasible cycles)", num(t.storedObjective()), num(t.replannedObjective())));
        } else {
            summary.add(List.of(
                    "total objective (not comparable: the problems differ)",
                    num(t.storedObjective()),
                    num(t.replannedObjective())));
        }
        summary.add(List.of(
                "cycles whose plan is the same",
                "",
                rows.size() - result.differing().size()));
        r.table("Summary: stored plans and re-planned ones", List.of("", "stored", "re-planned"), summary);
        double[] x = new double[rows.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = rows.get(i).n();
        }
        if (result.comparable()) {
            r.lineChart(
                    "journal-objective",
                    "Objective per cycle (" + first.stored().problem() + "): stored "
                            + first.stored().scheme()
                            + " and re-planned " + first.replanned().scheme()
                            + " (a gap is an infeasible cycle, which has no objective)",
                    "cycle",
                    "objective",
                    List.of(
                            series(
                                    "stored (" + first.stored().scheme() + ")",
                                    x,
                                    rows,
                                    true,
                                    JournalReplay.Plan::objective),
                            series(
                                    "re-planned (" + first.replanned().scheme() + ")",
                                    x,
                                    rows,
                                    false,
                                    JournalReplay.Plan::objective)));
        } else {
            r.lineChart(
                    "journal-objective",
                    "Objective per cycle: stored " + first.stored().problem() + " and re-planned "
                            + first.replanned().problem()
                            + " (different problems: the two measure different things; compare cost and time below)",
                    "cycle",
                    "objective",
                    List.of(
                            series(
                                    "stored (" + first.stored().problem() + ")",
                                    x,
                                    rows,
                                    true,
                                    JournalReplay.Plan::objective),
                            series(
                                    "re-planned (" + first.replanned().problem() + ")",
                                    x,
                                    rows,
                                    false,
                                    JournalReplay.Plan::objective)));
        }
        r.lineChart(
                "journal-cost",
                "Total cost of the windows per cycle",
                "cycle",
                "cost",
                List.of(
                        series("stored", x, rows, true, JournalReplay.Plan::cost),
                        series("re-planned", x, rows, false, JournalReplay.Plan::cost)));
        r.lineChart(
                "journal-time",
                "Total time of the windows per cycle (" + first.stored().timeKind() + ")",
                "cycle",
                "time",
                List.of(
                        series("stored", x, rows, true, JournalReplay.Plan::time),
                        series("re-planned", x, rows, false, JournalReplay.Plan::time)));
        List<List<Object>> table = new ArrayList<>();
        for (JournalReplay.Row row : rows) {
            table.add(List.of(
                    row.n(),
                    num(row.time()),
                    row.jobs(),
                    row.stored().scheme(),
                    num(row.stored().objective()),
                    row.replanned().scheme(),
                    num(row.replanned().objective()),
                    num(row.difference()),
                    row.stored().windows() + " / " + row.replanned().windows(),
                    num(row.stored().cost()) + " / " + num(row.replanned().cost()),
                    num(row.stored().time()) + " / " + num(row.replanned().time()),
                    row.identical() ? "yes" : "no"));
        }
        r.table(
                "Per cycle (windows, cost and time: stored / re-planned; replay.csv has every value)",
                List.of(
                        "cycle",
                        "time",
                        "jobs",
                        "stored",
                        "objective",
                        "re-planned",
                        "objective",
                        "difference",
                        "windows",
                        "cost",
                        "time",
                        "same plan"),
                table);
        return r;
    }

    private interface Figure {
        double of(JournalReplay.Plan p);
    }

    private static Series series(String name, double[] x, List<JournalReplay.Row> rows, boolean stored, Figure f) {
        double[] xs = new double[x.length];
        double[] ys = new double[x.length];
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            double v = f.of(stored ? rows.get(i).stored() : rows.get(i).replanned());
            if (!Double.isNaN(v)) {
                xs[n] = x[i];
                ys[n++] = v;
            }
        }
        return Series.of(name, Arrays.copyOf(xs, n), Arrays.copyOf(ys, n));
    }
}
