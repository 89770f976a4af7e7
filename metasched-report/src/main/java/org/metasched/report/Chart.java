package org.metasched.report;

import java.util.List;
import java.util.Objects;

/**
 * A chart: shown interactively in the HTML report and written as {@code <id>.png}.
 *
 * @param id file-name-safe identifier, unique in a report (letters, digits, '.', '_', '-')
 * @param title chart title
 * @param kind how the series are drawn
 * @param xTitle x axis title, with its unit, e.g. {@code "time (s)"}
 * @param yTitle y axis title, with its unit
 * @param categories category names of a {@link ChartKind#BAR} chart, empty otherwise
 * @param series the series, at least one
 * @param xScale linear or logarithmic x axis (logarithmic needs positive x values)
 * @param yScale linear or logarithmic y axis (logarithmic needs positive y values and interval ends, or NaN: a
 *     caller that has zeros leaves them out and says so in the axis title)
 */
public record Chart(
        String id,
        String title,
        ChartKind kind,
        String xTitle,
        String yTitle,
        List<String> categories,
        List<Series> series,
        Scale xScale,
        Scale yScale)
        implements Section {

    /** How an axis maps values to positions. */
    public enum Scale {
        LINEAR,
        /** Base 10; for values spanning orders of magnitude, such as slowdowns. */
        LOG
    }

    /** A chart with a linear x axis. */
    public Chart(
            String id,
            String title,
            ChartKind kind,
            String xTitle,
            String yTitle,
            List<String> categories,
            List<Series> series) {
        this(id, title, kind, xTitle, yTitle, categories, series, Scale.LINEAR, Scale.LINEAR);
    }

    /** A chart with a linear y axis. */
    public Chart(
            String id,
            String title,
            ChartKind kind,
            String xTitle,
            String yTitle,
            List<String> categories,
            List<Series> series,
            Scale xScale) {
        this(id, title, kind, xTitle, yTitle, categories, series, xScale, Scale.LINEAR);
    }

    public Chart {
        checkId(id);
        Objects.requireNonNull(title, "title of chart " + id);
        Objects.requireNonNull(kind, "kind of chart " + id);
        Objects.requireNonNull(xTitle, "x axis title of chart " + id);
        Objects.requireNonNull(yTitle, "y axis title of chart " + id);
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart '" + id + "' has no series; give at least one");
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Series s : series) {
            if (!names.add(s.name())) {
                throw new IllegalArgumentException(
                        "chart '" + id + "' has two series named '" + s.name() + "'; series names must differ");
            }
        }
        if (kind == ChartKind.BAR) {
            if (categories.isEmpty()) {
                throw new IllegalArgumentException("bar chart '" + id + "' needs category names");
            }
            for (Series s : series) {
                for (int i = 0; i < s.size(); i++) {
                    double x = s.xAt(i);
                    if (x != Math.rint(x) || x < 0 || x >= categories.size()) {
                        throw new IllegalArgumentException("bar chart '" + id + "', series '" + s.name() + "': x[" + i
                                + "] = " + x + " is not a category index in [0, " + categories.size() + ")");
                    }
                }
            }
        } else if (!categories.isEmpty()) {
            throw new IllegalArgumentException("chart '" + id + "' of kind " + kind + " takes no categories");
        }
        Objects.requireNonNull(xScale, "x scale of chart " + id);
        if (xScale == Scale.LOG) {
            if (kind == ChartKind.BAR || kind == ChartKind.HISTOGRAM) {
                throw new IllegalArgumentException(
                        "chart '" + id + "': a " + kind + " chart has no logarithmic x axis");
            }
            for (Series s : series) {
                for (int i = 0; i < s.size(); i++) {
                    if (!(s.xAt(i) > 0)) {
                        throw new IllegalArgumentException("chart '" + id + "', series '" + s.name() + "': x = "
                                + s.xAt(i) + " on a logarithmic axis; all x must be > 0");
                    }
                }
            }
        }
        Objects.requireNonNull(yScale, "y scale of chart " + id);
        if (yScale == Scale.LOG) {
            if (kind == ChartKind.HISTOGRAM) {
                throw new IllegalArgumentException("chart '" + id + "': a histogram has no logarithmic y axis");
            }
            for (Series s : series) {
                for (int i = 0; i < s.size(); i++) {
                    boolean ok = !(s.yAt(i) <= 0) && (!s.hasIntervals() || (!(s.lowAt(i) <= 0) && !(s.highAt(i) <= 0)));
                    if (!ok) {
                        throw new IllegalArgumentException("chart '" + id + "', series '" + s.name() + "': y = "
                                + s.yAt(i) + " (or its interval) at point " + i
                                + " on a logarithmic axis; all y must be > 0 or NaN");
                    }
                }
            }
        }
    }

    /** Throws a useful message unless {@code id} can be used as a file name and a DOM id. */
    /**
     * Whether {@code id} is 1 to 100 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit (the
     * regular expression {@code [A-Za-z0-9][A-Za-z0-9._-]{0,99}}, checked without one: the report's code runs
     * interpreted in a short command, where the expression's matcher cost more than this loop).
     */
    static boolean isId(String id) {
        if (id.isEmpty() || id.length() > 100) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!(alnum || (i > 0 && (c == '.' || c == '_' || c == '-')))) {
                return false;
            }
        }
        return true;
    }

    static void checkId(String id) {
        Objects.requireNonNull(id, "chart id");
        if (!isId(id)) {
            throw new IllegalArgumentException("id '" + id
                    + "' is not usable as a file name: use 1 to 100 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit, e.g. 'wait-over-time'");
        }
    }
}
