package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Rows hold until the next one; averages over the whole series and over any window. */
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
    void averagesOverTheSeries() {
        MemoryTimeSeries ts = series();
        assertThat(ts.size()).isEqualTo(3);
        assertThat(ts.spanSeconds()).isEqualTo(4);
        assertThat(ts.meanBusyCores()).isEqualTo((2 * 2 + 6 * 2) / 4.0);
        assertThat(ts.meanUsedMemoryGiB()).isEqualTo((3 * 2 + 7 * 2) / 4.0);
        assertThat(ts.meanQueueLength(2)).isEqualTo(3 * 2 / 4.0);
        assertThat(ts.meanPoolSize(1)).isEqualTo((4 * 2 + 5 * 2) / 4.0);
    }

    @Test
    void averagesOverAWindow() {
        MemoryTimeSeries ts = series();
        // [0, 1): nothing yet; [1, 3): 2 busy; [3, 5): 6; [5, 8): 0
        assertThat(ts.meanBusyCores(0, 8)).isCloseTo((2 * 2 + 6 * 2) / 8.0, within(1e-12));
        assertThat(ts.meanBusyCores(2, 4)).isCloseTo((2 + 6) / 2.0, within(1e-12));
        assertThat(ts.meanQueueLength(2, 3, 5)).isEqualTo(3);
        assertThat(ts.meanPoolSize(2, 0, 3)).isCloseTo(6 * 2 / 3.0, within(1e-12));
        assertThatThrownBy(() -> ts.meanBusyCores(4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ts.add(4, 0, 0, new int[2], new int[2])).isInstanceOf(IllegalArgumentException.class);
    }
}
