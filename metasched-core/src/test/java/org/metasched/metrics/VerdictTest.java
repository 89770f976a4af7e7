package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictTest {
    private static MeanInterval m(double mean, double halfWidth) {
        return new MeanInterval(mean, halfWidth, 10);
    }

    @Test
    void aComparisonHoldsOnlyWithIntervalsApart() {
        assertThat(Verdict.below(m(10, 1), m(13, 1))).isEqualTo(Verdict.HOLDS);
        assertThat(Verdict.below(m(10, 2), m(13, 2))).as("11.9 .. 12 overlap").isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(Verdict.below(m(10, 1.5), m(13, 1.5)))
                .as("touching intervals")
                .isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(Verdict.below(m(13, 0), m(10, 0))).isEqualTo(Verdict.FAILS);
        assertThat(Verdict.below(m(10, 0), m(10, 0))).as("equal means").isEqualTo(Verdict.FAILS);
        assertThat(Verdict.below(new MeanInterval(1, Double.NaN, 1), new MeanInterval(5, Double.NaN, 1)))
                .as("one run: no interval")
                .isEqualTo(Verdict.HOLDS_IN_MEANS);
    }

    @Test
    void aBandHoldsWhenTheWholeIntervalIsInside() {
        assertThat(Verdict.within(m(50, 5), 35, 65)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdict.within(m(62, 5), 35, 65)).isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(Verdict.within(m(66, 0.5), 35, 65)).isEqualTo(Verdict.FAILS);
        assertThat(Verdict.within(m(Double.NaN, 0), 35, 65)).isEqualTo(Verdict.FAILS);
    }

    @Test
    void aFindingIsAsGoodAsItsWorstComparison() {
        assertThat(Verdict.HOLDS.and(Verdict.HOLDS)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdict.HOLDS.and(Verdict.HOLDS_IN_MEANS)).isEqualTo(Verdict.HOLDS_IN_MEANS);
        assertThat(Verdict.FAILS.and(Verdict.HOLDS)).isEqualTo(Verdict.FAILS);
        assertThat(Verdict.HOLDS_IN_MEANS.and(Verdict.FAILS)).isEqualTo(Verdict.FAILS);
        assertThat(Verdict.HOLDS.label()).isEqualTo("holds");
        assertThat(Verdict.HOLDS_IN_MEANS.label()).isEqualTo("in means");
        assertThat(Verdict.FAILS.label()).isEqualTo("fails");
    }
}
