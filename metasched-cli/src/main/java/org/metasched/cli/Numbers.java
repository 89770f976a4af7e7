package org.metasched.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Number formatting for terminal tables: at most 4 decimals, no trailing zeros. */
final class Numbers {
    private Numbers() {}

    static String format(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "-" : (v > 0 ? "inf" : "-inf");
        }
        return BigDecimal.valueOf(v)
                .setScale(4, RoundingMode.HALF_EVEN)
                .stripTrailingZeros()
                .toPlainString();
    }

    static String format(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return format(v);
        }
        return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }
}
