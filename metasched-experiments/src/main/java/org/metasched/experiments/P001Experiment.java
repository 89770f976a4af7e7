package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.metrics.MeanInterval;
import org.metasched.model.Workload;
import org.metasched.random.RandomStreams;

/**
 * Paper P001's Tables 3 and 4 and its LoC and utilization figures (spec 5.8): gang scheduling of the first 3 000
 * jobs of an SDSC trace on two heterogeneous clusters of 128 and 256 processors, scenario S1 (OLB) and S2 (JSEQ),
 * policies AFCFS, LXF, LJFS each with and without migration, 10 runs each. A run differs from another by its
 * processors' clock rates and its dispatching draws (replication r of the seed's streams {@code clocks} and
 * {@code dispatch}); every policy and dispatcher of replication r runs on the same processors.
 *
 * <p>One row per dispatcher, policy and number of executed jobs k (500, 1000, ... 3000): ART (mean and 95 %
 * half-interval over the runs, t-distribution with runs - 1 degrees of freedom) and AWT over the first k jobs to
 * complete, LoC and utilization over the whole run (the same on every row of a policy). The experiment takes a
 * {@link Workload}; reading the trace is the caller's.
 */
public final class P001Experiment {
    /** S1 and S2. */
    public static final List<String> DISPATCHERS = List.of("olb", "jseq");

    /** The paper's column order. */
    public static final List<String> POLICIES = List.of("afcfs", "afcfs-m", "lxf", "lxf-m", "ljfs", "ljfs-m");

    /** The rows of Tables 3 and 4. */
    public static final List<Integer> EXECUTED_JOBS = List.of(500, 1000, 1500, 2000, 2500, 3000);

    /** Table 3 (S1, OLB): ART in seconds, rows {@link #EXECUTED_JOBS}, columns {@link #POLICIES}. */
    private static final double[][] PAPER_TABLE3 = {
        {40_133.44, 10_719.64, 57_826.43, 26_209.00, 82_580.55, 46_161.78},
        {85_287.65, 19_498.69, 118_982.20, 59_897.42, 197_405.05, 113_076.48},
        {116_247.61, 29_175.47, 171_619.96, 90_376.76, 307_561.28, 200_460.79},
        {164_252.48, 35_410.80, 240_306.39, 116_669.94, 397_360.80, 277_986.15},
        {190_661.94, 42_315.17, 298_628.58, 147_463.46, 492_325.32, 337_005.26},
        {185_395.03, 40_170.85, 301_549.44, 165_735.51, 465_193.56, 333_426.95}
    };

    /** Table 4 (S2, JSEQ). */
    private static final double[][] PAPER_TABLE4 = {
        {22_432.98, 11_940.57, 43_339.01, 27_840.66, 76_982.39, 50_044.96},
        {61_298.36, 20_463.54, 92_728.93, 62_541.50, 170_497.66, 119_391.59},
        {87_077.07, 29_937.91, 138_066.91, 93_214.22, 265_064.16, 215_580.81},
        {120_630.94, 36_003.33, 193_861.07, 117_629.26, 355_929.28, 284_934.41},
        {149_538.01, 41_998.61, 242_923.46, 147_423.36, 445_306.99, 349_568.18},
        {143_846.61, 40_030.39, 245_386.95, 162_278.49, 429_514.51, 340_029.61}
    };

    /**
     * LoC in percent (section 8.3), rows S1, S2, columns {@link #POLICIES}. Without migration the paper gives only
     * "approximately 50 %" for every policy, recorded as 50.
     */
    private static final double[][] PAPER_LOC = {
        {50, 3.48, 50, 16.63, 50, 9.63},
        {50, 3.39, 50, 16.2, 50, 6.89}
    };

