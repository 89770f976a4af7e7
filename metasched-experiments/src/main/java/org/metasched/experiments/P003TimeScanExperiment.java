package org.metasched.experiments;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.availability.StartPointPlacement;
import org.metasched.random.RandomStreams;

/**
 * Paper P003 Table 1 (section 4.3, spec 4.6): the starting-point search against the full scan, at job load 0.5.
 * Each scenario's availability table (the predictions the paper takes as input) is computed first; then each
 * algorithm scans it: the knapsack over every start time (the reference), the knapsack from K starting points, and
 * GreedyJnt over every start time (and, if asked, from K starting points).
 *
 * <p>{@code accuracy} is the mean over scenarios with a window of {@code F_alg / F_full}, F the best availability
 * and "full" the knapsack's full scan; {@code evaluations} the mean number of static problems solved; {@code
 * speedup} the knapsack full scan's total CPU time over the algorithm's (the time of the scans only, measured on
 * each worker thread). Speed-up is the one measured column: it varies a little between runs and machines, every
 * other column is a function of the seed.
 */
public final class P003TimeScanExperiment {
    /** The paper's numbers of starting points. */
    public static final List<Integer> START_POINTS = List.of(1, 5, 10, 20, 50, 100);

    /** Value of the {@code startPoints} column for a full scan. */
    public static final String FULL = "full";

    /**
     * One experiment's parameters.
     *
     * @param runs scenarios (the paper: more than 1 000)
     * @param seed master seed
     * @param jobLoad the paper's 0.5
     * @param startPoints K values for the knapsack
     * @param greedyStartPoints K values for GreedyJnt (the paper's text quotes 50; none in its table)
     * @param step the gradient step delta (spec FLAG, default 10)
     * @param placement where the starting points lie
     * @param warmUp the load generator's warm-up (see {@link P003JobLoadExperiment.Config})
     * @param maxBudgetUnits the knapsack's budget resolution
     */
    public record Config(
            int runs,
            long seed,
            double jobLoad,
            List<Integer> startPoints,
            List<Integer> greedyStartPoints,
            int step,
            StartPointPlacement placement,
            double warmUp,
            long maxBudgetUnits) {
        public Config {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
            }
            startPoints = List.copyOf(startPoints);
            greedyStartPoints = List.copyOf(greedyStartPoints);
        }

        /** Table 1 as the paper has it, with the job-load experiment's defaults. */
        public static Config paper(int runs, long seed) {
            return new Config(
                    runs,
                    seed,
                    0.5,
                    START_POINTS,
                    List.of(),
                    AvailabilityOptions.DEFAULT_STEP,
                    StartPointPlacement.UNIFORM,
                    P003JobLoadExperiment.Config.DEFAULT_WARM_UP,
                    P003JobLoadExperiment.Config.DEFAULT_BUDGET_UNITS);
        }

        public Config withGreedyStartPoints(List<Integer> ks) {
            return new Config(runs, seed, jobLoad, startPoints, ks, step, placement, warmUp, maxBudgetUnits);
        }

