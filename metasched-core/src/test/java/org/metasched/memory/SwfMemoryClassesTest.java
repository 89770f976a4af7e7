package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Trace memory (KiB per processor, fields 10 and 7) to classes, every job under a named rule. */
class SwfMemoryClassesTest {
    private static final long GIB = SwfMemoryClasses.KIB_PER_GIB;

    @Test
    void thresholdsAndRules() {
        long[] requested = {0, GIB, GIB + 1, 3 * GIB, 3 * GIB + 1, -1, -1, -1};
        long[] used = {-1, -1, 5, -1, -1, 2 * GIB, 512, -1};
        SwfMemoryClasses m = SwfMemoryClasses.map(requested, used, List.of(1, 2, 3), 1);
        assertThat(new int[] {
                    m.memoryClass(0),
                    m.memoryClass(1),
                    m.memoryClass(2),
                    m.memoryClass(3),
                    m.memoryClass(4),
                    m.memoryClass(5),
                    m.memoryClass(6),
                    m.memoryClass(7)
                })
                .containsExactly(1, 1, 2, 3, 0, 2, 1, 1);
        assertThat(m.count(SwfMemoryClasses.Rule.REQUESTED_MEMORY)).isEqualTo(4);
        assertThat(m.count(SwfMemoryClasses.Rule.ABOVE_LARGEST_CLASS)).isEqualTo(1);
        assertThat(m.count(SwfMemoryClasses.Rule.USED_MEMORY_FALLBACK)).isEqualTo(2);
        assertThat(m.count(SwfMemoryClasses.Rule.NO_MEMORY)).isEqualTo(1);
        assertThat(SwfMemoryClasses.Rule.NO_MEMORY.counterName()).isEqualTo("noMemory");
    }

    @Test
    void jobsWithoutMemoryTakeTheDefaultClass() {
        SwfMemoryClasses m = SwfMemoryClasses.map(new long[] {-1, -1}, new long[] {-1, -1}, List.of(1, 2, 4), 2);
        assertThat(m.memoryClass(0)).isEqualTo(2);
        assertThat(m.count(SwfMemoryClasses.Rule.NO_MEMORY)).isEqualTo(2);
        assertThatThrownBy(() -> SwfMemoryClasses.map(new long[1], new long[1], List.of(1, 2), 3))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
