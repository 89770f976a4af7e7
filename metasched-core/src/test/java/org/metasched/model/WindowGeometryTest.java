package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec oracle T2 (G-1). */
class WindowGeometryTest {
    private final Node a = new Node(0, "A", 2, 2);
    private final Node b = new Node(1, "B", 4, 5);
    private final Node c = new Node(2, "C", 5, 4);
    private final List<Slot> hosts = List.of(new Slot(a, 0, 100), new Slot(b, 0, 100), new Slot(c, 0, 100));

    @Test
    void commonGeometryReservesEverySlotForTheSlowestNodesRuntime() {
        Window w = Window.of(Geometry.COMMON, 100, 10, hosts);
        assertThat(w.cost()).isCloseTo(550, within(1e-9));
        assertThat(w.finish()).isCloseTo(60, within(1e-9));
        assertThat(w.runtime()).isCloseTo(50, within(1e-9));
        assertThat(w.processorTime()).isCloseTo(150, within(1e-9));
    }

    @Test
    void roughGeometryReservesEachSlotForItsOwnRuntime() {
        Window w = Window.of(Geometry.ROUGH, 100, 10, hosts);
        assertThat(w.cost()).isCloseTo(305, within(1e-9));
        assertThat(w.runtime()).isCloseTo(50, within(1e-9));
        assertThat(w.finish()).isCloseTo(60, within(1e-9));
        assertThat(w.processorTime()).isCloseTo(95, within(1e-9));
        assertThat(w.allocations()).extracting(Allocation::length).containsExactly(50.0, 25.0, 20.0);
    }
}
