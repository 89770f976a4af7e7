package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.batch.BatchExecution;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.experiments.P002Environment.Cycle;
import org.metasched.experiments.P002Environment.Load;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;

/**
 * Paper P002's experiments on batches of jobs (spec 3.10, sections 6.2 to 7.2): users' criteria (Table 1), slicing
 * (Figure 7), an owner's price (Table 2), batch-slice-filling (Figure 9) and real runtimes (Table 3). Every run
 * draws its cycle from its own streams ({@link P002Environment#cycle}), the schemes compared in a run see the same
 * cycle, and results are aggregated in run order, so the tables do not depend on the thread count. The experiments
 * on one job are {@link P002StrategyExperiments}.
 */
public final class P002BatchExperiments {
    /** Figure 7's numbers of sub-batches. */
    public static final List<Integer> SUB_BATCHES = List.of(1, 2, 3, 5, 6, 10, 20);

    /** Table 2's unit prices of the tracked node. */
    public static final List<Integer> PRICES = List.of(2, 4, 6, 8, 10);

    /** The VO problem of sections 6.3 and 7: minimise the total processor time within the budget limit b*. */
    static final BatchScheduler.Settings VO = new BatchScheduler.Settings(
            BatchScheduler.Scheme.CSS, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 1, 0, 1);

    private P002BatchExperiments() {}

    // ---------------------------------------------------------------- Table 1

    /** Table 1 columns. */
    public static final List<String> USER_CRITERIA_COLUMNS =
            List.of("scheme", "criterion", "alternatives", "start", "runtime", "finish", "cost", "runs");

    /**
     * Table 1 (section 6.2): the same medium-load cycles by the batch-slicer ({@code subBatches} sub-batches,
     * alternatives by AEP with each job's own criterion) and by CSS (AMP alternatives), both choosing with the VO
     * problem min-time. Slicer rows group the jobs by their own criterion; CSS is one row over all jobs ("all").
     * {@code alternatives} is the mean number per job; the other means are over the chosen windows; {@code runs}
     * counts the cycles.
     */
    public static P002Table userCriteria(int runs, long seed, int subBatches, int threads, IntConsumer progress) {
        List<Mean[][]> results = Replications.run(runs, threads, r -> userCriteriaRun(seed, subBatches, r), progress);
        List<List<Object>> rows = new ArrayList<>();
        List<BatchJob.Criterion> criteria = BatchJob.Criterion.REGISTRY.entries();
        for (int g = 0; g <= criteria.size(); g++) {
            Mean[] total = Mean.merged(results, g);
            rows.add(List.of(
                    g < criteria.size() ? "slicer" : "css",
                    g < criteria.size() ? criteria.get(g).name() : "all",
                    total[0].value(),
                    total[1].value(),
                    total[2].value(),
                    total[3].value(),
                    total[4].value(),
                    runs));
        }
        return new P002Table(USER_CRITERIA_COLUMNS, rows);
    }

    /** Per group (the four criteria, then CSS): alternatives, start, runtime, finish, cost. */
    static Mean[][] userCriteriaRun(long seed, int subBatches, int run) {
        Cycle c = P002Environment.cycle(seed, Load.MEDIUM, run);
        int groups = BatchJob.Criterion.REGISTRY.entries().size();
        Mean[][] out = new Mean[groups + 1][];
        for (int g = 0; g <= groups; g++) {
            out[g] = Mean.array(5);
        }
        BatchScheduler.Result slicer = schedule(c, BatchScheduler.Scheme.SLICER, subBatches, 0);
        BatchScheduler.Result css = schedule(c, BatchScheduler.Scheme.CSS, 1, 0);
        for (BatchScheduler.JobResult j : slicer.jobs()) {
            addJob(out[BatchJob.Criterion.REGISTRY.entries().indexOf(j.job().criterion())], j);
        }
        for (BatchScheduler.JobResult j : css.jobs()) {
            addJob(out[groups], j);
        }
        return out;
    }

    private static void addJob(Mean[] m, BatchScheduler.JobResult j) {
        m[0].add(j.alternatives().size());
        Window w = j.window();
        if (w != null) {
            m[1].add(w.start());
            m[2].add(w.runtime());
            m[3].add(w.finish());
            m[4].add(w.cost());
        }
    }

    // ---------------------------------------------------------------- Figure 7

    /** Figure 7 columns. */
    public static final List<String> SLICING_COLUMNS =
            List.of("load", "subBatches", "processorTime", "cost", "alternatives", "failureShare", "runs");

    /**
     * Figure 7 (section 6.3): the batch-slicer with 1, 2, 3, 5, 6, 10 and 20 sub-batches on the same cycles, at the
     * three load levels. {@code processorTime} and {@code cost} are means per scheduled job, {@code alternatives}
     * per job, {@code failureShare} the share of cycles where some sub-batch failed.
     */
    public static P002Table slicing(int runs, long seed, int threads, IntConsumer progress) {
        return slicing(runs, seed, false, threads, progress);
    }

