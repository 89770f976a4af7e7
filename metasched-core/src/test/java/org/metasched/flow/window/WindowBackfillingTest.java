package org.metasched.flow.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.window.WindowSearches;

/** Spec oracle T6: example P0-2, the whole backfilling run under all five P000 criteria. */
class WindowBackfillingTest {
    private static ResourceDomain domain(double horizon) {
        return new ResourceDomain(
                List.of(new Node(0, "N1", 2, 1), new Node(1, "N2", 4, 1), new Node(2, "N3", 8, 1)), 0, horizon);
    }

    private static final List<ResourceRequest> QUEUE = List.of(
            ResourceRequest.of(2, 32), ResourceRequest.of(1, 16), ResourceRequest.of(3, 24), ResourceRequest.of(1, 8));

    @ParameterizedTest(name = "{0} H1={3}")
    @CsvSource({
        "bf-start, 12.25, 28, 10000",
        "bf-finish, 14.25, 21, 10000",
        "bf-short, 14.1075, 20.79, 10000",
        "past, 14.25, 21, 10000",
        "cop, 14.25, 21, 10000",
        "bf-start, 12.25, 28, 1000000",
        "cop, 14.25, 21, 1000000"
    })
    void averagesAndMakespan(String criterion, double meanFinish, double makespan, double horizon) {
        WindowBackfilling.Schedule s = new WindowBackfilling(WindowSearches.create(criterion), Geometry.COMMON)
                .schedule(domain(horizon), QUEUE);
        assertThat(s.unscheduled()).isZero();
        assertThat(s.meanFinish()).isCloseTo(meanFinish, within(1e-9));
        assertThat(s.makespan()).isCloseTo(makespan, within(1e-9));
    }

    @Test
    void bfStartPutsJ1OnTheSlowestNodesAndBackfillsJ4BeforeJ3() {
        var p = new WindowBackfilling(WindowSearches.create("bf-start"), Geometry.COMMON)
                .schedule(domain(10_000), QUEUE)
                .placements();
        assertWindow(p.get(0).window(), 0, 16, "N1", "N2");
        assertWindow(p.get(1).window(), 0, 2, "N3");
        assertWindow(p.get(2).window(), 16, 28, "N1", "N2", "N3");
        assertWindow(p.get(3).window(), 2, 3, "N3");
    }

    @Test
    void bfFinishPutsJ1OnTheFastestNodes() {
        var p = new WindowBackfilling(WindowSearches.create("bf-finish"), Geometry.COMMON)
                .schedule(domain(10_000), QUEUE)
                .placements();
        assertWindow(p.get(0).window(), 0, 8, "N2", "N3");
        assertWindow(p.get(1).window(), 0, 8, "N1");
        assertWindow(p.get(2).window(), 8, 20, "N1", "N2", "N3");
        assertWindow(p.get(3).window(), 20, 21, "N3");
    }

    @Test
    void arrivalsDelayStartsAndReorderTheQueue() {
        List<ResourceRequest> q = List.of(
                ResourceRequest.of(1, 16).withArrival(5),
                ResourceRequest.of(1, 16).withArrival(1));
        var p = new WindowBackfilling(WindowSearches.create("bf-finish"), Geometry.COMMON)
                .scheduleByArrival(domain(10_000), q)
                .placements();
        // the second job arrives first and takes the fastest node N3 over [1, 3); the first, arriving at 5,
        // finishes earliest on N3 again, over [5, 7)
        assertWindow(p.get(1).window(), 1, 3, "N3");
        assertWindow(p.get(0).window(), 5, 7, "N3");
    }

    /**
     * Invariant on random P000-like queues: the schedule never double-books a node (every commit is accepted by
     * the domain), every job starts no earlier than its arrival, and the incrementally cut slot list equals the
     * slots derived again from the domain.
     */
    @Test
    void randomQueuesNeverDoubleBookAndCutSlotsEqualDerivedSlots() {
        for (int run = 0; run < 40; run++) {
            var rng = new org.metasched.random.RandomStreams(77).stream("jobs", run);
            ResourceDomain d = org.metasched.timeline.DomainGenerator.p000(8)
                    .generate(new org.metasched.random.RandomStreams(77).stream("nodes", run));
            java.util.List<ResourceRequest> q = new java.util.ArrayList<>();
            for (int j = 0; j < 30; j++) {
                q.add(ResourceRequest.of(1 + rng.nextInt(4), 60 + 1140 * rng.nextDouble())
                        .withArrival(rng.nextInt(3) == 0 ? 500 * rng.nextDouble() : 0));
            }
            for (String c : new String[] {"bf-start", "bf-finish", "cop", "past"}) {
                ResourceDomain copy = d.copy();
                var s = new WindowBackfilling(WindowSearches.create(c), Geometry.COMMON).scheduleByArrival(copy, q);
                assertThat(s.unscheduled()).isZero();
                for (var p : s.placements()) {
                    assertThat(p.window().start())
                            .isGreaterThanOrEqualTo(p.request().arrival());
                }
                // the domain accepted every commit; re-deriving gives what the cuts gave
                ResourceDomain replay = d.copy();
                org.metasched.timeline.SlotList cut = replay.slots();
                for (int j : orderByArrival(q)) {
                    Window w = s.placements().get(j).window();
                    replay.commit(w);
                    cut = cut.cut(w);
                }
                assertThat(cut.asList()).isEqualTo(replay.slots().asList());
            }
        }
    }

    private static java.util.List<Integer> orderByArrival(java.util.List<ResourceRequest> q) {
        java.util.List<Integer> order = new java.util.ArrayList<>();
        for (int j = 0; j < q.size(); j++) {
            order.add(j);
        }
        order.sort(java.util.Comparator.comparingDouble((Integer j) -> q.get(j).arrival())
                .thenComparingInt(j -> j));
        return order;
    }

    private static void assertWindow(Window w, double start, double finish, String... nodes) {
        assertThat(w.start()).isCloseTo(start, within(1e-9));
        assertThat(w.finish()).isCloseTo(finish, within(1e-9));
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly(nodes);
    }
}
