package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CellsTest {

    /** How formatDouble formatted before it rounded with BigDecimal. */
    private static String withFormatter(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        double a = Math.abs(v);
        if (v == Math.rint(v) && a < 1e15) {
            return Long.toString((long) v);
        }
        if (a >= 1e9 || a < 1e-3) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        String s = String.format(Locale.ROOT, a >= 1000 ? "%.1f" : "%.3f", v);
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    @Test
    void formatsAsTheFormatterDid() {
        Random r = new Random(3);
        for (int i = 0; i < 300_000; i++) {
            double v = switch (i % 6) {
                case 0 -> r.nextInt(2_000_000) / 1000.0 - 1000; // three decimals, halves included
                case 1 -> r.nextInt(2_000_000) / 2000.0; // ties at the fourth decimal
                case 2 -> Math.pow(10, r.nextDouble() * 12 - 3) * (r.nextBoolean() ? 1 : -1);
                case 3 -> r.nextInt(100_000_000) / 100.0; // ties at the second decimal above 1000
                case 4 -> Double.longBitsToDouble(r.nextLong());
                default -> Math.round(r.nextGaussian() * 1e6) / 20.0;
            };
            assertThat(Cells.formatDouble(v)).as("%s", v).isEqualTo(withFormatter(v));
        }
        for (double v : new double[] {
            0.0005,
            0.0015,
            0.9995,
            999.9995,
            999.95,
            1000.05,
            0.125,
            2.675,
            1.0005,
            -0.0015,
            -2.675,
            0.001,
            999_999_999.95,
            999_999_999.94,
            0.1 + 0.2,
            1e-3,
            0.00099999
        }) {
            assertThat(Cells.formatDouble(v)).as("%s", v).isEqualTo(withFormatter(v));
        }
    }
}
