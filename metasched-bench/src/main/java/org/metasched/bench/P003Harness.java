package org.metasched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityNode;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityTable;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.availability.GreedySelection;
import org.metasched.availability.LoadGenerator;
import org.metasched.availability.Selection;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.PricingModel;

/**
 * Why GreedyJnt's availability in {@code reproduce p003-job-load} rises from job load 0 to 0.1-0.2
 * (docs/reproduction.md, P003): the instances of the target (64 nodes, n = 6, T = 200, start times 0-800, global load
 * 0.05, warm-up W, budget {@code factor n T median(price)}, price deviation sigma), and per job load the mean best
 * availability of the knapsack and GreedyJnt over the time scan, GreedyJnt's availability at the single start time 0
 * (no scan), the share of runs whose best GreedyJnt window came from its stage a (MaxP within the budget), b (MaxP/C)
 * or c (MinC), and the share where MaxP fits the budget at time 0. From the repository root: {@code java -cp
 * metasched-bench/target/benchmarks.jar org.metasched.bench.P003Harness [RUNS [SEED [WARMUP [SIGMA [FACTOR]]]]]}
 * (defaults 200, 2021, 4000, 0.2, 1: the target's set-up).
 */
public final class P003Harness {
    private P003Harness() {}

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 2021;
        double warmUp = args.length > 2 ? Double.parseDouble(args[2]) : 4000;
        double sigma = args.length > 3 ? Double.parseDouble(args[3]) : 0.2;
        double factor = args.length > 4 ? Double.parseDouble(args[4]) : 1;
        AvailabilityOptions options =
                AvailabilityOptions.DEFAULTS.withBounded(true).withQuantisation(1, 1000);
        System.out.printf(
                Locale.ROOT,
                "%d runs per load, seed %d, warm-up %.0f, price sigma %.2f, budget %.2f n T median(price)%n",
                runs,
                seed,
                warmUp,
                sigma,
                factor);
        System.out.println("jobLoad  knapsack  greedyJnt  greedyJnt@t=0  bestFromStage a/b/c  maxPFitsAt0");
        for (double load : new double[] {0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9}) {
            double knapsack = 0;
            double greedy = 0;
            double greedyAt0 = 0;
            int[] stage = new int[3];
            int fitsAt0 = 0;
            for (int r = 0; r < runs; r++) {
                LoadGenerator g = new LoadGenerator(64, 0.05, load, 0, 800, 200, warmUp);
                AvailabilityDomain d = g.generate(new RandomStreams(seed), r);
                if (sigma != PricingModel.DEFAULT_SIGMA) {
                    d = repriced(d, sigma, new RandomStreams(seed).stream("p003-harness-prices", r));
                }
                double budget = factor * LoadGenerator.medianPriceBudget(d, 6, 200);
                AvailabilityRequest request = new AvailabilityRequest(6, 200, budget, 0);
                AvailabilityTable t = AvailabilityTable.of(d, request).computeAll();
                knapsack += found(new AvailabilityWindowSearch(AvailabilityStrategy.KNAPSACK, options)
                        .find(t, request)
                        .availability());
                AvailabilityWindow w =
                        new AvailabilityWindowSearch(AvailabilityStrategy.GREEDY_JNT, options).find(t, request);
                greedy += found(w.availability());
                double[] cost = t.costs();
                int m = t.candidates();
                greedyAt0 += found(GreedySelection.GREEDY_JNT
                        .pick(t.at(0), cost, m, 6, budget)
                        .availability());
                if (GreedySelection.MAX_P.pick(t.at(0), cost, m, 6, budget).withinBudget()) {
                    fitsAt0++;
                }
                if (w.availability() > 0) {
                    double[] p = t.at((int) (w.start() - t.firstStart()));
                    Selection maxP = GreedySelection.MAX_P.pick(p, cost, m, 6, budget);
                    Selection maxPc = GreedySelection.MAX_P_C.pick(p, cost, m, 6, budget);
                    stage[maxP.withinBudget() ? 0 : maxPc.withinBudget() ? 1 : 2]++;
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-7.1f  %8.4f  %9.4f  %13.4f  %6.2f/%4.2f/%4.2f  %11.2f%n",
                    load,
                    knapsack / runs,
                    greedy / runs,
                    greedyAt0 / runs,
                    stage[0] / (double) runs,
                    stage[1] / (double) runs,
                    stage[2] / (double) runs,
                    fitsAt0 / (double) runs);
        }
    }

    /** The same nodes and local jobs with prices drawn anew with deviation {@code sigma}. */
    private static AvailabilityDomain repriced(AvailabilityDomain d, double sigma, UniformRandomProvider rng) {
        PricingModel pricing = new PricingModel(1.0, sigma);
        List<AvailabilityNode> nodes = new ArrayList<>();
        for (AvailabilityNode a : d.nodes()) {
            Node n = a.node();
            Node priced = new Node(n.index(), n.id(), n.performance(), pricing.price(n.performance(), rng));
            nodes.add(AvailabilityNode.of(priced, a.occupancy(), a.localJobs(), a.busy()));
        }
        return new AvailabilityDomain(nodes, d.horizonStart(), d.horizonEnd());
    }

    /** An availability below the experiment's window threshold counts as none. */
    private static double found(double availability) {
        return availability >= 1e-3 ? availability : 0;
    }
}