    /** Figure 7 with the spec's budgets (beta in [-0.6, +0.6]) when {@code specBudgets}: what the calibration fixes. */
    public static P002Table slicing(int runs, long seed, boolean specBudgets, int threads, IntConsumer progress) {
        Load[] loads = Load.values();
        List<double[][]> results = Replications.run(
                runs * loads.length, threads, i -> slicingRun(seed, loads[i / runs], i % runs, specBudgets), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int l = 0; l < loads.length; l++) {
            for (int k = 0; k < SUB_BATCHES.size(); k++) {
                double[] sum = totals(results.subList(l * runs, (l + 1) * runs), k);
                rows.add(List.of(
                        loads[l].shortName(),
                        SUB_BATCHES.get(k),
                        sum[0] / sum[1],
                        sum[2] / sum[1],
                        sum[3] / (runs * (double) P002Environment.JOBS),
                        sum[4] / runs,
                        runs));
            }
        }
        return new P002Table(SLICING_COLUMNS, rows);
    }

    /** Per sub-batch count: total T_CPU, placed jobs, total cost, total alternatives, failed (0/1). */
    static double[][] slicingRun(long seed, Load load, int run, boolean specBudgets) {
        Cycle c = P002Environment.cycle(seed, load, run, specBudgets);
        double[][] out = new double[SUB_BATCHES.size()][6];
        for (int k = 0; k < SUB_BATCHES.size(); k++) {
            BatchScheduler.Result r = schedule(c, BatchScheduler.Scheme.SLICER, SUB_BATCHES.get(k), 0);
            for (BatchScheduler.JobResult j : r.jobs()) {
                out[k][3] += j.alternatives().size();
                Window w = j.window();
                if (w != null) {
                    out[k][0] += w.processorTime();
                    out[k][1]++;
                    out[k][2] += w.cost();
                }
            }
            out[k][4] = r.feasible() ? 0 : 1;
        }
        return out;
    }

    // ---------------------------------------------------------------- Table 2

    /** Table 2 columns. */
    public static final List<String> OWNER_PRICE_COLUMNS =
            List.of("price", "busyTime", "utilization", "profit", "failureShare", "runs");

    /**
     * Table 2 (section 6.4): node 0 of each medium-load cycle gets performance 6 (market price 6) and unit price c;
     * the batch-slicer ({@code subBatches} sub-batches) schedules the same cycles for every c. {@code busyTime} is
     * the mean time the chosen windows hold on that node, {@code profit} what they pay for it.
     */
    public static P002Table ownerPrice(int runs, long seed, int subBatches, int threads, IntConsumer progress) {
        List<double[][]> results = Replications.run(runs, threads, r -> ownerPriceRun(seed, subBatches, r), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int p = 0; p < PRICES.size(); p++) {
            double[] sum = totals(results, p);
            double busy = sum[0] / runs;
            rows.add(List.of(PRICES.get(p), busy, busy / P002Environment.INTERVAL, sum[1] / runs, sum[2] / runs, runs));
        }
        return new P002Table(OWNER_PRICE_COLUMNS, rows);
    }

    /** Per price: busy time on the tracked node, its income, failed (0/1). */
    static double[][] ownerPriceRun(long seed, int subBatches, int run) {
        Cycle c = P002Environment.cycle(seed, Load.MEDIUM, run);
        double[][] out = new double[PRICES.size()][3];
        for (int p = 0; p < PRICES.size(); p++) {
            SlotList slots = P002Environment.withNode(c.slots(), 0, 6, PRICES.get(p));
            BatchScheduler.Result r = BatchScheduler.schedule(
                    c.jobs(), slots, Geometry.ROUGH, settings(BatchScheduler.Scheme.SLICER, subBatches, 0));
            for (BatchScheduler.JobResult j : r.jobs()) {
                Window w = j.window();
                if (w == null) {
                    continue;
                }
                for (Allocation a : w.allocations()) {
                    if (a.node().index() == 0) {
                        out[p][0] += a.length();
                        out[p][1] += a.length() * a.node().unitPrice();
                    }
                }
            }
            out[p][2] = r.feasible() ? 0 : 1;
        }
        return out;
    }

    // ---------------------------------------------------------------- Figure 9

    /** Figure 9 columns. */
    public static final List<String> BSF_COLUMNS = List.of("cssShare", "processorTime", "start", "runs");

