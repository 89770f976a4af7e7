package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The workload's columns: submit order, and a builder that goes on after {@code build()} changes nothing built. */
class WorkloadTest {
    @Test
    void aBuilderUsedAgainLeavesTheBuiltWorkloadAsItWas() {
        Workload.Builder b = Workload.builder(8, 2);
        b.add(1, 10, 5, 6, 2).add(2, 20, 7, 7, 3);
        Workload first = b.build();
        b.add(3, 30, 1, 9, 4, false).add(4, 40, 2, 2, 1, true);
        Workload second = b.build();
        assertThat(first.size()).isEqualTo(2);
        assertThat(new long[] {first.id(0), first.id(1)}).containsExactly(1, 2);
        assertThat(new long[] {first.runtimeSeconds(1), first.estimateSeconds(1)})
                .containsExactly(7, 7);
        assertThat(second.size()).isEqualTo(4);
        assertThat(new long[] {second.id(2), second.submitSeconds(2), second.runtimeSeconds(2)})
                .containsExactly(3, 30, 1);
        assertThat(second.processors(3)).isEqualTo(1);
        assertThat(second.killed(3)).isTrue();
        assertThat(second.killed(2)).isFalse();
        // built again without a change: both see the same jobs
        Workload third = b.build();
        b.add(5, 50, 1, 1, 1);
        assertThat(third.size()).isEqualTo(4);
        assertThat(b.size()).isEqualTo(5);
        assertThat(b.submitSeconds(4)).isEqualTo(50);
        assertThatThrownBy(() -> b.submitSeconds(5)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void jobsAreSortedStablyBySubmitTime() {
        Workload.Builder b = Workload.builder(8);
        b.add(1, 30, 5, 5, 1).add(2, 10, 5, 5, 2).add(3, 30, 5, 5, 3).add(4, 10, 5, 5, 4);
        Workload w = b.build();
        assertThat(new long[] {w.id(0), w.id(1), w.id(2), w.id(3)}).containsExactly(2, 4, 1, 3);
        assertThat(new int[] {w.processors(0), w.processors(1), w.processors(2), w.processors(3)})
                .containsExactly(2, 4, 1, 3);
        // the input order is still the builder's
        assertThat(b.submitSeconds(0)).isEqualTo(30);
        b.add(5, 5, 5, 5, 5);
        assertThat(w.size()).isEqualTo(4);
        assertThat(w.id(0)).isEqualTo(2);
    }
}
