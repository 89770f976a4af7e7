package org.metasched.service;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.io.OutputDirectory;
import org.metasched.io.problem.BatchProblem;
import org.metasched.io.problem.BatchProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;
import org.metasched.report.Report;
import org.metasched.report.Series;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code metasched journal replay}: every stored cycle planned again from its stored inputs with the code of {@code
 * metasched batch} ({@link BatchProblemReader} reads the cycle's batch file, {@link BatchProblem#settings} resolves
 * the settings, {@link BatchScheduler} plans), beside the stored plan. With the stored settings the two are the same
 * plan (a reproduction); with another scheme or problem it is a what-if. Each plan is summed up by its objective and,
 * because objectives of different problems measure different things, also by what every problem can be compared on:
 * the jobs given a window, their total cost and total time.
 */
public final class JournalReplay {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final CSVFormat CSV =
            CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    /**
     * What to change when re-planning; null keeps the cycle's own.
     *
     * @param subBatches slicer and bsf: the sub-batches (capped at each batch's size, as the service does)
     * @param cssJobs bsf: the jobs planned by the slicer (capped at each batch's size)
     */
    public record WhatIf(String scheme, String problem, Integer subBatches, Integer cssJobs) {
        public static final WhatIf NONE = new WhatIf(null, null, null, null);

        public WhatIf {
            if (scheme != null) {
                BatchScheduler.Scheme.parse(scheme, "--scheme");
            }
            if (problem != null) {
                CssProblem.parse(problem, "--problem");
            }
        }

        /** Whether nothing is changed: the replay reproduces the stored plans. */
        boolean none() {
            return scheme == null && problem == null && subBatches == null && cssJobs == null;
        }
    }

    /**
     * One plan summed up: its scheme, problem and time kind, whether it is feasible, its objective (NaN when
     * infeasible, as stored), the jobs given a window and those windows' total cost and total time (processor time
     * or runtime, as the time kind says).
     */
    public record Plan(
            String scheme,
            String problem,
            String timeKind,
            boolean feasible,
            double objective,
            int windows,
            double cost,
            double time) {}

    /**
     * One cycle: number, time, batch size, the service's reserved count (windows it could not reserve: past a
     * job's deadline or beyond its account's balance), the stored and the re-planned plan, and whether the two
     * are the same plan (the objective and every job's window: start, finish, cost and slots).
     */
    public record Row(long n, double time, int jobs, int reserved, Plan stored, Plan replanned, boolean identical) {
        /** Re-planned minus stored objective; NaN when either is infeasible or the problems differ. */
        public double difference() {
            return stored.problem().equals(replanned.problem())
                    ? replanned.objective() - stored.objective()
                    : Double.NaN;
        }
    }

    /** The whole replay: its rows and whether it reproduces the stored settings. */
    public record Result(List<Row> rows, boolean reproduction) {
        /** The rows whose two plans differ. */
        public List<Row> differing() {
            return rows.stream().filter(r -> !r.identical()).toList();
        }

        /** Whether every row's stored and re-planned problem is the same (objectives can be compared). */
        public boolean comparable() {
            return rows.stream()
                    .allMatch(r -> r.stored().problem().equals(r.replanned().problem()));
        }
    }

    private JournalReplay() {}

    /** Re-plans every cycle of {@code cycles} with {@code whatIf}. */
    public static Result run(List<Journal.Cycle> cycles, WhatIf whatIf) {
        List<Row> rows = new ArrayList<>();
        for (Journal.Cycle c : cycles) {
            rows.add(row(c, whatIf));
        }
        return new Result(List.copyOf(rows), whatIf.none());
    }

