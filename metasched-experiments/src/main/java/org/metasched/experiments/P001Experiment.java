package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangPolicy;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.gang.LocalDispatcher;
import org.metasched.metrics.MeanInterval;
import org.metasched.model.Workload;
import org.metasched.registry.Registration;

/**
 * Paper P001's Tables 3 and 4 and its LoC and utilization figures (spec 5.8 v2): gang scheduling of the first 3 000
 * jobs of an SDSC trace that fit the largest cluster on two heterogeneous clusters of 128 and 256 processors,
 * scenario S1 (OLB) and S2 (JSEQ), policies AFCFS, LXF, LJFS each with and without migration, 10 runs each, under
 * the platform's start rule (D13 v2 by default). {@link P001Findings} judges the paper's findings on the outcome,
 * {@link P001Paper} holds the paper's numbers. A run differs from another by its processors' clock rates and its
 * dispatching draws (replication r of the seed's streams {@code clocks} and {@code dispatch}); every policy and
 * dispatcher of replication r runs on the same processors.
 *
 * <p>One row per dispatcher, policy and number of executed jobs k (500, 1000, ... 3000): ART (mean and 95 %
 * half-interval over the runs, t-distribution with runs - 1 degrees of freedom) and AWT over the first k jobs to
 * complete, LoC and utilization over the whole run (the same on every row of a policy). The experiment takes a
 * {@link Workload}; reading the trace is the caller's.
 */
public final class P001Experiment {
    /** S1 and S2. */
    public static final List<Registration<LocalDispatcher, Void>> DISPATCHERS =
            Stream.of("olb", "jseq").map(GangRegistries.DISPATCHERS::byName).toList();

    /** The paper's column order. */
    public static final List<Registration<GangPolicy, Void>> POLICIES = Stream.of(
                    "afcfs", "afcfs-m", "lxf", "lxf-m", "ljfs", "ljfs-m")
            .map(GangRegistries.POLICIES::byName)
            .toList();

    /**
     * The paper's column a policy fills: its registry name, with {@code lxf-printed} (P001's Algorithm 7 as
     * printed, {@link Config#withLxfAsPrinted}) read as the paper's LXF.
     */
    public static String column(Registration<GangPolicy, Void> policy) {
        return policy.name().replace("lxf-printed", "lxf");
    }

    /** The rows of Tables 3 and 4. */
    public static final List<Integer> EXECUTED_JOBS = List.of(500, 1000, 1500, 2000, 2500, 3000);

    /**
     * One experiment's parameters.
     *
     * @param dispatchers local dispatchers (scenarios), entries of {@code GangRegistries.DISPATCHERS}
     * @param policies queue policies, entries of {@code GangRegistries.POLICIES}
     * @param runs runs per dispatcher and policy (the paper: 10)
     * @param jobs jobs taken from the start of the workload (the paper: 3 000)
     * @param executedJobs the numbers of executed jobs that get a row (the paper: 500 ... 3000)
     * @param platform clusters, clocks, tie-break, latency, seed (dispatcher and policy are overridden per cell)
     * @param literalUtilization report P001 eq. 4 literally (response times) instead of D16
     * @param perClusterLoc report the per-cluster LoC option of spec 5.6 instead of the grid-wide D15
     */
    public record Config(
            List<Registration<LocalDispatcher, Void>> dispatchers,
            List<Registration<GangPolicy, Void>> policies,
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
        }

        /**
         * The paper's set-up: both scenarios, six policies, 10 runs, 3 000 jobs, 128 + 256 heterogeneous, and LXF
         * as Algorithm 7 is printed (the smallest expansion factor first; {@link #withLxfAsPrinted}): with it the
         * model gives the paper's AFCFS < LXF < LJFS, with spec D14's reading it does not (docs/reproduction.md).
         */
        public static Config paper(long seed) {
            return new Config(
                            DISPATCHERS,
                            POLICIES,
                            10,
                            3000,
                            EXECUTED_JOBS,
                            GangConfig.DEFAULTS.withSeed(seed),
                            false,
                            false)
                    .withLxfAsPrinted(true);
        }

