package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time smallest size against the plain rule: the least size whose count is above zero. */
class SizeCountsTest {

    private static int naiveSmallest(int[] count) {
        for (int s = 0; s < count.length; s++) {
            if (count[s] > 0) {
                return s;
            }
        }
        return Integer.MAX_VALUE;
    }

    @Test
    void theSmallestSizeIsTheLeastWithAWaitingJobOnRandomSequences() {
        Random r = new Random(17);
        for (int max : new int[] {1, 2, 63, 64, 65, 127, 128, 129, 1152}) {
            for (int round = 0; round < 20; round++) {
                SizeCounts counts = new SizeCounts(max);
                int[] naive = new int[max + 1];
                List<Integer> waiting = new ArrayList<>();
                assertThat(counts.smallest()).isEqualTo(Integer.MAX_VALUE);
                for (int step = 0; step < 2_000; step++) {
                    // arrivals skewed to a few sizes, so that sizes empty and refill; removals of waiting sizes only
                    if (waiting.isEmpty() || r.nextInt(100) < 52) {
                        int size = r.nextBoolean() ? r.nextInt(max + 1) : (r.nextInt(4) * 64 + 1) % (max + 1);
                        counts.add(size);
                        naive[size]++;
                        waiting.add(size);
                    } else {
                        int size = waiting.remove(r.nextInt(waiting.size()));
                        counts.remove(size);
                        naive[size]--;
                    }
                    if (r.nextInt(3) == 0) { // the engine asks after some instants only
                        assertThat(counts.smallest())
                                .as("max %d, round %d, step %d", max, round, step)
                                .isEqualTo(naiveSmallest(naive));
                    }
                }
                while (!waiting.isEmpty()) {
                    counts.remove(waiting.remove(waiting.size() - 1));
                }
                assertThat(counts.smallest()).isEqualTo(Integer.MAX_VALUE);
            }
        }
    }

    @Test
    void aSmallerArrivalAfterTheSearchMovedOnIsFound() {
        SizeCounts counts = new SizeCounts(1152);
        counts.add(1000);
        assertThat(counts.smallest()).isEqualTo(1000);
        counts.add(3);
        assertThat(counts.smallest()).isEqualTo(3);
        counts.remove(3);
        assertThat(counts.smallest()).isEqualTo(1000);
        counts.remove(1000);
        assertThat(counts.smallest()).isEqualTo(Integer.MAX_VALUE);
        counts.add(1152);
        assertThat(counts.smallest()).isEqualTo(1152);
    }
}