    /**
     * One experiment's parameters.
     *
     * @param dispatchers local dispatchers (scenarios), names in {@code GangRegistries.DISPATCHERS}
     * @param policies queue policies, names in {@code GangRegistries.POLICIES}
     * @param runs runs per dispatcher and policy (the paper: 10)
     * @param jobs jobs taken from the start of the workload (the paper: 3 000)
     * @param executedJobs the numbers of executed jobs that get a row (the paper: 500 ... 3000)
     * @param platform clusters, clocks, tie-break, latency, seed (dispatcher and policy are overridden per cell)
     * @param literalUtilization report P001 eq. 4 literally (response times) instead of D16
     * @param perClusterLoc report the per-cluster LoC option of spec 5.6 instead of the grid-wide D15
     */
    public record Config(
            List<String> dispatchers,
            List<String> policies,
            int runs,
            int jobs,
            List<Integer> executedJobs,
            GangConfig platform,
            boolean literalUtilization,
            boolean perClusterLoc) {
        public Config {
            if (runs < 1) {
                throw new IllegalArgumentException("runs must be >= 1, got " + runs);
            }
            if (jobs < 0) {
                throw new IllegalArgumentException("jobs must be >= 0 (0: all), got " + jobs);
            }
            dispatchers = List.copyOf(dispatchers);
            policies = List.copyOf(policies);
            executedJobs = List.copyOf(executedJobs);
            for (String d : dispatchers) {
                GangRegistries.DISPATCHERS.byName(d);
            }
            for (String p : policies) {
                GangRegistries.POLICIES.byName(p);
            }
        }

        /** The paper's set-up: both scenarios, six policies, 10 runs, 3 000 jobs, 128 + 256 heterogeneous. */
        public static Config paper(long seed) {
            return new Config(
                    DISPATCHERS, POLICIES, 10, 3000, EXECUTED_JOBS, GangConfig.DEFAULTS.withSeed(seed), false, false);
        }

        public Config withRuns(int r) {
            return new Config(
                    dispatchers, policies, r, jobs, executedJobs, platform, literalUtilization, perClusterLoc);
        }

        public Config withPlatform(GangConfig p) {
            return new Config(dispatchers, policies, runs, jobs, executedJobs, p, literalUtilization, perClusterLoc);
        }
    }

    /**
     * One row of the table (table.csv: {@code dispatch,policy,migration,executedJobs,art,artCi95,awt,loc,
     * utilization,runs}).
     *
     * @param dispatch local dispatcher ({@code olb} = S1, {@code jseq} = S2)
     * @param policy registry name ({@code afcfs}, {@code afcfs-m} ...)
     * @param migration whether the policy migrates
     * @param executedJobs k: ART and AWT are over the first k jobs to complete
     * @param art mean over the runs of ART(k), seconds
     * @param artCi95 half-width of the 95 % confidence interval of that mean (NaN for one run)
     * @param awt mean over the runs of AWT(k), seconds
     * @param loc mean LoC of the whole runs, percent
     * @param utilization mean utilization of the whole runs, fraction
     * @param runs number of runs
     */
    public record Row(
            String dispatch,
            String policy,
            boolean migration,
            int executedJobs,
            double art,
            double artCi95,
            double awt,
            double loc,
            double utilization,
            int runs) {}

    /**
     * Per dispatcher and policy, the means over the runs of the busy-processor fraction after each interaction
     * (P001 Figures 13 and 14) and of the migrations.
     */
    public record Curve(
            String dispatch,
            String policy,
            double[] utilizationByInteraction,
            double localMigrations,
            double externalMigrations,
            double rejectedJobs) {}

    /** Rows and curves. */
    public record Outcome(List<Row> rows, List<Curve> curves) {}

    /** P001 section 8.1: job sizes of its 3 000 SDSC jobs, {size, count}; they add up to 139 170 tasks. */
    private static final int[][] PAPER_SIZES = {{1, 30}, {2, 90}, {4, 60}, {8, 60}, {32, 1860}, {64, 570}, {128, 330}};

    private P001Experiment() {}

    /**
     * The workload with P001's job-size histogram instead of its own sizes (spec 5.8's synthetic alternative):
     * the first {@code min(n, 3000)} jobs keep their submit times, run times and estimates, and take their sizes
     * from a seeded random permutation of the paper's 3 000 sizes (30 x 1, 90 x 2, 60 x 4, 60 x 8, 1 860 x 32, 570
     * x 64, 330 x 128; 139 170 tasks). Stream {@code paper-sizes} of the seed.
     */
    public static Workload withPaperSizes(Workload workload, long seed) {
        int[] sizes = new int[3000];
        int k = 0;
        for (int[] sc : PAPER_SIZES) {
            for (int i = 0; i < sc[1]; i++) {
                sizes[k++] = sc[0];
            }
        }
        UniformRandomProvider rng = new RandomStreams(seed).stream("paper-sizes");
        for (int i = sizes.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = sizes[i];
            sizes[i] = sizes[j];
            sizes[j] = t;
        }
        int n = Math.min(workload.size(), sizes.length);
        Workload.Builder b = Workload.builder(Math.max(128, workload.machineProcessors()));
        for (int j = 0; j < n; j++) {
            b.add(
                    workload.id(j),
                    workload.submitSeconds(j),
                    workload.runtimeSeconds(j),
                    workload.estimateSeconds(j),
                    sizes[j],
                    workload.killed(j));
        }
        return b.build();
    }

    /** The paper's ART for a scenario, policy and number of executed jobs, or NaN when it has none. */
    public static double paperArt(String dispatch, String policy, int executedJobs) {
        int d = DISPATCHERS.indexOf(dispatch);
        int p = POLICIES.indexOf(policy);
        int k = EXECUTED_JOBS.indexOf(executedJobs);
        if (d < 0 || p < 0 || k < 0) {
            return Double.NaN;
        }
        return (d == 0 ? PAPER_TABLE3 : PAPER_TABLE4)[k][p];
    }

