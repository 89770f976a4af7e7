package org.metasched.report;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Small multiples: charts read side by side under one heading, e.g. one panel per workload of a sweep with the same
 * lines in each. The HTML report lays the panels out in a grid (as many per row as the page width holds), each under
 * its chart's title, with their legends linked (hiding a series in one panel hides it in all); each panel is also
 * written as its own {@code <id>.png}.
 *
 * @param id file-name-safe identifier of the figure (the page anchor {@code section-<id>}), unique in a report
 * @param title heading above the panels
 * @param note one line under the heading (what the panels share, what an interval is), or empty
 * @param panels the panels in reading order, at least one; their ids are unique in the report too
 */
public record Figure(String id, String title, String note, List<Chart> panels) implements Section {

    public Figure {
        Chart.checkId(id);
        Objects.requireNonNull(title, "title of figure " + id);
        Objects.requireNonNull(note, "note of figure " + id);
        panels = List.copyOf(panels);
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("figure '" + id + "' has no panels; give at least one chart");
        }
        Set<String> ids = new HashSet<>();
        for (Chart c : panels) {
            if (!ids.add(c.id())) {
                throw new IllegalArgumentException("figure '" + id + "' has two panels with id '" + c.id() + "'");
            }
        }
    }
}
