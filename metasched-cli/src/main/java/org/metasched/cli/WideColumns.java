package org.metasched.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table printed through a format of {@code %Ns} and {@code %-Ns} columns (and an unpadded last {@code %s}), each
 * padded column as wide as the format says or as its widest cell, header included: a balance of -3000000000002.469 or
 * a time near 9e15 pushed every later column of its row out of line. With cells that fit, the output is the format's.
 */
final class WideColumns {
    private static final Pattern COLUMN = Pattern.compile("%(-?)(\\d+)s");

    private final String format;
    private final List<Object[]> rows = new ArrayList<>();

    /** @param format the row format, ending in {@code %n} */
    WideColumns(String format) {
        this.format = format;
    }

    /** Adds a row (the header first); cells are printed as {@link String#valueOf}. */
    WideColumns row(Object... cells) {
        rows.add(cells);
        return this;
    }

    /** Prints every row with each padded column widened to its widest cell. */
    void print(PrintWriter o) {
        Matcher m = COLUMN.matcher(format);
        StringBuilder wide = new StringBuilder();
        int cellIndex = 0;
        int last = 0;
        int at = 0;
        while (m.find()) {
            // the cell this column prints: every % before it that is not %n or %% takes one
            cellIndex += cellsBetween(format, last, m.start());
            int width = Integer.parseInt(m.group(2));
            for (Object[] r : rows) {
                width = Math.max(width, String.valueOf(r[cellIndex]).length());
            }
            wide.append(format, at, m.start())
                    .append('%')
                    .append(m.group(1))
                    .append(width)
                    .append('s');
            at = m.end();
            last = m.end();
            cellIndex++;
        }
        wide.append(format.substring(at));
        String f = wide.toString();
        for (Object[] r : rows) {
            o.printf(Locale.ROOT, f, r);
        }
    }

    /** How many cells the format's conversions between {@code from} and {@code to} take (not %n nor %%). */
    private static int cellsBetween(String format, int from, int to) {
        int n = 0;
        for (int i = from; i < to - 1; i++) {
            if (format.charAt(i) == '%') {
                char c = format.charAt(i + 1);
                if (c != 'n' && c != '%') {
                    n++;
                }
                i++;
            }
        }
        return n;
    }
}
