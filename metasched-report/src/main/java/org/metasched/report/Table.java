package org.metasched.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A summary table: a title, column names and rows of cells. A cell is a {@link String}, a {@link
 * Number}, a {@link Boolean} or {@code null} (shown empty); numbers are right-aligned and
 * formatted by {@link Cells#format(Object)}.
 *
 * @param title heading shown above the table
 * @param columns column names
 * @param rows rows, each with exactly one cell per column
 */
public record Table(String title, List<String> columns, List<List<Object>> rows) implements Section {

    public Table {
        Objects.requireNonNull(title, "table title");
        columns = List.copyOf(columns);
        List<List<Object>> copied = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<?> row = rows.get(r);
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("table '" + title + "': row " + r + " has " + row.size()
                        + " cells but there are " + columns.size() + " columns " + columns);
            }
            // cells may be null, which List.copyOf refuses
            copied.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copied);
    }
}
