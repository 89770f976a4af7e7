package org.metasched.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.metasched.availability.AvailabilityNode;
import org.metasched.availability.GreedySelection;
import org.metasched.availability.KnapsackSelection;
import org.metasched.availability.LoadGenerator;
import org.metasched.availability.LocalJob;
import org.metasched.availability.StaticSelection;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.PricingModel;

/**
 * Other readings of paper P003's set-up, measured against GreedyJnt's rise with the job load (issue 20,
 * docs/reproduction.md, P003): per job load the mean best availability of the knapsack and GreedyJnt over the full
 * time scan (start times 0-800, over the runs where either finds a window of availability at least 1e-3, as {@code
 * reproduce p003-job-load} averages), GreedyJnt's at the single start time 0 (over all runs), how many runs each
 * found a window, and the knapsack's mean relative advantage over the loads below 1 with windows. With no option it
 * draws the instances of {@code reproduce p003-job-load} (the nodes and local jobs of {@link LoadGenerator} with its
 * warm-up of 4,000) and prints that target's numbers at these loads. Options, {@code key=value}:
 *
 * <ul>
 *   <li>{@code runs} (100), {@code seed} (2021), {@code loads} (0,0.1,0.2,0.3,0.5,0.7,0.9), {@code warmup} (4000);
 *   <li>{@code length} (100): median local job length; the paper's Figure 1 example jobs run 357-541 units from
 *       occupation or allocation to the expected release;
 *   <li>{@code lengthSigma} (0.5): log-space deviation of the local job lengths;
 *   <li>{@code releaseSigma} (0.3): log-space deviation of a release around its median (the heavy tail);
 *   <li>{@code span} ({@code LT}): the job load as a share of L + T (ours) or of L ({@code L}, the paper's words);
 *   <li>{@code nodeLoad} ({@code equal}): every node at the job load, or {@code uniform}: node i's load drawn from
 *       U[0, 2 load], capped at 1 (the paper's "6 resources in the system that remained unloaded" at high load);
 *   <li>{@code runtime} ({@code fixed}): every node held for T = 200, or {@code volume}: node i held for V / p_i with
 *       V = 200 and cost {@code price_i V / p_i} (the "volume of 200 computational units" on heterogeneous nodes);
 *   <li>{@code budget} ({@code median}): {@code factor n median(window cost)}, or {@code beta}: the same times (1 +
 *       beta), beta ~ U[-0.6, 0.6] per run (spec 1.6's P002 budgets), or {@code between}: {@code factor} times the
 *       mean of MinC's and MaxP's costs at start time 0 (MaxP "estimate[s] a budget required", MinC gives "a lower
 *       bound on a budget");
 *   <li>{@code factor} (1);
 *   <li>{@code globalCap} (1): the global occupancy {@code min(globalCap, |N(0, 0.05^2)|)}; 0.05 reads the paper's
 *       "at job-load = 0 all 64 resources are available at every instant with a probability of at least 0.95".
 * </ul>
 *
 * <p>From the repository root: {@code java -cp metasched-bench/target/benchmarks.jar
 * org.metasched.bench.P003ReadingsHarness runs=200 length=450}.
 */
public final class P003ReadingsHarness {
    private static final int NODES = 64;
    private static final int N = 6;
    private static final double L = 800;
    private static final double T = 200;
    private static final double VOLUME = 200;
    private static final double GLOBAL_LOAD = 0.05;
    private static final double MIN_WINDOW = 1e-3;
    /** Releases later than this many deviations above the median are certain (AvailabilityNode.UPPER_TAIL). */
    private static final double UPPER_TAIL = 8.3;

    private final Map<String, String> options;

    private P003ReadingsHarness(Map<String, String> options) {
        this.options = options;
    }

