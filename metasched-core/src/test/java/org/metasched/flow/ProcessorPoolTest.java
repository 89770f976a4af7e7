package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time pool against the plain rule: the lowest free ids, one by one, as maximal runs. */
class ProcessorPoolTest {

    /** The ranges the lowest {@code count} free ids make, taken one id at a time. */
    private static List<int[]> naiveAllocate(boolean[] free, int count) {
        List<int[]> ranges = new ArrayList<>();
        for (int id = 0; id < free.length && count > 0; id++) {
            if (free[id]) {
                free[id] = false;
                count--;
                int[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
                if (last != null && last[1] == id - 1) {
                    last[1] = id;
                } else {
                    ranges.add(new int[] {id, id});
                }
            }
        }
        return ranges;
    }

    @Test
    void allocatesAndReleasesExactlyAsIdByIdOnRandomSequences() {
        Random r = new Random(25);
        for (int size : new int[] {1, 2, 63, 64, 65, 127, 128, 129, 200, 1152}) {
            for (int round = 0; round < 20; round++) {
                ProcessorPool pool = new ProcessorPool(size);
                boolean[] free = new boolean[size];
                java.util.Arrays.fill(free, true);
                List<int[]> held = new ArrayList<>(); // {offset, count} of each job holding processors
                for (int step = 0; step < 300; step++) {
                    if (!held.isEmpty() && (pool.free() == 0 || r.nextInt(3) == 0)) {
                        int[] job = held.remove(r.nextInt(held.size()));
                        pool.release(job[0], job[1]);
                        for (int k = 0; k < job[1]; k++) {
                            for (int id = pool.ranges()[job[0] + 2 * k];
                                    id <= pool.ranges()[job[0] + 2 * k + 1];
                                    id++) {
                                free[id] = true;
                            }
                        }
                    } else if (pool.free() > 0) {
                        int count = 1 + r.nextInt(r.nextBoolean() ? pool.free() : Math.min(pool.free(), 8));
                        List<int[]> expected = naiveAllocate(free, count);
                        int offset = pool.allocate(count);
                        assertThat(pool.lastRangeCount()).isEqualTo(expected.size());
                        for (int k = 0; k < expected.size(); k++) {
                            assertThat(new int[] {pool.ranges()[offset + 2 * k], pool.ranges()[offset + 2 * k + 1]})
                                    .isEqualTo(expected.get(k));
                        }
                        held.add(new int[] {offset, pool.lastRangeCount()});
                    }
                    int naiveFree = 0;
                    for (boolean f : free) {
                        naiveFree += f ? 1 : 0;
                    }
                    assertThat(pool.free()).isEqualTo(naiveFree);
                }
            }
        }
    }

    @Test
    void releasingTwiceNamesTheProcessor() {
        ProcessorPool pool = new ProcessorPool(130);
        int a = pool.allocate(70);
        pool.release(a, pool.lastRangeCount());
        assertThatThrownBy(() -> pool.release(a, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("processor 0 released twice");
    }
}
