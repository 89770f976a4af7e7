package org.metasched.experiments;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Runs the P003 experiments at a chosen scale and prints our numbers beside the paper's, as markdown (the harness
 * the P003 notes were written with before `metasched reproduce p003-job-load` and {@code p003-time-scan} ran them;
 * their numbers are in docs/reproduction.md now). Not part of the default test run (the name is no test pattern)
 * and skipped without {@code -Dp003.runs}:
 *
 * <pre>
 * ./mvnw -q -B -pl metasched-core,metasched-experiments test -Dspotless.check.skip=true \
 *     -Dtest=P003ReproductionRun -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dp003.runs=1000 -Dp003.seed=2021 -Dp003.threads=2 [-Dp003.warmUp=0] [-Dp003.only=job-load|time-scan]
 * </pre>
 */
class P003ReproductionRun {
    private static final String RUNS = System.getProperty("p003.runs");
    private static final long SEED = Long.parseLong(System.getProperty("p003.seed", "2021"));
    private static final int THREADS = Integer.parseInt(System.getProperty("p003.threads", "2"));
    private static final String ONLY = System.getProperty("p003.only", "");

    @Test
    void jobLoad() {
        assumeTrue(RUNS != null && !ONLY.equals("time-scan"), "set -Dp003.runs to run");
        P003JobLoadExperiment.Config c = P003JobLoadExperiment.Config.paper(Integer.parseInt(RUNS), SEED);
        if (System.getProperty("p003.warmUp") != null) {
            c = c.withWarmUp(Double.parseDouble(System.getProperty("p003.warmUp")));
        }
        long t0 = System.currentTimeMillis();
        List<P003JobLoadExperiment.Row> rows = P003JobLoadExperiment.run(c, THREADS, counter());
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%n### p003-job-load: runs %d per load, seed %d, warm-up %.0f, threads %d, %.0f s%n%n",
                c.runs(),
                c.seed(),
                c.warmUp(),
                THREADS,
                (System.currentTimeMillis() - t0) / 1000.0));
        out.append("| jobLoad | algorithm | availability | paper | found | runs |\n|---|---|---|---|---|---|\n");
        for (P003JobLoadExperiment.Row r : rows) {
            double paper = P003JobLoadExperiment.paper(r.jobLoad(), r.algorithm());
            out.append(String.format(
                    Locale.ROOT,
                    "| %.1f | %s | %.4f | %s | %d | %d |%n",
                    r.jobLoad(),
                    r.algorithm(),
                    r.availability(),
                    Double.isNaN(paper) ? "" : String.format(Locale.ROOT, "%.2f", paper),
                    r.found(),
                    r.runs()));
        }
        System.out.println(out);
    }

    @Test
    void timeScan() {
        assumeTrue(RUNS != null && !ONLY.equals("job-load"), "set -Dp003.runs to run");
        P003TimeScanExperiment.Config c = P003TimeScanExperiment.Config.paper(Integer.parseInt(RUNS), SEED)
                .withGreedyStartPoints(List.of(50));
        long t0 = System.currentTimeMillis();
        List<P003TimeScanExperiment.Row> rows = P003TimeScanExperiment.run(c, THREADS, counter());
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%n### p003-time-scan: runs %d, seed %d, threads %d, %.0f s%n%n",
                c.runs(),
                c.seed(),
                THREADS,
                (System.currentTimeMillis() - t0) / 1000.0));
        out.append("| algorithm | startPoints | accuracy | paper | speedup | paper | evaluations | 801 / evaluations |"
                + " runs |\n|---|---|---|---|---|---|---|---|---|\n");
        for (P003TimeScanExperiment.Row r : rows) {
            double[] paper = P003TimeScanExperiment.paper(r.algorithm(), r.startPoints());
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %.4f | %s | %.1f | %s | %.1f | %.1f | %d |%n",
                    r.algorithm(),
                    r.startPoints(),
                    r.accuracy(),
                    paper == null ? "" : String.format(Locale.ROOT, "%.3f", paper[0]),
                    r.speedup(),
                    paper == null ? "" : String.format(Locale.ROOT, "%.1f", paper[1]),
                    r.evaluations(),
                    801 / r.evaluations(),
                    r.runs()));
        }
        System.out.println(out);
    }

    /**
     * How the knapsack's cost quantum trades accuracy: the best availability (bounded full scan) with the budget
     * resolved into 250, 1 000 and 4 000 units against 10 000 units (q = 1 for these budgets of about 7 200), and
     * how often GreedyJnt then beats the knapsack because the quantum passed over a set GreedyJnt could afford.
     */
    @Test
    void quantum() {
        assumeTrue(RUNS != null && ONLY.equals("quantum"), "set -Dp003.runs and -Dp003.only=quantum to run");
        int runs = Integer.parseInt(RUNS);
        long[] units = {250, 1000, 4000, 10_000};
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%n### knapsack cost quantum: %d runs per job load, seed %d%n%n"
                        + "| jobLoad | budget units | mean q | mean availability | vs 10 000 units | worst run |"
                        + " runs where GreedyJnt beats it |%n|---|---|---|---|---|---|---|%n",
                runs,
                SEED));
        for (double load : new double[] {0.0, 0.5}) {
            List<double[]> results = Replications.run(runs, THREADS, r -> quantumRun(load, r, units), x -> {});
            for (int u = 0; u < units.length; u++) {
                double sum = 0;
                double ratio = 0;
                double worst = 1;
                double q = 0;
                int greedyAhead = 0;
                int withWindow = 0;
                for (double[] r : results) {
                    sum += r[u];
                    q += r[units.length + 1 + u];
                    greedyAhead += r[units.length] > r[u] ? 1 : 0;
                    if (r[units.length - 1] > 0) {
                        ratio += r[u] / r[units.length - 1];
                        worst = Math.min(worst, r[u] / r[units.length - 1]);
                        withWindow++;
                    }
                }
                out.append(String.format(
                        Locale.ROOT,
                        "| %.1f | %d | %.2f | %.5f | %.5f | %.4f | %d |%n",
                        load,
                        units[u],
                        q / runs,
                        sum / runs,
                        ratio / withWindow,
                        worst,
                        greedyAhead));
            }
        }
        System.out.println(out);
    }

    private static double[] quantumRun(double load, int run, long[] units) {
        P003Instances.Instance in =
                P003Instances.generate(SEED, load, P003JobLoadExperiment.Config.DEFAULT_WARM_UP, run);
        double[] out = new double[2 * units.length + 1];
        for (int u = 0; u < units.length; u++) {
            org.metasched.availability.AvailabilityOptions o = org.metasched.availability.AvailabilityOptions.DEFAULTS
                    .withBounded(true)
                    .withQuantisation(1, units[u]);
            out[u] = new org.metasched.availability.AvailabilityWindowSearch(
                            org.metasched.availability.AvailabilityStrategy.KNAPSACK, o)
                    .find(in.table(), in.request())
                    .availability();
            out[units.length + 1 + u] = new org.metasched.availability.KnapsackSelection(1, units[u])
                    .quantisation(
                            in.table().at(0),
                            in.table().costs(),
                            64,
                            6,
                            in.request().budget())
                    .quantum();
        }
        out[units.length] = new org.metasched.availability.AvailabilityWindowSearch(
                        org.metasched.availability.AvailabilityStrategy.GREEDY_JNT,
                        org.metasched.availability.AvailabilityOptions.DEFAULTS.withBounded(true))
                .find(in.table(), in.request())
                .availability();
        return out;
    }

    private static java.util.function.IntConsumer counter() {
        AtomicInteger done = new AtomicInteger();
        return k -> {
            int d = done.addAndGet(k);
            if (d % 500 == 0) {
                System.err.println("  ... " + d);
            }
        };
    }
}
