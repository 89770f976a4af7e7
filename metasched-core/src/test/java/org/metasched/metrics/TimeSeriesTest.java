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
        assertThat(s.size()).isBetween(50, 100);
        long stride = s.timeSeconds(1) - s.timeSeconds(0);
        for (int i = 1; i < s.size(); i++) {
            assertThat(s.timeSeconds(i) - s.timeSeconds(i - 1)).isEqualTo(stride);
        }
        assertThat(s.timeSeconds(0)).isZero();
    }
}
