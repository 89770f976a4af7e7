package org.metasched.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Window;

/** Spec oracles T1 (DS-1) and CS-1, plus merging and commit checks. */
class SlotDerivationTest {
    @Test
    void ds1OverlappingBusyIntervalsMergeAndGapsBecomeSlots() {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 1, 1)), 0, 600);
        d.addBusy(0, Interval.of(100, 200));
        d.addBusy(0, Interval.of(150, 250));
        d.addBusy(0, Interval.of(400, 450));
        assertThat(d.slots().asList())
                .extracting(Slot::start, Slot::end)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0.0, 100.0),
                        org.assertj.core.groups.Tuple.tuple(250.0, 400.0),
                        org.assertj.core.groups.Tuple.tuple(450.0, 600.0));
    }

    @Test
    void busyIntervalsOutsideTheHorizonAreIgnoredAndAFullyBusyNodeHasNoSlot() {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 1, 1), Node.of(1, 1, 1)), 100, 200);
        d.addBusy(0, Interval.of(0, 50));
        d.addBusy(0, Interval.of(150, 400));
        d.addBusy(1, Interval.of(50, 250));
        assertThat(d.slots().asList())
                .extracting(Slot::start, Slot::end)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(100.0, 150.0));
    }

    @Test
    void slotsAreOrderedByStartThenNodeIndex() {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 1, 1), Node.of(1, 1, 1), Node.of(2, 1, 1)), 0, 100);
        d.addBusy(0, Interval.of(0, 10));
        d.addBusy(2, Interval.of(0, 5));
        assertThat(d.slots().asList()).extracting(s -> s.node().index()).containsExactly(1, 2, 0);
    }

    @Test
    void cs1CuttingAWindowLeavesBothSidesOfTheHostSlot() {
        Node n1 = Node.of(0, 2, 1);
        Slot host = new Slot(n1, 0, 40);
        SlotList list = SlotList.of(List.of(host));
        // V = 40 on p = 2 runs 20 time units: [10, 30)
        Window w = Window.of(Geometry.ROUGH, 40, 10, List.of(host));
        assertThat(list.cut(w).asList())
                .extracting(Slot::start, Slot::end)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0.0, 10.0),
                        org.assertj.core.groups.Tuple.tuple(30.0, 40.0));
    }

    @Test
    void cuttingAtTheSlotEdgesLeavesNoZeroLengthPieces() {
        Node n1 = Node.of(0, 1, 1);
        Slot host = new Slot(n1, 0, 10);
        Window w = Window.of(Geometry.ROUGH, 10, 0, List.of(host));
        assertThat(SlotList.of(List.of(host)).cut(w).size()).isZero();
    }

    @Test
    void committingAWindowMakesItsIntervalBusyAndRefusesAnOverlap() {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 2, 1)), 0, 100);
        Slot host = d.slots().get(0);
        Window w = Window.of(Geometry.ROUGH, 40, 10, List.of(host));
        d.commit(w);
        assertThat(d.timeline(0).busy()).containsExactly(Interval.of(10, 30));
        assertThatThrownBy(() -> d.commit(w)).isInstanceOf(IllegalStateException.class);
    }
}