    /** The paper's LoC (percent) for a scenario and policy, or NaN; 50 stands for "approximately 50 %". */
    public static double paperLoc(String dispatch, String policy) {
        int d = DISPATCHERS.indexOf(dispatch);
        int p = POLICIES.indexOf(policy);
        return d < 0 || p < 0 ? Double.NaN : PAPER_LOC[d][p];
    }

    /** Number of simulations the experiment runs (for progress reporting). */
    public static int instances(Config c) {
        return c.dispatchers().size() * c.policies().size() * c.runs();
    }

    /** The table's rows. */
    public static List<Row> run(Workload workload, Config c, int threads, IntConsumer progress) {
        return outcome(workload, c, threads, progress).rows();
    }

    /** Runs every simulation; {@code progress} receives 1 per finished run, from worker threads. */
    public static Outcome outcome(Workload workload, Config c, int threads, IntConsumer progress) {
        GangJobs jobs = GangJobs.of(workload, c.jobs());
        int runs = c.runs();
        int perDispatch = c.policies().size() * runs;
        List<Replication> results = Replications.run(
                instances(c),
                threads,
                i -> replicate(
                        jobs,
                        c,
                        c.dispatchers().get(i / perDispatch),
                        c.policies().get((i / runs) % c.policies().size()),
                        i % runs),
                progress);
        List<Row> rows = new ArrayList<>();
        List<Curve> curves = new ArrayList<>();
        for (int d = 0; d < c.dispatchers().size(); d++) {
            for (int p = 0; p < c.policies().size(); p++) {
                List<Replication> cell = results.subList(
                        (d * c.policies().size() + p) * runs, (d * c.policies().size() + p + 1) * runs);
                String dispatch = c.dispatchers().get(d);
                String policy = c.policies().get(p);
                boolean migration = GangRegistries.POLICIES.create(policy).migration();
                double loc = 0;
                double util = 0;
                for (Replication r : cell) {
                    loc += r.loc / runs;
                    util += r.utilization / runs;
                }
                for (int k = 0; k < c.executedJobs().size(); k++) {
                    int executed = c.executedJobs().get(k);
                    if (!Double.isNaN(cell.get(0).art[k])) {
                        double[] art = new double[runs];
                        double awt = 0;
                        for (int r = 0; r < runs; r++) {
                            art[r] = cell.get(r).art[k];
                            awt += cell.get(r).awt[k] / runs;
                        }
                        MeanInterval m = MeanInterval.of(art);
                        rows.add(new Row(
                                dispatch,
                                policy,
                                migration,
                                executed,
                                m.mean(),
                                m.halfWidth95(),
                                awt,
                                loc,
                                util,
                                runs));
                    }
                }
                curves.add(curve(dispatch, policy, cell));
            }
        }
        return new Outcome(rows, curves);
    }

    /** What one run contributes: ART and AWT per row, LoC, utilization, migrations, the interaction curve. */
    private record Replication(
            double[] art,
            double[] awt,
            double loc,
            double utilization,
            int local,
            int external,
            int rejected,
            double[] curve) {}

    private static Replication replicate(GangJobs jobs, Config c, String dispatch, String policy, int run) {
        GangResult r =
                GangSimulation.run(jobs, c.platform().withDispatch(dispatch).withPolicy(policy), run);
        GangSummary s = r.summary();
        int n = c.executedJobs().size();
        double[] art = new double[n];
        double[] awt = new double[n];
        for (int k = 0; k < n; k++) {
            int executed = c.executedJobs().get(k);
            art[k] = executed <= s.executedJobs() ? r.artSeconds(executed) : Double.NaN;
            awt[k] = executed <= s.executedJobs() ? r.awtSeconds(executed) : Double.NaN;
        }
        return new Replication(
                art,
                awt,
                c.perClusterLoc() ? s.clusterSumLossOfCapacityPercent() : s.lossOfCapacityPercent(),
                c.literalUtilization() ? s.literalUtilization() : s.utilization(),
                s.localMigrations(),
                s.externalMigrations(),
                s.rejectedJobs(),
                r.interactionUtilization());
    }

    private static Curve curve(String dispatch, String policy, List<Replication> cell) {
        int len = Integer.MAX_VALUE;
        for (Replication r : cell) {
            len = Math.min(len, r.curve.length);
        }
        double[] mean = new double[len];
        double local = 0;
        double external = 0;
        double rejected = 0;
        for (Replication r : cell) {
            for (int i = 0; i < len; i++) {
                mean[i] += r.curve[i] / cell.size();
            }
            local += (double) r.local / cell.size();
            external += (double) r.external / cell.size();
            rejected += (double) r.rejected / cell.size();
        }
        return new Curve(dispatch, policy, mean, local, external, rejected);
    }
}
