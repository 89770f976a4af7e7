package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChartThinningTest {
    @Test
    void longLinesKeepFirstLastAndEveryBucketsExtremes() {
        int n = 100_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = Math.sin(i / 50.0);
        }
        y[54_321] = 7; // a spike
        y[12_345] = -9; // a dip
        Series thin = ChartImages.thin(Series.of("s", x, y), 500);
        assertThat(thin.size()).isLessThanOrEqualTo(4 * 500 + 4).isGreaterThan(500);
        assertThat(thin.xAt(0)).isEqualTo(0);
        assertThat(thin.xAt(thin.size() - 1)).isEqualTo(n - 1);
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < thin.size(); i++) {
            max = Math.max(max, thin.yAt(i));
            min = Math.min(min, thin.yAt(i));
            if (i > 0) {
                assertThat(thin.xAt(i)).isGreaterThanOrEqualTo(thin.xAt(i - 1));
            }
        }
        assertThat(max).isEqualTo(7);
        assertThat(min).isEqualTo(-9);
    }

    @Test
    void shortLinesAndLinesWithGapsAreUnchanged() {
        Series small = Series.of("s", new double[] {0, 1, 2}, new double[] {3, 4, 5});
        assertThat(ChartImages.thin(small, 10)).isSameAs(small);
        double[] x = new double[1000];
        double[] y = new double[1000];
        for (int i = 0; i < 1000; i++) {
            x[i] = i;
            y[i] = i == 500 ? Double.NaN : i;
        }
        Series gappy = Series.of("g", x, y);
        assertThat(ChartImages.thin(gappy, 10)).isSameAs(gappy);
    }

    @Test
    void scatterKeepsOnePointPerCellAndTheExtremes() {
        int n = 20_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i % 7 == 0 ? 0 : 1; // two horizontal bands: at most 2 points per column
        }
        y[777] = 100; // an outlier must stay
        Series thin = ChartImages.thinScatter(Series.of("s", x, y), 100, 50);
        assertThat(thin.size()).isLessThanOrEqualTo(100 * 50).isLessThan(400);
        boolean outlier = false;
        for (int i = 0; i < thin.size(); i++) {
            outlier |= thin.yAt(i) == 100;
        }
        assertThat(outlier).isTrue();
    }
}
