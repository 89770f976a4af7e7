package org.metasched.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ToleranceTest {
    @Test
    void belowTenToTheFifthItIsTheSpecsAbsoluteTolerance() {
        assertThat(Tolerance.of(0, 0)).isEqualTo(1e-9);
        assertThat(Tolerance.of(99_999, -3)).isEqualTo(1e-9);
        assertThat(Tolerance.eq(600, 600 + 0.9e-9)).isTrue();
        assertThat(Tolerance.eq(600, 600 + 1.1e-9)).isFalse();
        assertThat(Tolerance.lt(5, 5 + 2e-9)).isTrue();
        assertThat(Tolerance.lt(5, 5 + 0.5e-9)).isFalse();
    }

    /** At trace scale 1e-9 is below a double's resolution; the relative part keeps rounding noise equal. */
    @Test
    void atTraceScaleRoundingNoiseComparesEqualAndRealDifferencesDoNot() {
        double t = 29_363_626; // KTH-SP2's last end, in seconds
        double ulp = Math.ulp(t);
        assertThat(ulp).isGreaterThan(1e-9); // an absolute 1e-9 could not tell these apart from exact equality
        double noisy = t + 8 * ulp;
        assertThat(Tolerance.eq(t, noisy)).isTrue();
        assertThat(Tolerance.lt(t, noisy)).isFalse();
        assertThat(Tolerance.gt(noisy, t)).isFalse();
        assertThat(Tolerance.le(noisy, t)).isTrue();
        assertThat(Tolerance.ge(t, noisy)).isTrue();
        // a millisecond is a real difference even at 10^8 s
        double big = 1e8;
        assertThat(Tolerance.lt(big, big + 1e-3)).isTrue();
        assertThat(Tolerance.eq(big, big + 1e-3)).isFalse();
        assertThat(Tolerance.of(big, big)).isEqualTo(1e-6, org.assertj.core.data.Offset.offset(1e-18));
    }

    @Test
    void infiniteOperandsUseTheAbsoluteTolerance() {
        assertThat(Tolerance.of(1, Double.POSITIVE_INFINITY)).isEqualTo(1e-9);
        assertThat(Tolerance.lt(1e12, Double.POSITIVE_INFINITY)).isTrue();
        assertThat(Tolerance.le(1e12, Double.POSITIVE_INFINITY)).isTrue();
        assertThat(Tolerance.lt(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY))
                .isFalse();
        assertThat(Tolerance.of(Double.NaN, 1)).isEqualTo(1e-9);
    }
}