        public Config withPlacement(StartPointPlacement p) {
            return new Config(runs, seed, jobLoad, startPoints, greedyStartPoints, step, p, warmUp, maxBudgetUnits);
        }
    }

    /** One line of the table: columns {@code algorithm,startPoints,accuracy,speedup,evaluations,runs}. */
    public record Row(
            String algorithm, String startPoints, double accuracy, double speedup, double evaluations, int runs) {}

    private P003TimeScanExperiment() {}

    /** The paper's {accuracy, speed-up} of a line (Table 1 and the text's GreedyJnt from 50 points), or null. */
    public static double[] paper(String algorithm, String startPoints) {
        return switch (algorithm + " " + startPoints) {
            case "knapsack full" -> new double[] {1, 1};
            case "knapsack 1" -> new double[] {0.80, 65};
            case "knapsack 5" -> new double[] {0.93, 17};
            case "knapsack 10" -> new double[] {0.96, 10.5};
            case "knapsack 20" -> new double[] {0.97, 8.3};
            case "knapsack 50" -> new double[] {0.99, 6.8};
            case "knapsack 100" -> new double[] {0.99, 3.7};
            case "greedy-jnt full" -> new double[] {0.953, 143};
            case "greedy-jnt 50" -> new double[] {0.94, 1000};
            default -> null;
        };
    }

    /** One line of the table: a strategy scanning from K starting points, K = 0 for every start time. */
    record Line(AvailabilityStrategy strategy, int startPoints) {
        String algorithm() {
            return strategy == AvailabilityStrategy.KNAPSACK ? "knapsack" : "greedy-jnt";
        }
    }

    /** The lines in table order. */
    static List<Line> lines(Config c) {
        List<Line> lines = new ArrayList<>();
        lines.add(new Line(AvailabilityStrategy.KNAPSACK, 0));
        for (int k : c.startPoints()) {
            lines.add(new Line(AvailabilityStrategy.KNAPSACK, k));
        }
        lines.add(new Line(AvailabilityStrategy.GREEDY_JNT, 0));
        for (int k : c.greedyStartPoints()) {
            lines.add(new Line(AvailabilityStrategy.GREEDY_JNT, k));
        }
        return lines;
    }

    /** Runs the experiment; {@code progress} receives 1 per finished scenario, from worker threads. */
    public static List<Row> run(Config c, int threads, IntConsumer progress) {
        instance(c, 0); // compiles the hot paths before anything is timed; the result is not used
        List<double[]> results = Replications.run(c.runs(), threads, r -> instance(c, r), progress);
        List<Line> lines = lines(c);
        List<Row> rows = new ArrayList<>();
        double fullTime = 0;
        for (double[] r : results) {
            fullTime += r[2];
        }
        for (int l = 0; l < lines.size(); l++) {
            double ratio = 0;
            int withWindow = 0;
            double evaluations = 0;
            double time = 0;
            for (double[] r : results) {
                if (r[0] > 0) {
                    ratio += r[3 * l] / r[0];
                    withWindow++;
                }
                evaluations += r[3 * l + 1];
                time += r[3 * l + 2];
            }
            Line line = lines.get(l);
            rows.add(new Row(
                    line.algorithm(),
                    line.startPoints() == 0 ? FULL : Integer.toString(line.startPoints()),
                    withWindow == 0 ? Double.NaN : ratio / withWindow,
                    time > 0 ? fullTime / time : Double.NaN,
                    evaluations / c.runs(),
                    c.runs()));
        }
        return rows;
    }

    /** One scenario: {best availability, evaluations, CPU nanoseconds} per line, flattened. */
    static double[] instance(Config c, int run) {
        P003Instances.Instance in = P003Instances.generate(c.seed(), c.jobLoad(), c.warmUp(), run);
        long placementSeed =
                new RandomStreams(c.seed()).stream("p003-start-points", run).nextLong();
        AvailabilityOptions base = AvailabilityOptions.DEFAULTS
                .withQuantisation(1, c.maxBudgetUnits())
                .withStep(c.step())
                .withPlacement(c.placement())
                .withSeed(placementSeed);
        List<Line> lines = lines(c);
        double[] out = new double[3 * lines.size()];
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        boolean cpuTime = cpu.isCurrentThreadCpuTimeSupported();
        for (int l = 0; l < lines.size(); l++) {
            Line line = lines.get(l);
            AvailabilityWindowSearch search =
                    new AvailabilityWindowSearch(line.strategy(), base.withStartPoints(line.startPoints()));
            long t0 = cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
            AvailabilityWindow w = search.find(in.table(), in.request());
            long t1 = cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
            out[3 * l] = w.availability();
            out[3 * l + 1] = w.evaluations();
            out[3 * l + 2] = t1 - t0;
        }
        return out;
    }
}
