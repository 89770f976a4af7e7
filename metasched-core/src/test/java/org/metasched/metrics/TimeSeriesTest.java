package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TimeSeriesTest {
    private static void offer(TimeSeries s, double t, int... row) {
        s.offer(t, row);
    }

    @Test
    void keepsEverythingWhileSmallAndThinsEvenlyWhenLarge() {
        TimeSeries small = new TimeSeries(3, 100);
        for (int i = 0; i < 50; i++) {
            offer(small, i, 1, i, 1);
        }
        assertThat(small.size()).isEqualTo(50);

        TimeSeries s = new TimeSeries(3, 100);
        for (int i = 0; i < 100_000; i++) {
            offer(s, i, 1, 0, 0);
        }
        assertThat(s.size()).isBetween(50, 101);
        double stride = s.timeSeconds(1) - s.timeSeconds(0);
        assertThat(s.timeSeconds(s.size() - 1)).isEqualTo(99_999); // the last instant, after the even ones
        for (int i = 1; i < s.size() - 1; i++) {
            assertThat(s.timeSeconds(i) - s.timeSeconds(i - 1)).isEqualTo(stride);
        }
        assertThat(s.timeSeconds(0)).isZero();
    }

    @Test
    void theFirstAndLastInstantsAreAlwaysKept() {
        for (int n : new int[] {1, 2, 99, 100, 101, 1001, 99_999, 100_000}) {
            TimeSeries s = new TimeSeries(3, 100);
            for (int i = 0; i < n; i++) {
                offer(s, 10L * i, i == n - 1 ? 1 : 2, i, 7);
            }
            assertThat(s.timeSeconds(0)).as("n=%d", n).isZero();
            int last = s.size() - 1;
            assertThat(s.timeSeconds(last)).as("n=%d", n).isEqualTo(10L * (n - 1));
            assertThat(s.value(last, 0)).isEqualTo(1);
            assertThat(s.value(last, 1)).isEqualTo(n - 1);
            assertThat(s.value(last, 2)).isEqualTo(7);
            assertThat(s.size()).isLessThanOrEqualTo(101);
            for (int i = 1; i < s.size(); i++) {
                assertThat(s.timeSeconds(i)).isGreaterThan(s.timeSeconds(i - 1));
                assertThat(s.value(i, 1)).isEqualTo((int) (s.timeSeconds(i) / 10)); // each row keeps its values
            }
        }
        assertThat(new TimeSeries(3, 100).size()).isZero();
    }

    @Test
    void aThinnedSeriesAveragesEveryRowOffered() {
        TimeSeries thin = new TimeSeries(1, 4);
        TimeSeries all = new TimeSeries(1, TimeSeries.EVERY_ROW);
        for (int i = 0; i <= 1000; i++) {
            offer(thin, i, i % 3);
            offer(all, i, i % 3);
        }
        assertThat(thin.size()).isLessThan(all.size());
        assertThat(all.size()).isEqualTo(1001);
        assertThat(thin.mean(0)).isEqualTo(all.mean(0)).isCloseTo(1.0, within(1e-2));
        assertThat(thin.spanSeconds()).isEqualTo(1000);
    }

    @Test
    void theSameInstantReplacesItsRowAndTimeNeverGoesBack() {
        TimeSeries s = new TimeSeries(2, TimeSeries.EVERY_ROW);
        offer(s, 1, 2, 3);
        offer(s, 3, 4, 5);
        offer(s, 3, 6, 7);
        offer(s, 5, 0, 0);
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.value(1, 0)).isEqualTo(6);
        assertThat(s.mean(0)).isEqualTo((2 * 2 + 6 * 2) / 4.0);
        assertThat(s.mean(1, 0, 8)).isCloseTo((3 * 2 + 7 * 2) / 8.0, within(1e-12));
        double[][] bins = s.binnedMeans(1, 5, 2);
        assertThat(bins[0]).containsExactly(2, 6);
        assertThat(bins[1]).containsExactly(3, 7);
        assertThatThrownBy(() -> offer(s, 4, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.mean(0, 2, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
