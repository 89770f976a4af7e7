package org.metasched.report;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes the data block of the HTML report: everything the page script draws, as one JSON
 * document ({@link JsonBytes}, byte for byte what jackson-core's generator wrote before), safe to embed in a {@code
 * <script>} element: in strings, {@code <}, {@code >}, {@code &} and the JavaScript line separators are written as
 * {@code \\uXXXX} escapes, which JSON parsers read back unchanged, and they cannot occur outside strings.
 *
 * <p>Layout: {@code {"title", "subtitle", "charts": [chart...], "gantts": [gantt...]}} where a
 * chart is {@code {"id", "title", "kind", "logX", "logY", "xTitle", "yTitle", "categories", "series": [{"name",
 * "data": [[x, y]...], "low": [...], "high": [...]}]}} ({@code null} y for a gap; {@code low} and {@code high},
 * the interval ends per point, only for a series with intervals) and a Gantt is {@code {"id", "title",
 * "timeTitle", "rows", "jobs", "colors", "fields", "bars": [[start, end, rowFrom, rowTo,
 * job]...], "timeMin", "timeMax", "totalJobs", "totalBars"}}; {@code job} indexes {@code jobs}, {@code colors} and
 * {@code fields}; {@code timeMin} and {@code timeMax}, the time axis, only when it was given.
 * The panels of a {@link Figure} are charts of the same list, in order.
 */
final class ReportJson {

    private ReportJson() {}

    /** Writes the data block as UTF-8 into {@code out}, which stays open. */
    static void write(String title, String subtitle, List<Chart> charts, List<Gantt> gantts, OutputStream out) {
        JsonBytes g = new JsonBytes(out);
        write(g, title, subtitle, charts, gantts);
        g.flush();
    }

    /** The data block as a string (for tests). */
    static String write(String title, String subtitle, List<Chart> charts, List<Gantt> gantts) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        write(title, subtitle, charts, gantts, bytes);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void write(JsonBytes g, String title, String subtitle, List<Chart> charts, List<Gantt> gantts) {
        g.startObject();
        g.name("title").string(title);
        g.name("subtitle").string(subtitle);
        g.name("charts").startArray();
        for (Chart c : charts) {
            writeChart(g, c);
        }
        g.endArray();
        g.name("gantts").startArray();
        for (Gantt gantt : gantts) {
            writeGantt(g, gantt);
        }
        g.endArray();
        g.endObject();
    }

    private static void writeChart(JsonBytes g, Chart c) {
        g.startObject();
        g.name("id").string(c.id());
        g.name("title").string(c.title());
        g.name("kind").string(c.kind().name());
        g.name("logX").bool(c.xScale() == Chart.Scale.LOG);
        g.name("logY").bool(c.yScale() == Chart.Scale.LOG);
        g.name("xTitle").string(c.xTitle());
        g.name("yTitle").string(c.yTitle());
        writeStrings(g, "categories", c.categories());
        g.name("series").startArray();
        for (Series s : c.series()) {
            g.startObject();
            g.name("name").string(s.name());
            g.name("data").startArray();
            for (int i = 0; i < s.size(); i++) {
                g.startArray();
                writeNumber(g, s.xAt(i));
                writeNumber(g, s.yAt(i));
                g.endArray();
            }
            g.endArray();
            if (s.hasIntervals()) {
                writeNumbers(g, "low", s.low());
                writeNumbers(g, "high", s.high());
            }
            g.endObject();
        }
        g.endArray();
        g.endObject();
    }

    private static void writeNumbers(JsonBytes g, String name, double[] values) {
        g.name(name).startArray();
        for (double v : values) {
            writeNumber(g, v);
        }
        g.endArray();
    }

    private static void writeGantt(JsonBytes g, Gantt gantt) {
        g.startObject();
        g.name("id").string(gantt.id());
        g.name("title").string(gantt.title());
        g.name("timeTitle").string(gantt.timeTitle());
        writeStrings(g, "rows", gantt.rows());
        writeStrings(g, "jobs", gantt.jobIds());
        g.name("colors").startArray();
        for (int j = 0; j < gantt.shownJobs(); j++) {
            g.string(JobColors.hex(j));
        }
        g.endArray();
        g.name("fields").startArray();
        for (int j = 0; j < gantt.shownJobs(); j++) {
            Map<String, Object> fields = gantt.jobFieldsRead(j);
            if (fields.isEmpty()) {
                g.nul();
                continue;
            }
            g.startObject();
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                g.name(e.getKey());
                writeValue(g, e.getValue());
            }
            g.endObject();
        }
        g.endArray();
        g.name("bars").startArray();
        for (int i = 0; i < gantt.barCount(); i++) {
            g.startArray();
            writeNumber(g, gantt.barStart(i));
            writeNumber(g, gantt.barEnd(i));
            g.number(gantt.barRowFrom(i));
            g.number(gantt.barRowTo(i));
            g.number(gantt.barJob(i));
            g.endArray();
        }
        g.endArray();
        if (gantt.hasTimeAxis()) {
            g.name("timeMin");
            writeNumber(g, gantt.axisStart());
            g.name("timeMax");
            writeNumber(g, gantt.axisEnd());
        }
        g.name("totalJobs").number(gantt.totalJobs());
        g.name("totalBars").number(gantt.totalBars());
        g.endObject();
    }

    private static void writeStrings(JsonBytes g, String name, List<String> values) {
        g.name(name).startArray();
        for (String v : values) {
            g.string(v);
        }
        g.endArray();
    }

    /** Integral values without ".0" keep the Gantt data compact; NaN becomes null (a gap). */
    private static void writeNumber(JsonBytes g, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.nul();
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            g.number((long) v);
        } else {
            g.number(v);
        }
    }

    private static void writeValue(JsonBytes g, Object v) {
        if (v == null) {
            g.nul();
        } else if (v instanceof Boolean b) {
            g.bool(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            g.number(((Number) v).longValue());
        } else if (v instanceof Number n) {
            writeNumber(g, n.doubleValue());
        } else {
            g.string(v.toString());
        }
    }
}
