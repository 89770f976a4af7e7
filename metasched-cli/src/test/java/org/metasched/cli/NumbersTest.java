package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Numbers}' fixed-point and padding helpers write what {@code String.format} writes. */
class NumbersTest {
    @Test
    void fixedIsWhatTheFormatterWrites() {
        SplittableRandom rnd = new SplittableRandom(25);
        double[] special = {
            0.0,
            -0.0,
            0.005,
            0.015,
            0.125,
            2.675,
            1.0005,
            -0.001,
            -0.0049,
            -0.005,
            1e-9,
            -1e-9,
            99999.995,
            1e15,
            123456789.125,
            Double.MIN_VALUE,
            Double.MAX_VALUE,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        for (int decimals = 0; decimals <= 4; decimals++) {
            for (double v : special) {
                check(v, decimals);
            }
            for (int i = 0; i < 50_000; i++) {
                // magnitudes from 1e-6 to 1e9, both signs, and values on a grid of ties (k / 2 * 10^-decimals)
                double v = switch (i % 3) {
                    case 0 -> Math.pow(10, rnd.nextDouble(-6, 9)) * (rnd.nextBoolean() ? 1 : -1);
                    case 1 -> (rnd.nextInt(-2_000_000, 2_000_000) + 0.5) / Math.pow(10, decimals);
                    default -> rnd.nextLong(0, 10_000_000_000L) / 1000.0;
                };
                check(v, decimals);
            }
        }
    }

    @Test
    void paddingIsWhatTheFormatterWrites() {
        for (String s : new String[] {"", "a", "mean", "bounded slowdown", "a text longer than the width"}) {
            for (int w : new int[] {1, 8, 14, 20}) {
                assertThat(Numbers.right(s, w)).isEqualTo(String.format(Locale.ROOT, "%" + w + "s", s));
                assertThat(Numbers.left(s, w)).isEqualTo(String.format(Locale.ROOT, "%-" + w + "s", s));
            }
        }
    }

    private static void check(double v, int decimals) {
        assertThat(Numbers.fixed(v, decimals))
                .as("%s with %d decimals", v, decimals)
                .isEqualTo(String.format(Locale.ROOT, "%." + decimals + "f", v));
    }
}