        public Config withRuns(int r) {
            return new Config(
                    dispatchers, policies, r, jobs, executedJobs, platform, literalUtilization, perClusterLoc);
        }

        public Config withPlatform(GangConfig p) {
            return new Config(dispatchers, policies, runs, jobs, executedJobs, p, literalUtilization, perClusterLoc);
        }

        /**
         * The same policies with the paper's LXF read as Algorithm 7 is printed ({@code printed}: the smallest
         * expansion factor first, {@code lxf-printed}) or as spec D14 reads it (the largest first, {@code lxf}).
         */
        public Config withLxfAsPrinted(boolean printed) {
            List<Registration<GangPolicy, Void>> p = new ArrayList<>();
            for (Registration<GangPolicy, Void> r : policies) {
                String name = column(r);
                p.add(
                        name.startsWith("lxf") && !name.startsWith("lxf-est")
                                ? GangRegistries.POLICIES.byName(printed ? name.replace("lxf", "lxf-printed") : name)
                                : r);
            }
            return new Config(dispatchers, p, runs, jobs, executedJobs, platform, literalUtilization, perClusterLoc);
        }

        /** Whether the LXF columns run Algorithm 7 as printed. */
        public boolean lxfAsPrinted() {
            return policies.stream().anyMatch(r -> r.name().startsWith("lxf-printed"));
        }

        /** The paper's columns, in order ({@link #column}). */
        public List<String> columns() {
            return policies.stream().map(P001Experiment::column).toList();
        }
    }

    /**
     * One row of the table (table.csv: {@code dispatch,policy,migration,executedJobs,art,artCi95,awt,loc,
     * utilization,runs}).
     *
     * @param dispatch local dispatcher ({@code olb} = S1, {@code jseq} = S2)
     * @param policy the paper's column ({@code afcfs}, {@code afcfs-m} ...; {@link #column})
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

    private P001Experiment() {}

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

    /**
     * {@link #jobs(Workload, Config)} of a log that starts at {@code logStartSeconds} (its earliest record, kept or
     * not: {@code SwfTrace.firstSubmitSeconds}; NaN if not known): a log on a late clock then gives the results of
     * the same log on its own origin to the last bit, as {@code gang} does ({@link GangJobs#withLogStart}).
     */
    public static GangJobs jobs(Workload workload, double logStartSeconds, Config c) {
        GangJobs jobs = jobs(workload, c);
        return Double.isNaN(logStartSeconds) ? jobs : jobs.withLogStart(logStartSeconds);
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
        return outcome(workload, Double.NaN, c, threads, progress);
    }

    /** {@link #outcome(Workload, Config, int, IntConsumer)} of a log that starts at {@code logStartSeconds}. */
    public static Outcome outcome(
            Workload workload, double logStartSeconds, Config c, int threads, IntConsumer progress) {
        GangJobs jobs = jobs(workload, logStartSeconds, c);
        int runs = c.runs();
        int perDispatch = c.policies().size() * runs;
        List<Replication> results = Replications.run(
                instances(c),
                threads,
                i -> replicate(
                        jobs, c, i / perDispatch, (i / runs) % c.policies().size(), i % runs),
                progress);
        List<Row> rows = new ArrayList<>();
        List<Curve> curves = new ArrayList<>();
        for (int d = 0; d < c.dispatchers().size(); d++) {
            for (int p = 0; p < c.policies().size(); p++) {
                List<Replication> cell = results.subList(
                        (d * c.policies().size() + p) * runs, (d * c.policies().size() + p + 1) * runs);
                String dispatch = c.dispatchers().get(d).name();
                String policy = column(c.policies().get(p));
                boolean migration = c.policies().get(p).create(null).migration();
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

    /** Run {@code run} of the configuration's dispatcher {@code d} and policy {@code p}. */
    private static Replication replicate(GangJobs jobs, Config c, int d, int p, int run) {
        GangConfig cell = c.platform()
                .withDispatch(c.dispatchers().get(d))
                .withPolicy(c.policies().get(p));
        GangResult r = GangSimulation.run(jobs, cell, run);
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
