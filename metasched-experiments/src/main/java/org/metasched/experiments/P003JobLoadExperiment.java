package org.metasched.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.metrics.MeanInterval;
import org.metasched.metrics.Verdict;

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

    /**
     * One point of the figure: columns {@code jobLoad,algorithm,availability,found,runs} of table.csv, and the 95 %
     * half-width of the availability's mean over the same runs (NaN below two; not a table column).
     */
    public record Row(
            double jobLoad, String algorithm, double availability, double availabilityCi95, int found, int runs) {}

    /**
     * The paper's findings on Figure 5 (section 4.2), judged on {@code rows} with the 95 % intervals: the knapsack
     * at or above GreedyJnt at every load with windows (in means when only the means say so); each algorithm's
     * availability falling from every load with windows to the next ("monotonically decreases": a step down with
     * overlapping intervals makes it "in means", a step up "fails"); no window at job load 1. The knapsack's advantage
     * at load 0 and its mean over the loads below 1 are in the details.
     */
    public static List<Finding> findings(List<Row> rows) {
        List<Finding> out = new ArrayList<>();
        List<Row> knapsack =
                rows.stream().filter(r -> r.algorithm().equals("knapsack")).toList();
        List<Row> greedy =
                rows.stream().filter(r -> r.algorithm().equals("greedy-jnt")).toList();
        Verdict above = Verdict.HOLDS;
        double advantage = 0;
        int loads = 0;
        StringBuilder gaps = new StringBuilder();
        for (int l = 0; l < knapsack.size() && l < greedy.size(); l++) {
            Row k = knapsack.get(l);
            Row g = greedy.get(l);
            if (k.found() == 0 && g.found() == 0) {
                continue;
            }
            Verdict v = k.availability() < g.availability()
                    ? Verdict.FAILS
                    : Verdict.below(interval(g), interval(k)) == Verdict.HOLDS ? Verdict.HOLDS : Verdict.HOLDS_IN_MEANS;
            above = above.and(v);
            double rel = k.availability() > 0 ? (k.availability() - g.availability()) / k.availability() : 0;
            advantage += rel;
            loads++;
            if (l == 0 || l == knapsack.size() - 1 || k.jobLoad() == 0.5) {
                gaps.append(gaps.length() == 0 ? "" : ", ")
                        .append(String.format(Locale.ROOT, "%.1f: %.1f %%", k.jobLoad(), 100 * rel));
            }
        }
        if (loads > 0) {
            out.add(new Finding(
                    "the knapsack's availability is at or above GreedyJnt's at every job load with windows",
                    above,
                    String.format(
                            Locale.ROOT,
                            "advantage (K - G) / K at load %s; mean over the %d loads with windows %.1f %% (paper:"
                                    + " about 9 %% at load 0, about 5 %% on average)",
                            gaps,
                            loads,
                            100 * advantage / loads)));
        }
        for (List<Row> series : List.of(knapsack, greedy)) {
            Verdict falling = Verdict.HOLDS;
            StringBuilder rises = new StringBuilder();
            for (int l = 0; l + 1 < series.size(); l++) {
                Row a = series.get(l);
                Row b = series.get(l + 1);
                if (b.found() == 0) {
                    continue;
                }
                Verdict v = Verdict.below(interval(b), interval(a));
                falling = falling.and(v);
                if (v == Verdict.FAILS) {
                    rises.append(rises.length() == 0 ? "rises " : "; ")
                            .append(String.format(
                                    Locale.ROOT,
                                    "%.1f -> %.1f: %.4f -> %.4f",
                                    a.jobLoad(),
                                    b.jobLoad(),
                                    a.availability(),
                                    b.availability()));
                }
            }
            if (!series.isEmpty()) {
                Row first = series.get(0);
                Row last = series.get(series.size() - 1);
                out.add(new Finding(
                        first.algorithm() + "'s availability falls as the job load rises",
                        falling,
                        (rises.length() == 0 ? "" : rises + "; ")
                                + String.format(
                                        Locale.ROOT,
                                        "%.4f at %.1f, %.4f at %.1f",
                                        first.availability(),
                                        first.jobLoad(),
                                        last.availability(),
                                        last.jobLoad())));
            }
        }
        List<Row> full = rows.stream().filter(r -> r.jobLoad() == 1.0).toList();
        if (!full.isEmpty()) {
            boolean none = full.stream().allMatch(r -> r.found() == 0);
            out.add(new Finding(
                    "no window at job load 1",
                    none ? Verdict.HOLDS : Verdict.FAILS,
                    full.stream()
                            .map(r -> r.algorithm() + " found " + r.found() + " of " + r.runs())
                            .reduce((x, y) -> x + ", " + y)
                            .orElse("")));
        }
        return out;
    }

    private static MeanInterval interval(Row r) {
        return new MeanInterval(r.availability(), r.availabilityCi95(), r.runs());
    }

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
                double[] values = new double[load.size()];
                for (double[] r : load) {
                    boolean any = false;
                    for (double v : r) {
                        any |= v >= c.minAvailability() && v > 0;
                    }
                    boolean mine = r[a] >= c.minAvailability() && r[a] > 0;
                    found += mine ? 1 : 0;
                    if (any) {
                        values[withWindow++] = mine ? r[a] : 0;
                        sum += mine ? r[a] : 0;
                    }
                }
                double mean = withWindow == 0 ? 0 : sum / withWindow;
                double halfWidth = withWindow < 2
                        ? Double.NaN
                        : MeanInterval.of(Arrays.copyOf(values, withWindow)).halfWidth95();
                rows.add(new Row(c.jobLoads().get(l), ALGORITHMS.get(a), mean, halfWidth, found, c.runs()));
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
