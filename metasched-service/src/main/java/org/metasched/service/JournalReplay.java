package org.metasched.service;

import java.util.ArrayList;
import java.util.List;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.problem.BatchProblem;
import org.metasched.io.problem.BatchProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;
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

    /**
     * What to change when re-planning; null keeps the cycle's own.
     *
     * @param subBatches slicer and bsf: the sub-batches (capped at each batch's size, as the service does)
     * @param cssJobs bsf: the jobs planned by the slicer (capped at each batch's size)
     */
    public record WhatIf(BatchScheduler.Scheme scheme, CssProblem problem, Integer subBatches, Integer cssJobs) {
        public static final WhatIf NONE = new WhatIf(null, null, null, null);

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
        if (c.empty()) {
            return emptyRow(c, w);
        }
        BatchProblem file = BatchProblemReader.read("cycle " + c.n() + " (stored input)", Journal.batchFile(c));
        int k = file.jobs().size();
        BatchScheduler.Settings stored = c.settings();
        BatchScheduler.Scheme scheme = w.scheme() == null ? stored.scheme() : w.scheme();
        Integer sub = null;
        Integer css = null;
        if (scheme.slices()) {
            sub = Math.min(w.subBatches() != null ? w.subBatches() : stored.subBatches(), k);
        }
        if (scheme == BatchScheduler.Scheme.BSF) {
            css = Math.min(w.cssJobs() != null ? w.cssJobs() : stored.cssJobs(), k);
        }
        // the scheme's own sub-batches and CSS jobs are given as options: the file's are those of the stored scheme;
        // the quantum is the stored one (the file has none under bsf with cssJobs 0, which a what-if may change)
        Double quantum = stored.quantum() == CssDynamicProgramme.DATA_QUANTUM ? null : stored.quantum();
        BatchProblem p = new BatchProblem(
                file.domain(),
                file.geometry(),
                file.jobs(),
                file.scheme(),
                null,
                null,
                file.problem(),
                file.time(),
                quantum);
        BatchScheduler.Settings s = p.settings(scheme, w.problem(), null, sub, css, null);
        return row(c, s, BatchScheduler.schedule(p.jobs(), p.domain().slots(), p.geometry(), s));
    }

    /**
     * A cycle whose batch was empty (every waiting job left out: {@link Journal.Cycle#empty}): {@code metasched batch}
     * refuses a file without jobs, and any scheme plans nothing of it, as the service did ({@link
     * BatchScheduler#EMPTY}). The same plan when the stored one is that too.
     */
    private static Row emptyRow(Journal.Cycle c, WhatIf w) {
        BatchScheduler.Settings stored = c.settings();
        BatchScheduler.Settings s = new BatchScheduler.Settings(
                w.scheme() == null ? stored.scheme() : w.scheme(),
                w.problem() == null ? stored.problem() : w.problem(),
                stored.time(),
                0,
                0,
                stored.quantum(),
                true);
        return row(c, s, BatchScheduler.EMPTY);
    }

    /** The row of cycle {@code c} planned again as {@code r} under {@code s}, beside its stored plan. */
    private static Row row(Journal.Cycle c, BatchScheduler.Settings s, BatchScheduler.Result r) {
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
                s.scheme().name(), s.problem().name(), s.time().name(), r.feasible(), objective, windows, cost, time);
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
                s.scheme().name(),
                s.problem().name(),
                s.time().name(),
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

    /** Refuses a what-if option the chosen scheme does not use, as {@code metasched batch} does. */
    public static void check(WhatIf w, List<Journal.Cycle> cycles) {
        for (Journal.Cycle c : cycles) {
            BatchScheduler.Scheme s = w.scheme() == null ? c.settings().scheme() : w.scheme();
            if (w.subBatches() != null && !s.slices()) {
                throw new InputFormatException("--sub-batches applies to the slicer and bsf; cycle " + c.n()
                        + " would be planned by " + s + " (give --scheme slicer or bsf)");
            }
            if (w.cssJobs() != null && s != BatchScheduler.Scheme.BSF) {
                throw new InputFormatException("--css-jobs applies to bsf; cycle " + c.n() + " would be planned by " + s
                        + " (give --scheme bsf)");
            }
        }
    }
}
