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
}
