package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The named columns over the rows (their averages: {@code metrics.TimeSeriesTest}). */
class MemoryTimeSeriesTest {
    private static MemoryTimeSeries series() {
        MemoryTimeSeries ts = new MemoryTimeSeries(2);
        ts.add(1, 2, 3, new int[] {1, 0}, new int[] {4, 6});
        ts.add(3, 4, 5, new int[] {0, 2}, new int[] {5, 5});
        ts.add(3, 6, 7, new int[] {0, 3}, new int[] {5, 5}); // same instant: replaces the row
        ts.add(5, 0, 0, new int[] {0, 0}, new int[] {5, 5});
        return ts;
    }

    @Test
    void namesTheColumnsOfItsRows() {
        MemoryTimeSeries ts = series();
        assertThat(ts.size()).isEqualTo(3);
        assertThat(ts.timeSeconds(1)).isEqualTo(3);
        assertThat(ts.busyCores(1)).isEqualTo(6);
        assertThat(ts.usedMemoryGiB(1)).isEqualTo(7);
        assertThat(ts.queueLength(0, 1)).isEqualTo(1);
        assertThat(ts.queueLength(1, 2)).isEqualTo(3);
        assertThat(ts.poolSize(0, 1)).isEqualTo(4);
        assertThat(ts.poolSize(0, 2)).isEqualTo(6);
        assertThat(ts.rows().value(0, ts.pool(2))).isEqualTo(6);
        assertThat(ts.rows().value(1, MemoryTimeSeries.queue(2))).isEqualTo(3);
        assertThat(ts.rows().mean(MemoryTimeSeries.BUSY)).isEqualTo((2 * 2 + 6 * 2) / 4.0);
        assertThat(ts.rows().mean(MemoryTimeSeries.USED)).isEqualTo((3 * 2 + 7 * 2) / 4.0);
        assertThat(ts.rows().mean(ts.pool(1), 0, 8)).isEqualTo((4 * 2 + 5 * 5) / 8.0);
        assertThatThrownBy(() -> ts.add(4, 0, 0, new int[2], new int[2])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MemoryTimeSeries(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
