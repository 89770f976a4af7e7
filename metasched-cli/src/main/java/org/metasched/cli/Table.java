package org.metasched.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table for the terminal whose columns are never narrower than their cells. It is declared as the {@code printf}
 * format its rows were printed with, {@code %Ns} (right-aligned) and {@code %-Ns} (left-aligned) columns, the text
 * between them and a closing {@code %n}, and it prints every row as that format does, except that a column holding a
 * cell wider than N is as wide as its widest cell in every row: a table whose cells fit prints byte for byte what the
 * format printed, one with a wider cell (a tiny number's significant digits, {@code 0.00000118} in a 9-wide column;
 * a long job id) stays aligned where the format pushed the rest of that one row to the right.
 */
final class Table {
    private static final Pattern COLUMN = Pattern.compile("%(-?)(\\d+)s");

    /** {@code between[i]} is the text before column i; the last one, after the last column. */
    private final List<String> between = new ArrayList<>();

    private final List<Boolean> leftAligned = new ArrayList<>();
    private final List<Integer> widths = new ArrayList<>();
    private final List<String[]> rows = new ArrayList<>();

    /** A table of the columns of {@code format}, which has only {@code %Ns} and {@code %-Ns} and ends in {@code %n}. */
    Table(String format) {
        if (!format.endsWith("%n")) {
            throw new IllegalArgumentException("a table's format ends in %n: " + format);
        }
        String line = format.substring(0, format.length() - 2);
        Matcher m = COLUMN.matcher(line);
        int end = 0;
        while (m.find()) {
            between.add(literal(line.substring(end, m.start()), format));
            leftAligned.add(!m.group(1).isEmpty());
            widths.add(Integer.parseInt(m.group(2)));
            end = m.end();
        }
        between.add(literal(line.substring(end), format));
    }

    private static String literal(String text, String format) {
        if (text.indexOf('%') >= 0) {
            throw new IllegalArgumentException("a table's format has only %Ns and %-Ns columns: " + format);
        }
        return text;
    }

    /** Adds a row of one cell per column, each shown as {@code %s} shows it; a column widens to a wider cell. */
    Table row(Object... cells) {
        if (cells.length != widths.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + widths.size() + " columns");
        }
        String[] row = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            row[i] = String.valueOf(cells[i]);
            widths.set(i, Math.max(widths.get(i), row[i].length()));
        }
        rows.add(row);
        return this;
    }

    /**
     * The width from the start of column {@code from} to the end of column {@code to}, the text between them included,
     * with the rows added so far: for a heading over those columns.
     */
    int span(int from, int to) {
        int w = 0;
        for (int i = from; i <= to; i++) {
            w += widths.get(i) + (i > from ? between.get(i).length() : 0);
        }
        return w;
    }

    /** Prints the rows added, each on its own line. */
    void print(PrintWriter o) {
        StringBuilder b = new StringBuilder();
        for (String[] row : rows) {
            b.setLength(0);
            for (int i = 0; i < row.length; i++) {
                b.append(between.get(i));
                b.append(
                        leftAligned.get(i)
                                ? Numbers.left(row[i], widths.get(i))
                                : Numbers.right(row[i], widths.get(i)));
            }
            o.println(b.append(between.get(row.length)));
        }
    }
}
