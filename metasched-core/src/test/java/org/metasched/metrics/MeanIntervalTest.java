package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
    @Test
    void tenRunsUseStudentsT9() {
        double[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        MeanInterval m = MeanInterval.of(x);
        assertThat(m.mean()).isEqualTo(5.5);
        // sd = sqrt(82.5 / 9) = 3.02765; t(0.975, 9) = 2.262157
        assertThat(m.halfWidth95()).isCloseTo(2.262157 * 3.0276504 / Math.sqrt(10), within(1e-5));
        assertThat(m.count()).isEqualTo(10);
    }

    @Test
    void oneValueHasNoInterval() {
        assertThat(MeanInterval.of(new double[] {4}).halfWidth95()).isNaN();
        assertThat(MeanInterval.of(new double[] {3, 3, 3}).halfWidth95()).isZero();
        assertThatThrownBy(() -> MeanInterval.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
