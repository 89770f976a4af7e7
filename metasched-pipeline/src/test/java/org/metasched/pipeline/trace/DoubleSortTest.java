package org.metasched.pipeline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link DoubleSort} puts every value where {@link Arrays#sort(double[])} puts it. */
class DoubleSortTest {
    private static final double[] SPECIAL = {
        0.0,
        -0.0,
        Double.NaN,
        Double.longBitsToDouble(0x7ff0_0000_0000_0001L), // a NaN of another payload
        Double.longBitsToDouble(0xfff8_0000_0000_0000L), // a NaN with its sign bit set
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        1.0,
        -1.0
    };

    @Test
    void sortsAsArraysSortDoesOnRandomArrays() {
        Random rnd = new Random(2727);
        for (int round = 0; round < 2_000; round++) {
            int n = rnd.nextInt(round < 1_000 ? 12 : 3_000);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = switch (rnd.nextInt(5)) {
                    case 0 -> SPECIAL[rnd.nextInt(SPECIAL.length)];
                    case 1 -> rnd.nextInt(7) - 3; // many equal values
                    case 2 -> 1 + rnd.nextDouble() * 100; // bounded slowdowns
                    case 3 -> Double.longBitsToDouble(rnd.nextLong()); // any bits
                    default -> (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(40) - 20);
                };
            }
            double[] expected = a.clone();
            Arrays.sort(expected);
            double[] actual = a.clone();
            DoubleSort.sort(actual);
            for (int i = 0; i < n; i++) {
                if (Double.isNaN(expected[i])) { // NaNs are last in both; their payloads may come in another order
                    assertThat(actual[i]).as("round %d, index %d", round, i).isNaN();
                } else {
                    assertThat(Double.doubleToRawLongBits(actual[i]))
                            .as("round %d, index %d: %s", round, i, actual[i])
                            .isEqualTo(Double.doubleToRawLongBits(expected[i]));
                }
            }
        }
    }

    @Test
    void keepsTheValuesOfAnArrayWhoseKeysShareEveryDigitButOne() {
        double[] a = {3.0, 2.0, 3.0, 2.0, 2.0};
        DoubleSort.sort(a);
        assertThat(a).containsExactly(2.0, 2.0, 2.0, 3.0, 3.0);
    }
}
