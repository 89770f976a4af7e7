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
        // the second job arrives first and takes the fastest node N3 at 1; the first takes N2 at 5 (finish 9 < 3+... )
        assertThat(p.get(1).window().start()).isEqualTo(1.0);
        assertThat(p.get(1).window().allocations().get(0).node().id()).isEqualTo("N3");
        assertThat(p.get(0).window().start()).isGreaterThanOrEqualTo(5.0);
    }

    private static void assertWindow(Window w, double start, double finish, String... nodes) {
        assertThat(w.start()).isCloseTo(start, within(1e-9));
        assertThat(w.finish()).isCloseTo(finish, within(1e-9));
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly(nodes);
    }
}
