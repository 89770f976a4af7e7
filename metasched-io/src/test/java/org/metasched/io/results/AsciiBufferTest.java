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

    /** What appendFixed6 wrote before it formatted the decimals two at a time: round, trim, at least one decimal. */
    private static String fixed6(double v) {
        if (!Double.isFinite(v) || Math.abs(v) >= 1e12) {
            return Double.toString(v);
        }
        long scaled = Math.round(Math.abs(v) * 1_000_000.0);
        StringBuilder b = new StringBuilder();
        if (v < 0 && scaled != 0) {
            b.append('-');
        }
        b.append(scaled / 1_000_000).append('.');
        StringBuilder decimals =
                new StringBuilder(Long.toString(1_000_000 + scaled % 1_000_000).substring(1));
        while (decimals.length() > 1 && decimals.charAt(decimals.length() - 1) == '0') {
            decimals.setLength(decimals.length() - 1);
        }
        return b.append(decimals).toString();
    }

    @Test
    void fixedDecimalsAreRoundedToSixAndTrimmedAsThePlainRuleSays() {
        StringBuilder expected = new StringBuilder();
        AsciiBuffer b = new AsciiBuffer(16);
        double[] edges = {
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5e-6,
            0.49e-6,
            -0.49e-6,
            -0.5e-6,
            1e-6,
            0.1,
            0.000001,
            0.999999,
            0.9999995,
            1.0000005,
            2147.483647,
            2147.4836475,
            2147.483648,
            2147.4836485,
            7_100.0,
            999_999.9999995,
            1e12 - 1e-3,
            1e12,
            -1e12,
            123_456_789.000_001,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.MIN_VALUE,
            1e300
        };
        for (double v : edges) {
            expected.append(fixed6(v)).append(',');
            b.appendFixed6(v).append(',');
        }
        for (int s = 0; s < 3_000_000; s++) { // every six-decimal value below 3, and so every pair of digits
            double v = s / 1_000_000.0;
            expected.append(fixed6(v)).append(',');
            b.appendFixed6(v).append(',');
        }
        Random rnd = new Random(6);
        for (int i = 0; i < 300_000; i++) {
            double v = switch (i % 4) {
                case 0 -> 1 + rnd.nextDouble() * 50; // slowdowns
                case 1 -> rnd.nextDouble() * 3_000; // around the int path's end (2147.48)
                case 2 -> (rnd.nextDouble() - 0.5) * 2e12; // the whole range written with decimals
                default -> Math.scalb(rnd.nextDouble(), rnd.nextInt(60) - 30);
            };
            expected.append(fixed6(v)).append(',');
            b.appendFixed6(v).append(',');
        }
        assertThat(b.toString()).isEqualTo(expected.toString());
    }
}
