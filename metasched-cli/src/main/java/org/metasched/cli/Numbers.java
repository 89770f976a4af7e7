package org.metasched.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Number formatting for terminal tables: at most 4 decimals, no trailing zeros. */
final class Numbers {
    private Numbers() {}

    /** At most 4 decimals; {@link #shown(double)} never shows a value that is not 0 as 0. */
    static String format(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "-" : (v > 0 ? "inf" : "-inf");
        }
        return BigDecimal.valueOf(v)
                .setScale(4, RoundingMode.HALF_EVEN)
                .stripTrailingZeros()
                .toPlainString();
    }

    /**
     * {@link #format(double)}, except for a value that is not 0 but rounds to 0 at 4 decimals: its first 4
     * significant digits ({@code 0.000001}, {@code 0.00004999}; below 1e-12 in exponent form, {@code 1.235e-15}), so
     * that a table never shows as 0 what is not (the client's tables showed a volume or a price of 1e-6 as 0, the
     * batch, select and journal replay tables a cost or a time of 4e-5); and a value of at least {@link #HUGE} its
     * first 4 significant digits with an exponent ({@code 1e308}, {@code 1.798e308}). Every other value is what
     * {@code format} gives. For tables and summaries on the terminal (gang's and memory's too, with {@link
     * #shownFixed} for their fixed decimals); files (CSV, JSON) and the outputs of simulate, run and reproduce do not
     * come here.
     */
    static String shown(double v) {
        String tiny = tiny(v, 4);
        return tiny != null ? tiny : huge(v) ? compact(v) : format(v);
    }

    /** {@link #format(double, int)} with the rule of {@link #shown(double)} at {@code decimals} instead of 4. */
    static String shown(double v, int decimals) {
        String tiny = tiny(v, decimals);
        return tiny != null ? tiny : huge(v) ? compact(v) : format(v, decimals);
    }

    /**
     * The least magnitude {@link #shown} writes compactly: 1e16, past 2^53 (every whole number up to it, epoch times in
     * microseconds included, shows in full, as the live view shows times); a volume of 1e308 was 309 digits.
     */
    static final double HUGE = 1e16;

    private static boolean huge(double v) {
        return Double.isFinite(v) && Math.abs(v) >= HUGE;
    }

    /** A huge value's first 4 significant digits with its exponent: {@code 1e308}, {@code -1.798e308}. */
    private static String compact(double v) {
        BigDecimal r = BigDecimal.valueOf(v)
                .round(new MathContext(4, RoundingMode.HALF_EVEN))
                .stripTrailingZeros();
        String digits = r.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - r.scale();
        return (v < 0 ? "-" : "") + digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "") + "e"
                + exponent;
    }

    /**
     * {@link #fixed(double, int)}, {@code %.Nf}, with the rule of {@link #shown(double)}: a value that is not 0 but
     * that {@code fixed} shows as 0 ({@code 0.000}, {@code -0.000}) shows its first 4 significant digits. Zero is
     * decided by {@code fixed}'s own rounding (half up: 0.0005 at 3 decimals is {@code 0.001}, as before), so every
     * other value is what {@code fixed} gives. For gang's and memory's summaries on the terminal.
     */
    static String shownFixed(double v, int decimals) {
        String s = fixed(v, decimals);
        return v != 0 && Double.isFinite(v) && new BigDecimal(s).signum() == 0 ? significant(v) : s;
    }

    /** The first 4 significant digits of a value that is not 0 but rounds to 0 at {@code decimals}, else null. */
    private static String tiny(double v, int decimals) {
        if (v == 0 || !Double.isFinite(v)) {
            return null;
        }
        if (BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).signum() != 0) {
            return null;
        }
        return significant(v);
    }

    /** The first 4 significant digits of a finite value; below 1e-12 in exponent form ({@code 1.235e-15}). */
    private static String significant(double v) {
        BigDecimal r = BigDecimal.valueOf(v)
                .round(new MathContext(4, RoundingMode.HALF_EVEN))
                .stripTrailingZeros();
        return Math.abs(v) >= 1e-12 ? r.toPlainString() : r.toString().replace('E', 'e');
    }

    static String format(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return format(v);
        }
        return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * What {@code String.format(Locale.ROOT, "%.Nf", v)} gives, N = {@code decimals}, without a
     * {@link java.util.Formatter}: its parsing and set-up cost simulate's summary tens of milliseconds in a JVM
     * without C2 (docs/performance.md). The formatter rounds the digits of {@link Double#toString} half up, as
     * here; it keeps the sign of a negative number that rounds to zero and writes NaN and Infinity as words.
     * {@code NumbersTest} compares the two.
     */
    static String fixed(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        String s = new BigDecimal(Double.toString(v))
                .setScale(decimals, RoundingMode.HALF_UP)
                .toPlainString();
        return (v < 0 || 1 / v < 0) && s.charAt(0) != '-' ? "-" + s : s;
    }

    /** {@code text} right-aligned in {@code width} columns, as {@code %Ns}. */
    static String right(String text, int width) {
        return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
    }

    /** {@code text} left-aligned in {@code width} columns, as {@code %-Ns}. */
    static String left(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }
}
