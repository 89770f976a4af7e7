package org.metasched.experiments;

import java.util.List;

/**
 * One of paper P002's result tables: the columns its {@code reproduce} target writes and one row per line, in
 * column order.
 *
 * @param rows one list per row, in column order
 */
public record P002Table(List<String> columns, List<List<Object>> rows) {
    public P002Table {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** The value of {@code column} in row {@code row}. */
    public Object get(int row, String column) {
        int c = columns.indexOf(column);
        if (c < 0) {
            throw new IllegalArgumentException("no column " + column + " in " + columns);
        }
        return rows.get(row).get(c);
    }

    public double number(int row, String column) {
        return ((Number) get(row, column)).doubleValue();
    }
}
