package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryWorkload;
import org.metasched.metrics.MeanInterval;

/**
 * Paper P004's experiments (spec 6.6): the memory cluster at the paper's scale (5 machines of 2 cores sharing 4
 * GiB, classes 1, 2, 3 GiB, 80 % load, E[S] = 1 s, arrivals in [0, 20 s)) under the stable and the peak stream,
 * every policy on the same generated jobs (run r of a stream is the same workload for every policy), plus a sweep of
 * the adaptive policy's threshold TR under the peak stream.
 *
 * <p>Rows ({@code table.csv}): {@code workload,policy,threshold,coreUtilization,memoryUtilization,meanFlowtime,
 * meanFlowtimeCi95,meanWait,reprovisionings,runs}; every value is the mean over the runs of the run's value
 * (utilizations time-averaged over the arrival window [0, D], the length of the paper's simulation; flowtime and
 * wait averaged over all the run's jobs, each run to completion); {@code meanFlowtimeCi95} is the half-width of the
 * 95 % Student-t confidence interval of the mean flowtime across runs; {@code threshold} is NaN (blank) for the
 * policies that have none. The adaptive policy's main rows use {@link MemoryConfig#DEFAULT_THRESHOLD}; the sweep adds
 * the other thresholds under the peak stream.
 *
 * <p>Profiles ({@link Profile}): the mean flowtime of the largest class by arrival time, in twenty equal windows
 * of the arrival period, pooled over the runs: the paper's Figure 7, and whether the peaking class recovers.
 */
public final class P004Experiment {
    /** The policies compared, in row order. */
    public static final List<String> POLICIES = List.of("adaptive", "static", "shared", "shared-backfill");

    /** The two streams, in row order. */
    public static final List<String> WORKLOADS = List.of(MemoryStreams.STABLE, MemoryStreams.PEAK);

    /** TR values of the sweep under the peak stream. */
    public static final List<Double> THRESHOLDS =
            List.of(0.0, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50);

    /** The paper's core and memory utilization under the stable stream (section 3.6, Fig. 5): about 75 %. */
    public static final double PAPER_UTILIZATION_STABLE = 0.75;

    /** The paper's utilization range under the variable (peak) stream: about 70-75 %. */
    public static final double PAPER_UTILIZATION_PEAK_LOW = 0.70;

    public static final double PAPER_UTILIZATION_PEAK_HIGH = 0.75;

    /** Windows of the flowtime profile. */
    public static final int PROFILE_WINDOWS = 20;

    /**
     * The experiment's parameters.
     *
     * @param base the cluster and the streams (its policy, threshold and workload are set per cell)
     * @param runs replications per cell (the issue: 30)
     * @param policies compared policies
     * @param thresholds the sweep's TR values (under the peak stream, adaptive policy)
     */
    public record Config(MemoryConfig base, int runs, List<String> policies, List<Double> thresholds) {
        public Config {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
            }
            policies = List.copyOf(policies);
            thresholds = List.copyOf(thresholds);
        }

