package org.metasched.window;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.timeline.ResourceDomain;

/** Small random co-allocation problems for differential and invariant tests. */
final class RandomInstances {
    record Instance(ResourceDomain domain, ResourceRequest request) {}

    private RandomInstances() {}

    /**
     * A domain of {@code minNodes..maxNodes} nodes over [0, 100] with up to {@code maxBusy} busy intervals each,
     * and a request of up to 4 nodes. Integer performances and prices half of the time, to provoke ties.
     */
    static Instance next(SplittableRandom rnd, int minNodes, int maxNodes, int maxBusy) {
        int k = minNodes + rnd.nextInt(maxNodes - minNodes + 1);
        boolean integral = rnd.nextBoolean();
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            double p = integral ? 1 + rnd.nextInt(6) : rnd.nextDouble(1, 10);
            double c = integral ? 1 + rnd.nextInt(5) : rnd.nextDouble(0.5, 5);
            nodes.add(Node.of(i, p, c));
        }
        ResourceDomain d = new ResourceDomain(nodes, 0, 100);
        for (int i = 0; i < k; i++) {
            int busy = rnd.nextInt(maxBusy + 1);
            for (int b = 0; b < busy; b++) {
                double a = integral ? rnd.nextInt(95) : rnd.nextDouble(0, 95);
                double len = integral ? 1 + rnd.nextInt(25) : rnd.nextDouble(1, 25);
                d.addBusy(i, Interval.of(a, Math.min(100, a + len)));
            }
        }
        int n = 1 + rnd.nextInt(Math.min(4, k));
        double volume = integral ? 5 + rnd.nextInt(56) : rnd.nextDouble(5, 60);
        double budget = rnd.nextInt(4) == 0
                ? Double.POSITIVE_INFINITY
                : n * volume * rnd.nextDouble(0.2, 1.5) * (integral ? 1 : rnd.nextDouble(0.5, 1.5));
        double arrival = rnd.nextBoolean() ? 0 : (integral ? rnd.nextInt(50) : rnd.nextDouble(0, 50));
        double minPerf = rnd.nextInt(4) == 0 ? (integral ? 2 : rnd.nextDouble(1, 4)) : 0;
        double maxPrice = rnd.nextInt(3) == 0 ? (integral ? 3 : rnd.nextDouble(1, 5)) : Double.POSITIVE_INFINITY;
        return new Instance(d, new ResourceRequest(n, volume, minPerf, budget, arrival, maxPrice));
    }

    /**
     * Prices with cents: {@code minNodes..maxNodes} nodes over [0, 100] with performance 1, 2, 4 or 5 and a price of
     * 0.01 to 0.50, whole busy intervals, a request of up to 3 nodes with volume 20, 40 or 60 (so every occupation
     * {@code V / p} is whole and every cost a whole number of cents) and a budget in cents of at most 100: half of
     * the time the exact ROUGH cost of some n nodes (a window costing just the budget), else a random fraction of
     * the n dearest.
     */
    static Instance cents(SplittableRandom rnd, int minNodes, int maxNodes, int maxBusy) {
        int[] perfs = {1, 2, 4, 5};
        int k = minNodes + rnd.nextInt(maxNodes - minNodes + 1);
        int volume = 20 * (1 + rnd.nextInt(3));
        List<Node> nodes = new ArrayList<>();
        long[] costCents = new long[k];
        for (int i = 0; i < k; i++) {
            int p = perfs[rnd.nextInt(perfs.length)];
            int cents = 1 + rnd.nextInt(50);
            nodes.add(Node.of(i, p, cents / 100.0));
            costCents[i] = (long) cents * (volume / p);
        }
        ResourceDomain d = new ResourceDomain(nodes, 0, 100);
        for (int i = 0; i < k; i++) {
            int busy = rnd.nextInt(maxBusy + 1);
            for (int b = 0; b < busy; b++) {
                int a = rnd.nextInt(95);
                d.addBusy(i, Interval.of(a, Math.min(100, a + 1 + rnd.nextInt(25))));
            }
        }
        int n = 1 + rnd.nextInt(Math.min(3, k));
        long budgetCents = 0;
        if (rnd.nextBoolean()) {
            for (int j = 0; j < n; j++) {
                budgetCents += costCents[rnd.nextInt(k)];
            }
        } else {
            long[] sorted = costCents.clone();
            java.util.Arrays.sort(sorted);
            for (int j = 0; j < n; j++) {
                budgetCents += sorted[k - 1 - j];
            }
            budgetCents = (long) (budgetCents * rnd.nextDouble(0.3, 1.1));
        }
        double budget = Math.max(1, Math.min(10_000, budgetCents)) / 100.0;
        int arrival = rnd.nextBoolean() ? 0 : rnd.nextInt(50);
        double minPerf = rnd.nextInt(4) == 0 ? 2 : 0;
        return new Instance(d, new ResourceRequest(n, volume, minPerf, budget, arrival, Double.POSITIVE_INFINITY));
    }
}
