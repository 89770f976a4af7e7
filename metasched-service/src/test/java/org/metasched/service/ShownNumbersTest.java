package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How error messages show numbers ({@link Metascheduler#num}): exactly enough to read back, never a cut exponent. */
class ShownNumbersTest {
    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "60, 60",
        "-3, -3",
        "1e12, 1000000000000",
        "1.7e15, 1700000000000000",
        "1700000000000000.5, 1700000000000000.5",
        "9007199254740992, 9007199254740992",
        "9007199254740994, 9007199254740994",
        "1e16, 10000000000000000",
        "1e21, 1e21",
        "1e300, 1e300",
        "2e300, 2e300",
        "-2.5e300, -2.5e300",
        "1.7976931348623157e308, 1.7976931348623157e308",
        "0.1, 0.1",
        "213.33333333333334, 213.33333333333334",
        "0.000001, 0.000001",
        "2.5e-8, 2.5e-8",
        "4.9e-324, 5e-324",
        "NaN, NaN",
        "Infinity, Infinity"
    })
    void shortestDecimalThatReadsBack(double d, String shown) {
        assertThat(Metascheduler.num(d)).isEqualTo(shown);
    }

    /** Every double comes back from its text, and the text is never longer than Java's own. */
    @Test
    void everyNumberReadsBackExactly() {
        SplittableRandom r = new SplittableRandom(20261127);
        for (int i = 0; i < 100_000; i++) {
            double d = i % 2 == 0
                    ? Double.longBitsToDouble(r.nextLong())
                    : r.nextDouble() * Math.pow(10, r.nextInt(-9, 25));
            if (!Double.isFinite(d)) {
                continue;
            }
            String s = Metascheduler.num(d);
            assertThat(Double.parseDouble(s)).as(s).isEqualTo(d);
            assertThat(s)
                    .as(Double.toString(d))
                    .doesNotContain("+")
                    .doesNotEndWith(".0")
                    .doesNotContain(".0e");
        }
    }
}
