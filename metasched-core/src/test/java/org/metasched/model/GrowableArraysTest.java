package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GrowableArraysTest {
    @Test
    void returnsTheSameArrayWhenItFitsElseADoubledCopyWithTheContent() {
        long[] a = {1, 2, 3};
        assertThat(GrowableArrays.ensure(a, 3)).isSameAs(a);
        long[] b = GrowableArrays.ensure(a, 4);
        assertThat(b).hasSize(16).startsWith(1, 2, 3);
        assertThat(GrowableArrays.ensure(new int[100], 101)).hasSize(200);
        assertThat(GrowableArrays.ensure(new double[100], 1000)).hasSize(1000);
        assertThat(GrowableArrays.ensure(new byte[0], 1)).hasSize(16);
        assertThat(GrowableArrays.ensure(new boolean[40], 41)).hasSize(80);
    }

    @Test
    void growthStopsAtTheLargestArrayAndBeyondIsAnError() {
        assertThat(GrowableArrays.grownLength(Integer.MAX_VALUE / 2 + 10, Integer.MAX_VALUE / 2 + 11))
                .isEqualTo(GrowableArrays.MAX_LENGTH);
        assertThatThrownBy(() -> GrowableArrays.grownLength(10, Integer.MAX_VALUE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("beyond the largest array");
        assertThatThrownBy(() -> GrowableArrays.grownLength(10, Integer.MAX_VALUE + 1))
                .hasMessageContaining("2147483648 elements");
    }
}