    /** One cycle re-planned. */
    static Row row(Journal.Cycle c, WhatIf w) {
        BatchProblem file = BatchProblemReader.read("cycle " + c.n() + " (stored input)", Journal.batchFile(c));
        int k = file.jobs().size();
        BatchScheduler.Settings stored = c.settings();
        BatchScheduler.Scheme scheme =
                w.scheme() == null ? stored.scheme() : BatchScheduler.Scheme.parse(w.scheme(), "--scheme");
        Integer sub = null;
        Integer css = null;
        if (scheme == BatchScheduler.Scheme.SLICER || scheme == BatchScheduler.Scheme.BSF) {
            sub = Math.min(w.subBatches() != null ? w.subBatches() : stored.subBatches(), k);
        }
        if (scheme == BatchScheduler.Scheme.BSF) {
            css = Math.min(w.cssJobs() != null ? w.cssJobs() : stored.cssJobs(), k);
        }
        // the scheme's own sub-batches and CSS jobs are given as options: the file's are those of the stored scheme
        BatchProblem p = new BatchProblem(
                file.domain(),
                file.geometry(),
                file.jobs(),
                file.scheme(),
                null,
                null,
                file.problem(),
                file.time(),
                file.quantum());
        BatchScheduler.Settings s = p.settings(scheme.shortName(), w.problem(), null, sub, css, null);
        BatchScheduler.Result r = BatchScheduler.schedule(p.jobs(), p.domain().slots(), p.geometry(), s);
        Plan replanned = replanned(s, r);
        JsonNode plan = JSON.readTree(c.plan());
        Plan was = stored(c, plan);
        boolean identical = sameNumber(was.objective(), replanned.objective())
                && was.feasible() == replanned.feasible()
                && sameWindows(plan, r);
        return new Row(c.n(), c.time(), c.jobs(), c.reserved(), was, replanned, identical);
    }

    private static Plan replanned(BatchScheduler.Settings s, BatchScheduler.Result r) {
        int windows = 0;
        double cost = 0;
        double time = 0;
        for (BatchScheduler.JobResult j : r.jobs()) {
            Window w = j.window();
            if (w != null) {
                windows++;
                cost += w.cost();
                time += s.time() == CssProblem.Time.RUNTIME ? w.runtime() : w.processorTime();
            }
        }
        double objective = r.feasible() || s.scheme() == BatchScheduler.Scheme.BACKFILL ? r.objective() : Double.NaN;
        return new Plan(
                s.scheme().shortName(),
                s.problem().shortName(),
                s.time().shortName(),
                r.feasible(),
                objective,
                windows,
                cost,
                time);
    }

    private static Plan stored(Journal.Cycle c, JsonNode plan) {
        BatchScheduler.Settings s = c.settings();
        int windows = 0;
        double cost = 0;
        double time = 0;
        for (JsonNode j : plan.get("jobs")) {
            JsonNode w = chosen(j);
            if (w != null) {
                windows++;
                cost += w.get("cost").asDouble();
                time += (s.time() == CssProblem.Time.RUNTIME ? w.get("runtime") : w.get("processorTime")).asDouble();
            }
        }
        return new Plan(
                s.scheme().shortName(),
                s.problem().shortName(),
                s.time().shortName(),
                c.feasible(),
                c.objective(),
                windows,
                cost,
                time);
    }

    private static JsonNode chosen(JsonNode job) {
        JsonNode i = job.get("chosen");
        return i == null || i.isNull() ? null : job.get("alternatives").get(i.asInt());
    }

