package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.metrics.MeanInterval;
import org.metasched.metrics.Verdict;
import org.metasched.model.Workload;
import org.metasched.random.RandomStreams;

/**
 * Paper P001's Tables 3 and 4 and its LoC and utilization figures (spec 5.8 v2): gang scheduling of the first 3 000
 * jobs of an SDSC trace that fit the largest cluster on two heterogeneous clusters of 128 and 256 processors,
 * scenario S1 (OLB) and S2 (JSEQ), policies AFCFS, LXF, LJFS each with and without migration, 10 runs each, under
 * the platform's start rule (D13 v2 by default). {@link #findings} judges the paper's findings on the outcome. A run differs from another by its
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
            double rejectedJobs,
            MeanInterval loc) {}

    /**
     * Rows, curves and what was simulated.
     *
     * @param jobs jobs simulated (at most the configuration's count)
     * @param tasks their tasks in all
     * @param skippedLarger jobs of the workload before the last simulated one that were left out because they are
     *     larger than the largest cluster
     */
    public record Outcome(List<Row> rows, List<Curve> curves, int jobs, long tasks, int skippedLarger) {}

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

    /**
     * The jobs the experiment simulates: the first {@code c.jobs()} jobs of {@code workload} (all for 0) that fit the
     * largest cluster (spec 5.8 v2); a larger job is left out, not rejected, so every simulated job can execute.
     */
    public static GangJobs jobs(Workload workload, Config c) {
        return GangJobs.of(fitting(workload, c.platform().largestCluster()), c.jobs());
    }

    /** The jobs of {@code workload} with at most {@code processors} tasks, in order. */
    static Workload fitting(Workload workload, int processors) {
        Workload.Builder b = Workload.builder(Math.min(workload.machineProcessors(), processors));
        for (int j = 0; j < workload.size(); j++) {
            if (workload.processors(j) <= processors) {
                b.add(
                        workload.id(j),
                        workload.submitSeconds(j),
                        workload.runtimeSeconds(j),
                        workload.estimateSeconds(j),
                        workload.processors(j),
                        workload.killed(j));
            }
        }
        return b.build();
    }

    /** How many jobs of {@code workload} before the last of {@code jobs} are larger than the largest cluster. */
    private static int skippedLarger(Workload workload, GangJobs jobs, int largest) {
        int fitting = 0;
        int skipped = 0;
        for (int j = 0; j < workload.size() && fitting < jobs.size(); j++) {
            if (workload.processors(j) > largest) {
                skipped++;
            } else {
                fitting++;
            }
        }
        return skipped;
    }

    /** Runs every simulation; {@code progress} receives 1 per finished run, from worker threads. */
    public static Outcome outcome(Workload workload, Config c, int threads, IntConsumer progress) {
        GangJobs jobs = jobs(workload, c);
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
                boolean migration =
                        GangRegistries.create(GangRegistries.POLICIES, policy).migration();
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
        long tasks = 0;
        for (int j = 0; j < jobs.size(); j++) {
            tasks += jobs.tasks(j);
        }
        return new Outcome(
                rows,
                curves,
                jobs.size(),
                tasks,
                skippedLarger(workload, jobs, c.platform().largestCluster()));
    }

    /** The band within which a LoC counts as the paper's "approximately 50 %" (an interpretation, not the paper's). */
    public static final double LOC_ABOUT_50_LOW = 35;

    public static final double LOC_ABOUT_50_HIGH = 65;

    /**
     * The paper's findings (P001 section 8, spec 5.8), each judged on {@code o} with the 95 % intervals over the runs:
     * per dispatcher, ART AFCFS < LXF < LJFS without migration at the largest number of executed jobs every cell
     * reached; migration lowering ART and LoC for every policy; LoC about 50 % without migration ({@link
     * #LOC_ABOUT_50_LOW}-{@link #LOC_ABOUT_50_HIGH} %); the migrating LoCs in the paper's order AFCFSm < LJFSm <
     * LXFm; AFCFSm the least ART; and JSEQ below OLB without migration for every policy. A finding needs its cells:
     * one whose policies or dispatchers the configuration leaves out is not judged.
     */
    public static List<Finding> findings(Config c, Outcome o) {
        Cells cells = new Cells(o);
        int k = cells.largestCommonExecuted(c);
        List<Finding> out = new ArrayList<>();
        List<String> plain = List.of("afcfs", "lxf", "ljfs");
        for (String d : c.dispatchers()) {
            if (cells.has(d, List.of("afcfs", "lxf", "ljfs"), k)) {
                out.add(new Finding(
                        d + ": ART AFCFS < LXF < LJFS without migration (" + k + " executed jobs)",
                        Verdict.below(cells.art(d, "afcfs", k), cells.art(d, "lxf", k))
                                .and(Verdict.below(cells.art(d, "lxf", k), cells.art(d, "ljfs", k))),
                        cells.arts(d, plain, k)));
            }
            List<String> paired = plain.stream()
                    .filter(p -> cells.has(d, List.of(p, p + "-m"), k))
                    .toList();
            if (!paired.isEmpty()) {
                Verdict art = Verdict.HOLDS;
                Verdict loc = Verdict.HOLDS;
                StringBuilder artDetail = new StringBuilder();
                StringBuilder locDetail = new StringBuilder();
                for (String p : paired) {
                    art = art.and(Verdict.below(cells.art(d, p + "-m", k), cells.art(d, p, k)));
                    loc = loc.and(Verdict.below(cells.loc(d, p + "-m"), cells.loc(d, p)));
                    artDetail
                            .append(artDetail.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(seconds(cells.art(d, p, k)))
                            .append(" -> ")
                            .append(seconds(cells.art(d, p + "-m", k)));
                    locDetail
                            .append(locDetail.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(percent(cells.loc(d, p)))
                            .append(" -> ")
                            .append(percent(cells.loc(d, p + "-m")));
                }
                out.add(new Finding(
                        d + ": migration lowers ART for every policy (" + k + " executed jobs)",
                        art,
                        artDetail.toString()));
                out.add(new Finding(d + ": migration lowers LoC for every policy", loc, locDetail.toString()));
            }
            List<String> without = plain.stream().filter(p -> cells.has(d, p)).toList();
            if (!without.isEmpty()) {
                Verdict v = Verdict.HOLDS;
                StringBuilder detail = new StringBuilder();
                for (String p : without) {
                    v = v.and(Verdict.within(cells.loc(d, p), LOC_ABOUT_50_LOW, LOC_ABOUT_50_HIGH));
                    detail.append(detail.length() == 0 ? "" : " / ").append(percent(cells.loc(d, p)));
                }
                out.add(new Finding(
                        String.format(
                                Locale.ROOT,
                                "%s: LoC about 50 %% without migration (each within %.0f-%.0f %%)",
                                d,
                                LOC_ABOUT_50_LOW,
                                LOC_ABOUT_50_HIGH),
                        v,
                        detail + " (" + String.join(", ", without) + ")"));
            }
            if (cells.has(d, List.of("afcfs-m", "ljfs-m", "lxf-m"))) {
                out.add(new Finding(
                        d + ": migrating LoCs in the paper's order AFCFSm < LJFSm < LXFm",
                        Verdict.below(cells.loc(d, "afcfs-m"), cells.loc(d, "ljfs-m"))
                                .and(Verdict.below(cells.loc(d, "ljfs-m"), cells.loc(d, "lxf-m"))),
                        String.format(
                                Locale.ROOT,
                                "%s / %s / %s (paper %.2f / %.2f / %.2f %%)",
                                percent(cells.loc(d, "afcfs-m")),
                                percent(cells.loc(d, "ljfs-m")),
                                percent(cells.loc(d, "lxf-m")),
                                paperLoc(d, "afcfs-m"),
                                paperLoc(d, "ljfs-m"),
                                paperLoc(d, "lxf-m"))));
            }
            if (cells.has(d, List.of("afcfs-m"), k) && c.policies().size() > 1) {
                Verdict v = Verdict.HOLDS;
                String runnerUp = null;
                for (String p : c.policies()) {
                    if (!p.equals("afcfs-m") && cells.has(d, List.of(p), k)) {
                        v = v.and(Verdict.below(cells.art(d, "afcfs-m", k), cells.art(d, p, k)));
                        if (runnerUp == null
                                || cells.art(d, p, k).mean()
                                        < cells.art(d, runnerUp, k).mean()) {
                            runnerUp = p;
                        }
                    }
                }
                out.add(new Finding(
                        d + ": AFCFSm has the least ART (" + k + " executed jobs)",
                        v,
                        cells.arts(d, List.of("afcfs-m"), k) + "; least of the others: "
                                + cells.arts(d, List.of(runnerUp), k)));
            }
        }
        List<String> both = plain.stream()
                .filter(p -> cells.has("olb", List.of(p), k) && cells.has("jseq", List.of(p), k))
                .toList();
        if (!both.isEmpty()) {
            Verdict v = Verdict.HOLDS;
            StringBuilder detail = new StringBuilder();
            for (String p : both) {
                v = v.and(Verdict.below(cells.art("jseq", p, k), cells.art("olb", p, k)));
                detail.append(detail.length() == 0 ? "" : "; ")
                        .append(p)
                        .append(' ')
                        .append(seconds(cells.art("jseq", p, k)))
                        .append(" vs ")
                        .append(seconds(cells.art("olb", p, k)));
            }
            out.add(new Finding(
                    "JSEQ below OLB in ART without migration for every policy (" + k + " executed jobs)",
                    v,
                    detail.toString()));
        }
        return out;
    }

    private static String seconds(MeanInterval m) {
        return String.format(Locale.ROOT, "%,.0f +- %,.0f", m.mean(), m.halfWidth95());
    }

    private static String percent(MeanInterval m) {
        return String.format(Locale.ROOT, "%.2f +- %.2f %%", m.mean(), m.halfWidth95());
    }

    /** The outcome's cells by dispatcher, policy and executed jobs. */
    private static final class Cells {
        private final Outcome o;

        Cells(Outcome o) {
            this.o = o;
        }

        Row row(String d, String p, int k) {
            for (Row r : o.rows()) {
                if (r.dispatch().equals(d) && r.policy().equals(p) && r.executedJobs() == k) {
                    return r;
                }
            }
            return null;
        }

        Curve curve(String d, String p) {
            for (Curve cu : o.curves()) {
                if (cu.dispatch().equals(d) && cu.policy().equals(p)) {
                    return cu;
                }
            }
            return null;
        }

        boolean has(String d, String p) {
            return curve(d, p) != null;
        }

        boolean has(String d, List<String> policies) {
            return policies.stream().allMatch(p -> has(d, p));
        }

        boolean has(String d, List<String> policies, int k) {
            return policies.stream().allMatch(p -> row(d, p, k) != null);
        }

        /** The largest row count every cell of the configuration reached (0 if none). */
        int largestCommonExecuted(Config c) {
            int best = 0;
            for (int k : c.executedJobs()) {
                boolean all = true;
                for (String d : c.dispatchers()) {
                    all &= has(d, c.policies(), k);
                }
                if (all) {
                    best = Math.max(best, k);
                }
            }
            return best;
        }

        MeanInterval art(String d, String p, int k) {
            Row r = row(d, p, k);
            return new MeanInterval(r.art(), r.artCi95(), r.runs());
        }

        MeanInterval loc(String d, String p) {
            return curve(d, p).loc();
        }

        String arts(String d, List<String> policies, int k) {
            StringBuilder b = new StringBuilder();
            for (String p : policies) {
                if (row(d, p, k) != null) {
                    b.append(b.length() == 0 ? "" : "; ")
                            .append(p)
                            .append(' ')
                            .append(seconds(art(d, p, k)))
                            .append(" s");
                    double paper = paperArt(d, p, k);
                    if (!Double.isNaN(paper)) {
                        b.append(String.format(Locale.ROOT, " (paper %,.0f)", paper));
                    }
                }
            }
            return b.toString();
        }
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
        double[] loc = new double[cell.size()];
        for (int k = 0; k < loc.length; k++) {
            loc[k] = cell.get(k).loc;
        }
        for (Replication r : cell) {
            for (int i = 0; i < len; i++) {
                mean[i] += r.curve[i] / cell.size();
            }
            local += (double) r.local / cell.size();
            external += (double) r.external / cell.size();
            rejected += (double) r.rejected / cell.size();
        }
        return new Curve(dispatch, policy, mean, local, external, rejected, MeanInterval.of(loc));
    }
}
