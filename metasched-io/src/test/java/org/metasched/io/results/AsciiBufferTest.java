package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Whole numbers are written as {@link Long#toString} writes them, whatever path the formatting takes. */
class AsciiBufferTest {
    @Test
    void wholeNumbersAreWrittenAsLongToStringWritesThem() {
        StringBuilder expected = new StringBuilder();
        AsciiBuffer b = new AsciiBuffer(16);
        Random rnd = new Random(25);
        long[] edges = {
            0,
            9,
            10,
            99,
            100,
            101,
            999_999_999,
            1_000_000_000,
            Integer.MAX_VALUE,
            Integer.MAX_VALUE + 1L,
            Integer.MIN_VALUE,
            Integer.MIN_VALUE - 1L,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            Long.MIN_VALUE + 1
        };
        for (long v : edges) {
            expected.append(v).append(',');
            b.append(v).append(',');
        }
        for (long p = 1; p <= 1_000_000_000_000_000_000L; p *= 10) { // every length, and around each power of ten
            for (long v : new long[] {p - 1, p, p + 1, -p + 1, -p, -p - 1, 3 * p, 7 * p + 5}) {
                expected.append(v).append(',');
                b.append(v).append(',');
            }
        }
        for (int i = 0; i < 200_000; i++) {
            long v = switch (i % 4) {
                case 0 -> rnd.nextInt(1_000_000); // a job's times, sizes and numbers
                case 1 -> rnd.nextInt() & Integer.MAX_VALUE;
                case 2 -> rnd.nextInt();
                default -> rnd.nextLong();
            };
            expected.append(v).append(',');
            b.append(v).append(',');
        }
        assertThat(b.toString()).isEqualTo(expected.toString());
    }
}
