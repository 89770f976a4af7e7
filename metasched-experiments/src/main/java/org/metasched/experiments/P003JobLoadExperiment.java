package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityWindowSearch;

/**
 * Paper P003 Figure 5 (section 4.2, spec 4.6): the availability of the best window the knapsack and GreedyJnt find
 * over the horizon, as the job load grows from 0 to 1. Both scan every start time (the bounded full scan: the same
 * window as the plain one, fewer static problems) on the same generated instance.
 *
 * <p>A run has a window when some algorithm's best availability reaches {@code minAvailability}; {@code found}
 * counts an algorithm's runs that reach it, and {@code availability} is the mean over the runs that have a window,
 * an algorithm that found none there counting 0. The paper averages over successful runs too: its local maximum at
 * job load 0.9 rests on about 10 of them.
 */
public final class P003JobLoadExperiment {
    /** The compared algorithms, as written in the table. */
    public static final List<String> ALGORITHMS = List.of("knapsack", "greedy-jnt");

    /** The job loads of Figure 5: 0 to 1 by 0.1. */
    public static final List<Double> JOB_LOADS = List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);

    /**
     * One experiment's parameters.
     *
     * @param runs scenarios per job load (the paper: more than 10 000 in all)
     * @param seed master seed
     * @param jobLoads the job loads
     * @param warmUp the load generator's warm-up W (0 = spec 4.2 as written; see {@link
     *     org.metasched.availability.LoadGenerator})
     * @param minAvailability the least availability that counts as a window (FLAG: the model's heavy tails leave
     *     products like 1e-20 where the paper reports "no window")
     * @param maxBudgetUnits the knapsack's budget resolution: quantum {@code max(1, C / maxBudgetUnits)}
     */
    public record Config(
            int runs, long seed, List<Double> jobLoads, double warmUp, double minAvailability, long maxBudgetUnits) {
        /** The default warm-up: four horizons (L + T = 1 000 each). */
        public static final double DEFAULT_WARM_UP = 4000;
        /** The default threshold of a window. */
        public static final double DEFAULT_MIN_AVAILABILITY = 1e-3;
        /** The default knapsack budget resolution. */
        public static final long DEFAULT_BUDGET_UNITS = 1000;

        public Config {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
            }
            if (!(warmUp >= 0) || !(minAvailability >= 0) || maxBudgetUnits < 1) {
                throw new IllegalArgumentException("need warm-up >= 0, min availability >= 0 and budget units >= 1");
            }
            jobLoads = List.copyOf(jobLoads);
        }

        /** The paper's figure with the defaults above; 1 000 runs per load make 11 000 scenarios. */
        public static Config paper(int runs, long seed) {
            return new Config(runs, seed, JOB_LOADS, DEFAULT_WARM_UP, DEFAULT_MIN_AVAILABILITY, DEFAULT_BUDGET_UNITS);
        }

        public Config withWarmUp(double w) {
            return new Config(runs, seed, jobLoads, w, minAvailability, maxBudgetUnits);
        }

        public Config withJobLoads(List<Double> loads) {
            return new Config(runs, seed, loads, warmUp, minAvailability, maxBudgetUnits);
        }
    }

    /** One point of the figure: columns {@code jobLoad,algorithm,availability,found,runs}. */
    public record Row(double jobLoad, String algorithm, double availability, int found, int runs) {}

    private P003JobLoadExperiment() {}

    /** The paper's value (section 4.2): 0.96 and 0.87 at job load 0, no window (0) at 1; NaN elsewhere. */
    public static double paper(double jobLoad, String algorithm) {
        int a = ALGORITHMS.indexOf(algorithm);
        if (a < 0) {
            return Double.NaN;
        }
        if (jobLoad == 0) {
            return a == 0 ? 0.96 : 0.87;
        }
        return jobLoad == 1 ? 0 : Double.NaN;
    }

    public static int instances(Config c) {
        return c.runs() * c.jobLoads().size();
    }

    /** Runs the experiment; {@code progress} receives 1 per finished scenario, from worker threads. */
    public static List<Row> run(Config c, int threads, IntConsumer progress) {
        List<double[]> results = Replications.run(
                instances(c), threads, i -> instance(c, c.jobLoads().get(i / c.runs()), i % c.runs()), progress);
        List<Row> rows = new ArrayList<>();
        for (int l = 0; l < c.jobLoads().size(); l++) {
            List<double[]> load = results.subList(l * c.runs(), (l + 1) * c.runs());
            for (int a = 0; a < ALGORITHMS.size(); a++) {
                int found = 0;
                int withWindow = 0;
                double sum = 0;
                for (double[] r : load) {
                    boolean any = false;
                    for (double v : r) {
                        any |= v >= c.minAvailability() && v > 0;
                    }
                    boolean mine = r[a] >= c.minAvailability() && r[a] > 0;
                    found += mine ? 1 : 0;
                    if (any) {
                        withWindow++;
                        sum += mine ? r[a] : 0;
                    }
                }
                double mean = withWindow == 0 ? 0 : sum / withWindow;
                rows.add(new Row(c.jobLoads().get(l), ALGORITHMS.get(a), mean, found, c.runs()));
            }
        }
        return rows;
    }

    /** One scenario: the best availability of each algorithm (0 when it found no window). */
    static double[] instance(Config c, double jobLoad, int run) {
        P003Instances.Instance in = P003Instances.generate(c.seed(), jobLoad, c.warmUp(), run);
        AvailabilityOptions options =
                AvailabilityOptions.DEFAULTS.withBounded(true).withQuantisation(1, c.maxBudgetUnits());
        double[] out = new double[ALGORITHMS.size()];
        AvailabilityStrategy[] strategies = {AvailabilityStrategy.KNAPSACK, AvailabilityStrategy.GREEDY_JNT};
        for (int a = 0; a < out.length; a++) {
            out[a] = new AvailabilityWindowSearch(strategies[a], options)
                    .find(in.table(), in.request())
                    .availability();
        }
        return out;
    }
}
