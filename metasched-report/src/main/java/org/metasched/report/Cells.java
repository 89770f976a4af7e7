package org.metasched.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Formats table cells and tooltip values the same way everywhere (locale-independent). */
public final class Cells {

    private Cells() {}

    /**
     * The text shown for a cell: {@code null} becomes empty, integers print in full, other numbers
     * with at most three decimals (one above 1000, scientific when very large or very small).
     */
    public static String format(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            return formatDouble(((Number) value).doubleValue());
        }
        return value.toString();
    }

    static boolean isNumeric(Object value) {
        return value instanceof Number;
    }

    static String formatDouble(double v) {
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
        String s = fixed(v, a >= 1000 ? 1 : 3);
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * What {@code String.format(Locale.ROOT, "%.Nf", v)} gives for {@code decimals} = N and a finite {@code v} whose
     * rounded value is not zero: the formatter rounds the digits of {@link Double#toString} half up, which is what
     * {@link BigDecimal} does here, without a {@link java.util.Formatter} (its parsing and set-up are slow in a JVM
     * without C2). {@code CellsTest} compares the two.
     */
    static String fixed(double v, int decimals) {
        return new BigDecimal(Double.toString(v))
                .setScale(decimals, RoundingMode.HALF_UP)
                .toPlainString();
    }
}
