package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.PricingModel;
import org.metasched.timeline.SlotList;

/**
 * CSA's alternatives with each AMP search resuming at the previous alternative's start against CSA by its
 * definition, every AMP search scanning the whole cut list: on random P002 domains (1 to 16 nodes, idle or loaded,
 * horizons of 100 to 3,000, times moved to an epoch-scale origin one time in five), jobs of 1 to 4 nodes with budgets
 * from poor to unbounded, later arrivals, minimum performances and price caps, in both geometries, the same windows
 * in the same order, equal in every double.
 */
class CsaResumingTest {
    @Test
    void resumingFindsTheAlternativesOfTheWholeScans() {
        RandomStreams streams = new RandomStreams(1128);
        int alternatives = 0;
        int longest = 0;
        for (int run = 0; run < 600; run++) {
            UniformRandomProvider r = streams.stream("case", run);
            SlotList slots = domain(r, streams.stream("nodes", run));
            ResourceRequest request = request(r);
            Geometry geometry = r.nextInt(4) == 0 ? Geometry.COMMON : Geometry.ROUGH;
            int cap = r.nextInt(6) == 0 ? 1 + r.nextInt(5) : Integer.MAX_VALUE;
            List<Window> expected =
                    new CsaWindowSearch(CsaCriterion.COST, cap, false).alternatives(slots, request, geometry);
            List<Window> actual =
                    new CsaWindowSearch(CsaCriterion.COST, cap, true).alternatives(slots, request, geometry);
            assertThat(actual)
                    .as("run " + run + " (" + geometry + ", " + slots.size() + " slots, " + request + ")")
                    .isEqualTo(expected);
            alternatives += expected.size();
            longest = Math.max(longest, expected.size());
        }
        assertThat(alternatives).as("alternatives found").isGreaterThan(8_000);
        assertThat(longest).as("the most alternatives of a problem").isGreaterThan(200);
    }

    private static SlotList domain(UniformRandomProvider r, UniformRandomProvider nodes) {
        double horizon = 100 + r.nextInt(2900);
        SlotList slots = generated(r, nodes, 16, horizon);
        if (r.nextInt(5) != 0) {
            return slots;
        }
        return moved(slots, r.nextBoolean() ? 1.7e9 : 1.7e15, 1);
    }

    /** A random P002 domain of 1 to {@code maxNodes} nodes on {@code [0, horizon]}, idle or loaded. */
    static SlotList generated(UniformRandomProvider r, UniformRandomProvider nodes, int maxNodes, double horizon) {
        double load = r.nextInt(4) == 0 ? 0 : 0.1 + 0.4 * r.nextDouble();
        return new DomainGenerator(
                        1 + r.nextInt(maxNodes),
                        2,
                        10,
                        horizon,
                        Math.min(load, 0.1),
                        load,
                        PricingModel.DEFAULT_SIGMA,
                        r.nextBoolean())
                .generate(nodes)
                .slots();
    }

    /** Every time t of {@code slots} as {@code origin + stretch * t}. */
    static SlotList moved(SlotList slots, double origin, double stretch) {
        List<Slot> moved = new ArrayList<>();
        for (Slot s : slots.asList()) {
            moved.add(new Slot(s.node(), origin + stretch * s.start(), origin + stretch * s.end()));
        }
        return SlotList.of(moved);
    }

    private static ResourceRequest request(UniformRandomProvider r) {
        return request(r, 1, 0, 5, 80);
    }

    /**
     * A random job of 1 to 4 nodes, its volume {@code stretch} times {@code minVolume} to {@code minVolume + volumes -
     * 1}, its budget poor to unbounded, its arrival at {@code origin} or later, some with a minimum performance or a
     * price cap.
     */
    static ResourceRequest request(UniformRandomProvider r, double stretch, double origin, int minVolume, int volumes) {
        int n = 1 + r.nextInt(4);
        double volume = stretch * (minVolume + r.nextInt(volumes));
        double budget = r.nextInt(3) == 0 ? Double.POSITIVE_INFINITY : n * volume * (0.5 + 2 * r.nextDouble());
        double arrival = r.nextInt(3) == 0 ? origin + stretch * r.nextInt(200) : origin;
        double minPerformance = r.nextInt(4) == 0 ? 2 + r.nextInt(5) : 0;
        double maxPrice = r.nextInt(5) == 0 ? 2 + 6 * r.nextDouble() : Double.POSITIVE_INFINITY;
        return new ResourceRequest(n, volume, minPerformance, budget, arrival, maxPrice);
    }
}