    /** Every job has the same window (or none) in the stored plan as in {@code r}. */
    private static boolean sameWindows(JsonNode plan, BatchScheduler.Result r) {
        JsonNode jobs = plan.get("jobs");
        if (jobs.size() != r.jobs().size()) {
            return false;
        }
        for (int i = 0; i < jobs.size(); i++) {
            BatchScheduler.JobResult j = r.jobs().get(i);
            if (!jobs.get(i).get("id").asString().equals(j.job().id())) {
                return false;
            }
            JsonNode a = chosen(jobs.get(i));
            Window b = j.window();
            if (a == null || b == null) {
                if ((a == null) != (b == null)) {
                    return false;
                }
                continue;
            }
            if (!sameNumber(a.get("start").asDouble(), b.start())
                    || !sameNumber(a.get("finish").asDouble(), b.finish())
                    || !sameNumber(a.get("cost").asDouble(), b.cost())
                    || a.get("slots").size() != b.allocations().size()) {
                return false;
            }
            for (int s = 0; s < b.allocations().size(); s++) {
                Allocation x = b.allocations().get(s);
                JsonNode y = a.get("slots").get(s);
                if (!y.get("node").asString().equals(x.node().id())
                        || !sameNumber(y.get("start").asDouble(), x.start())
                        || !sameNumber(y.get("end").asDouble(), x.end())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean sameNumber(double a, double b) {
        return Double.compare(a, b) == 0 || (Double.isNaN(a) && Double.isNaN(b));
    }

    // ------------------------------------------------------------------------------------------ files

    /** The columns of {@code replay.csv} (docs/service.md describes each). */
    public static final List<String> COLUMNS = List.of(
            "cycle",
            "time",
            "jobs",
            "reserved",
            "stored_scheme",
            "stored_problem",
            "stored_feasible",
            "stored_objective",
            "stored_windows",
            "stored_cost",
            "stored_time",
            "replanned_scheme",
            "replanned_problem",
            "replanned_feasible",
            "replanned_objective",
            "replanned_windows",
            "replanned_cost",
            "replanned_time",
            "difference",
            "identical");

    /**
     * Writes {@code dir} as a whole ({@link OutputDirectory}): {@code replay.csv}, one row per cycle, and {@code
     * report.html}, the what-if report.
     */
    public static void write(Path dir, Result result, String command) {
        OutputDirectory.write(dir, d -> {
            writeCsv(d.resolve("replay.csv"), result);
            report(result, command).writeTo(d);
        });
    }

    private static void writeCsv(Path file, Result result) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter p = new CSVPrinter(w, CSV)) {
            p.printRecord(COLUMNS);
            for (Row r : result.rows()) {
                p.printRecord(
                        r.n(),
                        num(r.time()),
                        r.jobs(),
                        r.reserved(),
                        r.stored().scheme(),
                        r.stored().problem(),
                        r.stored().feasible(),
                        num(r.stored().objective()),
                        r.stored().windows(),
                        num(r.stored().cost()),
                        num(r.stored().time()),
                        r.replanned().scheme(),
                        r.replanned().problem(),
                        r.replanned().feasible(),
                        num(r.replanned().objective()),
                        r.replanned().windows(),
                        num(r.replanned().cost()),
                        num(r.replanned().time()),
                        num(r.difference()),
                        r.identical());
            }
        }
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

    public static Totals totals(Result result) {
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
        for (Row r : result.rows()) {
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

    private static Report report(Result result, String command) {
        List<Row> rows = result.rows();
        Row first = rows.get(0);
        String title = result.reproduction()
                ? "Plan journal replay: cycles " + first.n() + " to "
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
                            series("stored (" + first.stored().scheme() + ")", x, rows, true, Plan::objective),
                            series(
                                    "re-planned (" + first.replanned().scheme() + ")",
                                    x,
                                    rows,
                                    false,
                                    Plan::objective)));
        } else {
            r.lineChart(
                    "journal-objective",
                    "Objective per cycle: stored " + first.stored().problem() + " and re-planned "
                            + first.replanned().problem()
                            + " (different problems: the two measure different things; compare cost and time below)",
                    "cycle",
                    "objective",
                    List.of(
                            series("stored (" + first.stored().problem() + ")", x, rows, true, Plan::objective),
                            series(
                                    "re-planned (" + first.replanned().problem() + ")",
                                    x,
                                    rows,
                                    false,
                                    Plan::objective)));
        }
        r.lineChart(
                "journal-cost",
                "Total cost of the windows per cycle",
                "cycle",
                "cost",
                List.of(series("stored", x, rows, true, Plan::cost), series("re-planned", x, rows, false, Plan::cost)));
        r.lineChart(
                "journal-time",
                "Total time of the windows per cycle (" + first.stored().timeKind() + ")",
                "cycle",
                "time",
                List.of(series("stored", x, rows, true, Plan::time), series("re-planned", x, rows, false, Plan::time)));
        List<List<Object>> table = new ArrayList<>();
        for (Row row : rows) {
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
        double of(Plan p);
    }

    private static Series series(String name, double[] x, List<Row> rows, boolean stored, Figure f) {
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

    /** Refuses a what-if option the chosen scheme does not use, as {@code metasched batch} does. */
    public static void check(WhatIf w, List<Journal.Cycle> cycles) {
        for (Journal.Cycle c : cycles) {
            BatchScheduler.Scheme s =
                    w.scheme() == null ? c.settings().scheme() : BatchScheduler.Scheme.parse(w.scheme(), "--scheme");
            if (w.subBatches() != null && s != BatchScheduler.Scheme.SLICER && s != BatchScheduler.Scheme.BSF) {
                throw new InputFormatException("--sub-batches applies to the slicer and bsf; cycle " + c.n()
                        + " would be planned by " + s.shortName() + " (give --scheme slicer or bsf)");
            }
            if (w.cssJobs() != null && s != BatchScheduler.Scheme.BSF) {
                throw new InputFormatException("--css-jobs applies to bsf; cycle " + c.n() + " would be planned by "
                        + s.shortName() + " (give --scheme bsf)");
            }
        }
    }
}
