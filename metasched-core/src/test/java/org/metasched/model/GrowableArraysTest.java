package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GrowableArraysTest {
    @Test
    void anArrayThatFitsIsReturnedAsItIsAndAFullOneDoublesKeepingItsContents() {
        int[] a = {1, 2, 3};
        assertThat(GrowableArrays.ensureCapacity(a, 3)).isSameAs(a);
        int[] b = GrowableArrays.ensureCapacity(a, 4);
        assertThat(b).hasSize(16).startsWith(1, 2, 3);
        long[] l = GrowableArrays.ensureCapacity(new long[64], 65);
        assertThat(l).hasSize(128);
        double[] d = GrowableArrays.ensureCapacity(new double[64], 1000);
        assertThat(d).hasSize(1000);
        assertThat(GrowableArrays.ensureCapacity(new boolean[0], 1)).hasSize(16);
    }

    @Test
    void growthStopsAtTheLargestArrayAndRefusesMore() {
        assertThat(GrowableArrays.grownLength(1_500_000_000, 1_500_000_001)).isEqualTo(GrowableArrays.MAX_LENGTH);
        assertThatThrownBy(() -> GrowableArrays.grownLength(10, Integer.MAX_VALUE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot hold");
    }
}