    public static void main(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("expected key=value, got '" + a + "'");
            }
            o.put(a.substring(0, eq), a.substring(eq + 1));
        }
        new P003ReadingsHarness(o).run();
    }

    private double number(String key, double fallback) {
        return options.containsKey(key) ? Double.parseDouble(options.get(key)) : fallback;
    }

    private String word(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }

    private void run() {
        int runs = (int) number("runs", 100);
        long seed = (long) number("seed", 2021);
        System.out.println("options " + new java.util.TreeMap<>(options));
        System.out.println("jobLoad  knapsack  greedyJnt  greedyJnt@t=0  foundK  foundG  runs");
        double advantage = 0;
        int loads = 0;
        for (String s : word("loads", "0,0.1,0.2,0.3,0.5,0.7,0.9").split(",", -1)) {
            double load = Double.parseDouble(s);
            double k = 0;
            double g = 0;
            double g0 = 0;
            int foundK = 0;
            int foundG = 0;
            int withWindow = 0;
            for (int r = 0; r < runs; r++) {
                double[] v = scenario(seed, load, r);
                boolean kf = v[0] >= MIN_WINDOW;
                boolean gf = v[1] >= MIN_WINDOW;
                withWindow += kf || gf ? 1 : 0;
                foundK += kf ? 1 : 0;
                foundG += gf ? 1 : 0;
                k += kf ? v[0] : 0;
                g += gf ? v[1] : 0;
                g0 += v[2] >= MIN_WINDOW ? v[2] : 0;
            }
            double mk = withWindow == 0 ? 0 : k / withWindow;
            double mg = withWindow == 0 ? 0 : g / withWindow;
            if (withWindow > 0 && load < 1) {
                advantage += (mk - mg) / mk;
                loads++;
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-7.2f  %8.4f  %9.4f  %13.4f  %6d  %6d  %4d%n",
                    load,
                    mk,
                    mg,
                    g0 / runs,
                    foundK,
                    foundG,
                    runs);
        }
        System.out.printf(
                Locale.ROOT,
                "knapsack's mean advantage (K - G) / K over %d loads: %.1f %%%n",
                loads,
                100 * advantage / loads);
    }

    /** The knapsack's and GreedyJnt's best availability over the scan, and GreedyJnt's at start time 0. */
    private double[] scenario(long seed, double load, int run) {
        RandomStreams streams = new RandomStreams(seed);
        UniformRandomProvider rng = streams.stream("p003-nodes", run);
        UniformRandomProvider nodeLoads = streams.stream("p003-readings-node-load", run);
        PricingModel pricing = new PricingModel(1.0, PricingModel.DEFAULT_SIGMA);
        ContinuousDistribution.Sampler occupancy =
                NormalDistribution.of(0, GLOBAL_LOAD).createSampler(rng);
        boolean volume = word("runtime", "fixed").equals("volume");
        boolean uniform = word("nodeLoad", "equal").equals("uniform");
        double[] hold = new double[NODES];
        double[] cost = new double[NODES];
        List<AvailabilityNode> nodes = new ArrayList<>(NODES);
        for (int i = 0; i < NODES; i++) {
            double p = LoadGenerator.MIN_PERFORMANCE
                    + (LoadGenerator.MAX_PERFORMANCE - LoadGenerator.MIN_PERFORMANCE) * rng.nextDouble();
            double price = pricing.price(p, rng);
            double pg = Math.min(number("globalCap", 1), Math.abs(occupancy.sample()));
            hold[i] = volume ? VOLUME / p : T;
            cost[i] = price * hold[i];
            double nodeLoad = uniform ? Math.min(1, 2 * load * nodeLoads.nextDouble()) : load;
            List<LocalJob> jobs = localJobs(streams.stream("p003-local-jobs/" + i, run), nodeLoad);
            nodes.add(AvailabilityNode.of(new Node(i, "n" + i, p, price), pg, jobs, List.of()));
        }
        double[] sorted = cost.clone();
        Arrays.sort(sorted);
        double budget = number("factor", 1) * N * (sorted[NODES / 2 - 1] + sorted[NODES / 2]) / 2;
        if (word("budget", "median").equals("beta")) {
            budget *= 1 + 1.2 * (streams.stream("p003-readings-budget", run).nextDouble() - 0.5);
        } else if (word("budget", "median").equals("between")) {
            double[] p0 = new double[NODES];
            for (int i = 0; i < NODES; i++) {
                p0[i] = nodes.get(i).probability(0, hold[i]);
            }
            double unbounded = Double.POSITIVE_INFINITY;
            double maxP =
                    GreedySelection.MAX_P.pick(p0, cost, NODES, N, unbounded).cost();
            double minC =
                    GreedySelection.MIN_C.pick(p0, cost, NODES, N, unbounded).cost();
            budget = number("factor", 1) * (maxP + minC) / 2;
        }
        KnapsackSelection knapsack = new KnapsackSelection(1, 1000);
        int[] chosen = new int[N];
        double[] row = new double[NODES];
        double bestK = 0;
        double bestG = 0;
        double g0 = 0;
        for (int t = 0; t <= (int) L; t++) {
            for (int i = 0; i < NODES; i++) {
                row[i] = nodes.get(i).probability(t, hold[i]);
            }
            double g = GreedySelection.GREEDY_JNT.select(row, cost, NODES, N, budget, chosen);
            if (t == 0) {
                g0 = Math.max(0, g);
            }
            bestG = Math.max(bestG, g);
            double[] top = row.clone();
            Arrays.sort(top);
            double bound = 1;
            for (int j = 0; j < N; j++) {
                bound *= top[NODES - 1 - j];
            }
            if (bound > bestK) {
                double k = knapsack.select(row, cost, NODES, N, budget, chosen);
                bestK = Math.max(bestK, k == StaticSelection.NONE ? 0 : k);
            }
        }
        return new double[] {bestK, bestG, g0};
    }

    /** One node's local jobs: {@link LoadGenerator}'s procedure with this reading's parameters. */
    private List<LocalJob> localJobs(UniformRandomProvider rng, double jobLoad) {
        double warmUp = number("warmup", 4000);
        double releaseSigma = number("releaseSigma", LoadGenerator.SIGMA_RELEASE);
        double from = -warmUp;
        double span = L + T - from;
        double target = jobLoad * (word("span", "LT").equals("L") ? L - from : span);
        ContinuousDistribution.Sampler lengths = LogNormalDistribution.of(
                        Math.log(number("length", LoadGenerator.MEDIAN_JOB_LENGTH)),
                        number("lengthSigma", LoadGenerator.JOB_LENGTH_SIGMA))
                .createSampler(rng);
        List<double[]> drawn = new ArrayList<>();
        double total = 0;
        while (total < target) {
            double submit = from + span * rng.nextDouble();
            double length = lengths.sample();
            drawn.add(new double[] {submit, length});
            total += length;
        }
        drawn.sort(Comparator.comparingDouble(j -> j[0]));
        List<LocalJob> out = new ArrayList<>(drawn.size());
        double free = Double.NEGATIVE_INFINITY;
        for (double[] j : drawn) {
            double start = Math.max(j[0], free);
            free = start + j[1];
            if (start + j[1] * Math.exp(UPPER_TAIL * releaseSigma) > 0) {
                out.add(LocalJob.of(start, j[1], LoadGenerator.SIGMA_START_PER_LENGTH * j[1], releaseSigma));
            }
        }
        return out;
    }
}
