package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class DistributionsTest {

    @Test
    void histogramsShareBinsAndCountEveryValueOnce() {
        List<Series> h =
                Distributions.histograms(List.of(Sample.of("a", 0, 1, 2, 3, 10), Sample.of("b", 5, 5, 9.99)), 5);

        assertThat(h).hasSize(2);
        assertThat(h.get(0).x()).containsExactly(1, 3, 5, 7, 9);
        assertThat(h.get(1).x()).containsExactly(h.get(0).x());
        // [0,2) [2,4) [4,6) [6,8) [8,10]: the maximum falls into the last, closed bin
        assertThat(h.get(0).y()).containsExactly(2, 2, 0, 0, 1);
        assertThat(h.get(1).y()).containsExactly(0, 0, 2, 0, 1);
    }

    @Test
    void binEdgesAreRoundNumbers() {
        Series h = Distributions.histogram(Sample.of("w", 0.3, 17, 250, 936.9), 10);
        assertThat(h.x()).containsExactly(50, 150, 250, 350, 450, 550, 650, 750, 850, 950); // width 100 from 0
        assertThat(h.y()).containsExactly(2, 0, 1, 0, 0, 0, 0, 0, 0, 1);
        Series k = Distributions.histogram(Sample.of("w", 1234, 5678), 40); // raw width 111.1: 200 from 1200
        assertThat(k.xAt(0)).isEqualTo(1300);
        assertThat(k.xAt(1) - k.xAt(0)).isEqualTo(200);
        assertThat(k.size()).isLessThanOrEqualTo(40);
        assertThat(Distributions.roundWidth(0.37)).isEqualTo(0.5);
        assertThat(Distributions.roundWidth(2.2)).isEqualTo(2.5);
        assertThat(Distributions.roundWidth(3000)).isEqualTo(5000);
        assertThat(Distributions.roundWidth(1000)).isEqualTo(1000);
    }

    @Test
    void histogramOfEqualValuesIsOneBinAroundThem() {
        Series h = Distributions.histogram(Sample.of("a", 4, 4, 4), 10);
        assertThat(h.x()).containsExactly(4);
        assertThat(h.y()).containsExactly(3);
        assertThatThrownBy(() -> Distributions.histogram(Sample.of("a", 1), 0)).hasMessageContaining("at least 1 bin");
    }

    @Test
    void cdfStepsAtEachDistinctValue() {
        Series cdf = Distributions.cdf(Sample.of("w", 3, 1, 2, 2));
        assertThat(cdf.x()).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(cdf.y()).containsExactly(0, 0.25, 0.25, 0.75, 0.75, 1);
        assertThat(Distributions.cdf(Sample.of("empty")).size()).isZero();
    }

    @Test
    void stepsHoldEachValueUntilTheNextX() {
        Series s = Distributions.steps(Series.of("q", new double[] {0, 2, 5}, new double[] {1, 3, 0}));
        assertThat(s.x()).containsExactly(0, 2, 2, 5, 5);
        assertThat(s.y()).containsExactly(1, 1, 3, 3, 0);
    }

    @Test
    void samplesAndSeriesRejectBadNumbers() {
        assertThatThrownBy(() -> Sample.of("a", 1, Double.NaN)).hasMessageContaining("value[1]");
        assertThatThrownBy(() -> Series.of("s", new double[] {1, 2}, new double[] {1}))
                .hasMessageContaining("2 x values but 1 y values");
        assertThatThrownBy(() -> Series.of("s", new double[] {1}, new double[] {Double.POSITIVE_INFINITY}))
                .hasMessageContaining("infinite");
    }

    @Test
    void cellsFormatNumbersCompactly() {
        assertThat(Cells.format(null)).isEmpty();
        assertThat(Cells.format(42)).isEqualTo("42");
        assertThat(Cells.format(12.0)).isEqualTo("12");
        assertThat(Cells.format(0.81234)).isEqualTo("0.812");
        assertThat(Cells.format(2.5)).isEqualTo("2.5");
        assertThat(Cells.format(12345.678)).isEqualTo("12345.7");
        assertThat(Cells.format(0.00001234)).isEqualTo("1.234e-05");
        assertThat(Cells.format("text")).isEqualTo("text");
    }
}
