package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeSeriesTest {
    @Test
    void keepsEverythingWhileSmallAndThinsEvenlyWhenLarge() {
        TimeSeries small = new TimeSeries(100);
        for (int i = 0; i < 50; i++) {
            small.offer(i, 0.5, i, 1);
        }
        assertThat(small.size()).isEqualTo(50);

        TimeSeries s = new TimeSeries(100);
        for (int i = 0; i < 100_000; i++) {
            s.offer(i, 0.5, 0, 0);
        }
        assertThat(s.size()).isBetween(50, 101);
        long stride = s.timeSeconds(1) - s.timeSeconds(0);
        assertThat(s.timeSeconds(s.size() - 1)).isEqualTo(99_999); // the last instant, after the even ones
        for (int i = 1; i < s.size() - 1; i++) {
            assertThat(s.timeSeconds(i) - s.timeSeconds(i - 1)).isEqualTo(stride);
        }
        assertThat(s.timeSeconds(0)).isZero();
    }

    @Test
    void theFirstAndLastInstantsAreAlwaysKept() {
        for (int n : new int[] {1, 2, 99, 100, 101, 1001, 99_999, 100_000}) {
            TimeSeries s = new TimeSeries(100);
            for (int i = 0; i < n; i++) {
                s.offer(10L * i, i == n - 1 ? 0.25 : 0.5, i, 7);
            }
            assertThat(s.timeSeconds(0)).as("n=%d", n).isZero();
            int last = s.size() - 1;
            assertThat(s.timeSeconds(last)).as("n=%d", n).isEqualTo(10L * (n - 1));
            assertThat(s.utilization(last)).isEqualTo(0.25);
            assertThat(s.waitingJobs(last)).isEqualTo(n - 1);
            assertThat(s.runningJobs(last)).isEqualTo(7);
            assertThat(s.size()).isLessThanOrEqualTo(101);
            long[] times = s.times();
            assertThat(times).hasSize(s.size());
            for (int i = 1; i < times.length; i++) {
                assertThat(times[i]).isGreaterThan(times[i - 1]);
            }
        }
        assertThat(new TimeSeries(100).size()).isZero();
    }
}