    /**
     * Figure 9 (section 7.1): BSF on the same medium-load cycles with n_CSS = 0, 2, ..., 20 of the 20 jobs by the
     * batch-slicer ({@code subBatches} sub-batches) and the rest by backfilling. Means per scheduled job.
     */
    public static P002Table bsf(int runs, long seed, int subBatches, int threads, IntConsumer progress) {
        int shares = P002Environment.JOBS / 2 + 1;
        List<double[][]> results = Replications.run(runs, threads, r -> bsfRun(seed, subBatches, r), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int s = 0; s < shares; s++) {
            double[] sum = totals(results, s);
            rows.add(List.of(2.0 * s / P002Environment.JOBS, sum[0] / sum[2], sum[1] / sum[2], runs));
        }
        return new P002Table(BSF_COLUMNS, rows);
    }

    /** Per share: total T_CPU, total start, placed jobs. */
    static double[][] bsfRun(long seed, int subBatches, int run) {
        Cycle c = P002Environment.cycle(seed, Load.MEDIUM, run);
        int shares = P002Environment.JOBS / 2 + 1;
        double[][] out = new double[shares][3];
        for (int s = 0; s < shares; s++) {
            BatchScheduler.Result r = schedule(c, BatchScheduler.Scheme.BSF, subBatches, 2 * s);
            for (BatchScheduler.JobResult j : r.jobs()) {
                Window w = j.window();
                if (w != null) {
                    out[s][0] += w.processorTime();
                    out[s][1] += w.start();
                    out[s][2]++;
                }
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- Table 3

    /** Table 3 columns. */
    public static final List<String> REAL_RUNTIME_COLUMNS =
            List.of("algorithm", "processorTimeScheduled", "processorTimeReal", "startScheduled", "startReal", "runs");

    /** Table 3's algorithms, in its order. */
    public static final List<String> REAL_RUNTIME_ALGORITHMS = List.of("backfill", "css", "slicer");

    /**
     * Table 3 (section 7.2): each job of a medium-load cycle really runs rho ~ U[0.2, 1] of its reservation
     * (spec 3.8); backfilling compresses its schedule at each early end, CSS and the batch-slicer ({@code
     * subBatches} sub-batches) keep theirs. Means per scheduled job.
     */
    public static P002Table realRuntimes(int runs, long seed, int subBatches, int threads, IntConsumer progress) {
        List<Mean[][]> results = Replications.run(runs, threads, r -> realRuntimeRun(seed, subBatches, r), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int a = 0; a < REAL_RUNTIME_ALGORITHMS.size(); a++) {
            Mean[] m = Mean.merged(results, a);
            rows.add(List.of(
                    REAL_RUNTIME_ALGORITHMS.get(a), m[0].value(), m[1].value(), m[2].value(), m[3].value(), runs));
        }
        return new P002Table(REAL_RUNTIME_COLUMNS, rows);
    }

    static Mean[][] realRuntimeRun(long seed, int subBatches, int run) {
        Cycle c = P002Environment.cycle(seed, Load.MEDIUM, run);
        Mean[][] out = new Mean[REAL_RUNTIME_ALGORITHMS.size()][];
        BatchScheduler.Scheme[] schemes = {
            BatchScheduler.Scheme.BACKFILL, BatchScheduler.Scheme.CSS, BatchScheduler.Scheme.SLICER
        };
        for (int a = 0; a < schemes.length; a++) {
            BatchScheduler.Result r =
                    schedule(c, schemes[a], schemes[a] == BatchScheduler.Scheme.SLICER ? subBatches : 1, 0);
            List<Window> chosen = r.windows();
            List<BatchExecution.Executed> ex = schemes[a] == BatchScheduler.Scheme.BACKFILL
                    ? BatchExecution.backfill(c.jobs(), c.slots(), chosen, c.rho(), Geometry.ROUGH)
                    : BatchExecution.asScheduled(chosen, c.rho());
            out[a] = Mean.array(4);
            for (BatchExecution.Executed e : ex) {
                out[a][0].add(e.scheduledProcessorTime());
                out[a][1].add(e.realProcessorTime());
                out[a][2].add(e.scheduledStart());
                out[a][3].add(e.realStart());
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- helpers

    static BatchScheduler.Settings settings(BatchScheduler.Scheme scheme, int subBatches, int cssJobs) {
        return new BatchScheduler.Settings(scheme, VO.problem(), VO.time(), subBatches, cssJobs, VO.quantum());
    }

    static BatchScheduler.Result schedule(Cycle c, BatchScheduler.Scheme scheme, int subBatches, int cssJobs) {
        return BatchScheduler.schedule(c.jobs(), c.slots(), Geometry.ROUGH, settings(scheme, subBatches, cssJobs));
    }

    /** Row {@code row} of every run's sums, added up column by column. */
    private static double[] totals(List<double[][]> runs, int row) {
        double[] sum = new double[runs.get(0)[row].length];
        for (double[][] r : runs) {
            for (int v = 0; v < sum.length; v++) {
                sum[v] += r[row][v];
            }
        }
        return sum;
    }
}
