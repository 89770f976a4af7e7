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

    /**
     * Every table on the terminal ({@link Numbers#shown}): a value that is not 0 never shows as 0 (a volume of 1e-6
     * did, with 4 decimals), and every value that does not round to 0 at 4 decimals shows as {@link Numbers#format}
     * shows it, so the tables of ordinary values are unchanged.
     */
    @Test
    void aValueThatIsNotZeroNeverShowsAsZeroAndTheOthersAsBefore() {
        assertThat(Numbers.shown(1e-6)).isEqualTo("0.000001");
        assertThat(Numbers.shown(-1e-6)).isEqualTo("-0.000001");
        assertThat(Numbers.shown(0.00004999)).isEqualTo("0.00004999");
        assertThat(Numbers.format(0.00005)).isEqualTo("0"); // half even
        assertThat(Numbers.shown(0.00005)).isEqualTo("0.00005");
        assertThat(Numbers.shown(0.00015)).isEqualTo("0.0002"); // as format
        assertThat(Numbers.shown(1.23456e-7)).isEqualTo("0.0000001235");
        assertThat(Numbers.shown(1e-12)).isEqualTo("0.000000000001");
        assertThat(Numbers.shown(1.23456e-15)).isEqualTo("1.235e-15");
        assertThat(Numbers.shown(Double.MIN_VALUE)).isEqualTo("4.9e-324");
        assertThat(Numbers.shown(0.0)).isEqualTo("0");
        assertThat(Numbers.shown(-0.0)).isEqualTo("0");
        assertThat(Numbers.shown(Double.NaN)).isEqualTo("-");
        SplittableRandom rnd = new SplittableRandom(4);
        for (int i = 0; i < 20_000; i++) {
            double v = Math.pow(10, rnd.nextDouble(-8, 9)) * (rnd.nextBoolean() ? 1 : -1);
            String shown = Numbers.shown(v);
            assertThat(Double.parseDouble(shown)).as("%s", v).isNotZero();
            if (Math.abs(v) > 0.00005) {
                assertThat(shown).as("%s", v).isEqualTo(Numbers.format(v));
            }
        }
        for (double v : new double[] {1, 60, 0.5, 213.3333333, 1185, 1e12, 0.0001, 78.47}) {
            assertThat(Numbers.shown(v)).isEqualTo(Numbers.format(v));
        }
    }

    /** A huge value shows compactly: a volume of 1e308 was 309 digits in the jobs table; every time up to 2^53 in full. */
    @Test
    void hugeValuesShowTheirFirstDigitsAndExponent() {
        assertThat(Numbers.shown(1e308)).isEqualTo("1e308");
        assertThat(Numbers.shown(Double.MAX_VALUE)).isEqualTo("1.798e308");
        assertThat(Numbers.shown(-2.5e20)).isEqualTo("-2.5e20");
        assertThat(Numbers.shown(1e16)).isEqualTo("1e16");
        assertThat(Numbers.shown(123456789e10, 6)).isEqualTo("1.235e18");
        assertThat(Numbers.shown(9007199254740992.0)).isEqualTo("9007199254740992");
        assertThat(Numbers.shown(1.7e15)).isEqualTo("1700000000000000");
        assertThat(Numbers.shown(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        java.io.StringWriter out = new java.io.StringWriter();
        ClientTables.jobs(
                new java.io.PrintWriter(out, true),
                tools.jackson.databind.json.JsonMapper.builder()
                        .build()
                        .readTree("[{\"id\":\"j1\",\"state\":\"queued\",\"user\":\"carol\",\"nodes\":1,"
                                + "\"volume\":1e308,\"budget\":5,\"criterion\":\"cost\",\"reservation\":null}]"));
        assertThat(out.toString().lines().skip(1).findFirst().orElseThrow())
                .isEqualTo(
                        "j1       queued    carol        1    1e308        5 cost             -         -         -         -"
                                + "  -");
    }

    /** {@link Numbers#shown(double, int)}: the same rule at a fixed number of decimals (select's availability: 6). */
    @Test
    void atFixedDecimalsAValueThatIsNotZeroNeverShowsAsZero() {
        assertThat(Numbers.shown(1e-9, 6)).isEqualTo("0.000000001");
        assertThat(Numbers.shown(-4.9996e-7, 6)).isEqualTo("-0.0000005");
        assertThat(Numbers.shown(0.04, 1)).isEqualTo("0.04");
        assertThat(Numbers.shown(0.0, 6)).isEqualTo("0.000000");
        assertThat(Numbers.shown(Double.NaN, 6)).isEqualTo("-");
        for (double v : new double[] {0.5, 0.9375, 1e-6, 0.0000015, 2.675, 1185}) {
            assertThat(Numbers.shown(v, 6)).as("%s", v).isEqualTo(Numbers.format(v, 6));
        }
    }

    /**
     * {@link Numbers#shownFixed}, gang's and memory's {@code %.3f} and {@code %.4f}: a value that is not 0 never shows
     * as 0 ({@code 0.000}, {@code -0.000}); whether it does is {@code %.Nf}'s own rounding, half up, so every other
     * value, 0.0005 at 3 decimals included, is what the formatter writes.
     */
    @Test
    void atTheFormattersDecimalsAValueThatIsNotZeroNeverShowsAsZeroAndTheOthersAsTheFormatterWrites() {
        assertThat(Numbers.shownFixed(0.0004, 3)).isEqualTo("0.0004");
        assertThat(Numbers.shownFixed(-0.0004, 3)).isEqualTo("-0.0004");
        assertThat(Numbers.shownFixed(3e-5, 4)).isEqualTo("0.00003");
        assertThat(Numbers.shownFixed(1.23456e-7, 4)).isEqualTo("0.0000001235");
        assertThat(Numbers.shownFixed(0.0005, 3)).isEqualTo("0.001"); // %.3f rounds half up; half even gives 0.000
        assertThat(Numbers.shownFixed(0.0, 3)).isEqualTo("0.000");
        assertThat(Numbers.shownFixed(-0.0, 3)).isEqualTo("-0.000");
        assertThat(Numbers.shownFixed(Double.NaN, 4)).isEqualTo("NaN");
        SplittableRandom rnd = new SplittableRandom(5);
        for (int decimals = 3; decimals <= 4; decimals++) {
            for (int i = 0; i < 20_000; i++) {
                double v = i % 2 == 0
                        ? Math.pow(10, rnd.nextDouble(-9, 4)) * (rnd.nextBoolean() ? 1 : -1)
                        : (rnd.nextInt(-2_000, 2_000) + 0.5) / Math.pow(10, decimals); // ties
                String formatted = String.format(Locale.ROOT, "%." + decimals + "f", v);
                String shown = Numbers.shownFixed(v, decimals);
                assertThat(Double.parseDouble(shown)).as("%s", v).isNotZero();
                if (Double.parseDouble(formatted) != 0) {
                    assertThat(shown).as("%s", v).isEqualTo(formatted);
                }
            }
        }
    }

    private static void check(double v, int decimals) {
        assertThat(Numbers.fixed(v, decimals))
                .as("%s with %d decimals", v, decimals)
                .isEqualTo(String.format(Locale.ROOT, "%." + decimals + "f", v));
    }
}