        /** The paper's scale, every policy, the full sweep. */
        public static Config paper(int runs, long seed) {
            return new Config(MemoryConfig.defaults().withRuns(runs, seed), runs, POLICIES, THRESHOLDS);
        }
    }

    /** One row of the table. */
    public record Row(
            String workload,
            String policy,
            double threshold,
            double coreUtilization,
            double memoryUtilization,
            double meanFlowtime,
            double meanFlowtimeCi95,
            double meanWait,
            double reprovisionings,
            int runs) {}

    /**
     * The flowtime of the largest class by arrival window, pooled over the runs of one cell.
     *
     * @param windowStartSeconds start of each window
     * @param meanFlowtime mean flowtime of the class's jobs arriving in the window (NaN if none)
     * @param jobs their number
     */
    public record Profile(
            String workload,
            String policy,
            double threshold,
            double[] windowStartSeconds,
            double[] meanFlowtime,
            long[] jobs) {}

    /**
     * The table and the profiles, with what the notes need beside them: per row, the mean over the runs of the core
     * utilization over the whole run [0, last completion], and each run's mean flowtime (for paired
     * comparisons: run r of every policy saw the same jobs).
     */
    public record Result(
            List<Row> rows, List<Profile> profiles, double[] wholeRunCoreUtilization, double[][] runMeanFlowtimes) {}

    /** One cell: a workload under one policy with one threshold. */
    record Cell(String workload, String policy, double threshold) {
        MemoryConfig config(MemoryConfig base) {
            MemoryConfig c = base.withWorkload(workload).withPolicy(policy);
            return Double.isNaN(threshold) ? c : c.withThreshold(threshold);
        }
    }

    private P004Experiment() {}

    /** The cells in row order: the main comparison, then the threshold sweep. */
    static List<Cell> cells(Config c) {
        List<Cell> cells = new ArrayList<>();
        for (String w : WORKLOADS) {
            for (String p : c.policies()) {
                cells.add(new Cell(w, p, p.equals("adaptive") ? MemoryConfig.DEFAULT_THRESHOLD : Double.NaN));
            }
        }
        if (c.policies().contains("adaptive")) {
            for (double tr : c.thresholds()) {
                if (tr != MemoryConfig.DEFAULT_THRESHOLD) {
                    cells.add(new Cell(MemoryStreams.PEAK, "adaptive", tr));
                }
            }
        }
        return cells;
    }

    /** Simulations the experiment runs (for progress reporting). */
    public static int instances(Config c) {
        return cells(c).size() * c.runs();
    }

    /** Runs the experiment; {@code progress} receives 1 per finished simulation, from worker threads. */
    public static Result run(Config c, int threads, IntConsumer progress) {
        List<Cell> cells = cells(c);
        int runs = c.runs();
        List<double[]> results = Replications.run(
                cells.size() * runs, threads, i -> simulate(c.base(), cells.get(i / runs), i % runs), progress);
        List<Row> rows = new ArrayList<>(cells.size());
        List<Profile> profiles = new ArrayList<>(cells.size());
        double[] whole = new double[cells.size()];
        double[][] flows = new double[cells.size()][];
        for (int cell = 0; cell < cells.size(); cell++) {
            Cell x = cells.get(cell);
            double[] sum = new double[RESULT_FIELDS];
            double[] flow = new double[runs];
            double[] profileSum = new double[PROFILE_WINDOWS];
            long[] profileJobs = new long[PROFILE_WINDOWS];
            for (int r = 0; r < runs; r++) {
                double[] res = results.get(cell * runs + r);
                for (int f = 0; f < RESULT_FIELDS; f++) {
                    sum[f] += res[f];
                }
                flow[r] = res[2];
                for (int b = 0; b < PROFILE_WINDOWS; b++) {
                    profileSum[b] += res[RESULT_FIELDS + 2 * b];
                    profileJobs[b] += (long) res[RESULT_FIELDS + 2 * b + 1];
                }
            }
            whole[cell] = sum[5] / runs;
            flows[cell] = flow;
            rows.add(new Row(
                    x.workload(),
                    x.policy(),
                    x.threshold(),
                    sum[0] / runs,
                    sum[1] / runs,
                    sum[2] / runs,
                    ci95(flow),
                    sum[3] / runs,
                    sum[4] / runs,
                    runs));
            double[] starts = new double[PROFILE_WINDOWS];
            double[] means = new double[PROFILE_WINDOWS];
            for (int b = 0; b < PROFILE_WINDOWS; b++) {
                starts[b] = c.base().durationSeconds() * b / PROFILE_WINDOWS;
                means[b] = profileJobs[b] == 0 ? Double.NaN : profileSum[b] / profileJobs[b];
            }
            profiles.add(new Profile(x.workload(), x.policy(), x.threshold(), starts, means, profileJobs));
        }
        return new Result(rows, profiles, whole, flows);
    }

    private static final int RESULT_FIELDS = 6;

    /**
     * Run {@code run} of one cell: {core utilization, memory utilization (both over [0, D]), mean flowtime, mean
     * wait, re-provisionings, core utilization over the whole run}, then per profile window {flowtime sum, jobs} of
     * the largest class.
     */
    static double[] simulate(MemoryConfig base, Cell cell, int run) {
        MemoryConfig config = cell.config(base);
        MemoryWorkload w = MemoryStreams.generate(config, run);
        MemoryCluster sim = MemoryCluster.of(config, w).run();
        MemorySummary s = MemorySummary.of(sim, 0, config.durationSeconds());
        double[] out = new double[RESULT_FIELDS + 2 * PROFILE_WINDOWS];
        out[0] = s.coreUtilization();
        out[1] = s.memoryUtilization();
        out[2] = s.meanFlowtimeSeconds();
        out[3] = s.meanWaitSeconds();
        out[4] = s.reprovisionings();
        out[5] = MemorySummary.of(sim).coreUtilization();
        int k = config.classes();
        double d = config.durationSeconds();
        for (int j = 0; j < w.size(); j++) {
            if (w.memoryClass(j) != k) {
                continue;
            }
            int b = (int) Math.min(PROFILE_WINDOWS - 1, Math.floor(w.arrivalSeconds(j) / d * PROFILE_WINDOWS));
            out[RESULT_FIELDS + 2 * b] += sim.endSeconds(j) - w.arrivalSeconds(j);
            out[RESULT_FIELDS + 2 * b + 1]++;
        }
        return out;
    }

    /**
     * The paired difference {@code a - b} of the runs' mean flowtimes of two rows: {mean, 95 % half-width}. Run r
     * of both rows saw the same generated jobs, so the pairing removes the workload's variance.
     */
    public static double[] pairedFlowtimeDifference(Result r, int rowA, int rowB) {
        double[] a = r.runMeanFlowtimes()[rowA];
        double[] b = r.runMeanFlowtimes()[rowB];
        double[] d = new double[a.length];
        double mean = 0;
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
            mean += d[i];
        }
        return new double[] {mean / a.length, ci95(d)};
    }

    /** Half-width of the 95 % Student-t confidence interval of the mean of {@code values}; NaN for one value. */
    public static double ci95(double[] values) {
        return MeanInterval.of(values).halfWidth95();
    }
}
