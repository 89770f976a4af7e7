package org.metasched.report;

import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes the data block of the HTML report: everything the page script draws, as one JSON
 * document (jackson-core's streaming generator), safe to embed in a {@code <script>} element: in strings,
 * {@code <}, {@code >}, {@code &} and the JavaScript line separators are written as {@code \\uXXXX} escapes,
 * which JSON parsers read back unchanged, and they cannot occur outside strings.
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

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET) // the page goes on after the data block
            .characterEscapes(new ScriptSafe())
            .build();

    private ReportJson() {}

    /** Escapes what could end a script element or a JavaScript line, besides JSON's own escapes. */
    private static final class ScriptSafe extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private static final SerializableString LINE_SEPARATOR = new SerializedString("\\u2028");
        private static final SerializableString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");
        private final int[] escapes;

        ScriptSafe() {
            escapes = standardAsciiEscapesForJSON();
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == 0x2028 ? LINE_SEPARATOR : ch == 0x2029 ? PARAGRAPH_SEPARATOR : null;
        }
    }

    /** Writes the data block as UTF-8 into {@code out}, which stays open. */
    static void write(String title, String subtitle, List<Chart> charts, List<Gantt> gantts, OutputStream out) {
        try (JsonGenerator g = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            write(g, title, subtitle, charts, gantts);
        }
    }

    /** The data block as a string (for tests). */
    static String write(String title, String subtitle, List<Chart> charts, List<Gantt> gantts) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(ObjectWriteContext.empty(), w)) {
            write(g, title, subtitle, charts, gantts);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, String title, String subtitle, List<Chart> charts, List<Gantt> gantts) {
        g.writeStartObject();
        g.writeStringProperty("title", title);
        g.writeStringProperty("subtitle", subtitle);
        g.writeName("charts");
        g.writeStartArray();
        for (Chart c : charts) {
            writeChart(g, c);
        }
        g.writeEndArray();
        g.writeName("gantts");
        g.writeStartArray();
        for (Gantt gantt : gantts) {
            writeGantt(g, gantt);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeChart(JsonGenerator g, Chart c) {
        g.writeStartObject();
        g.writeStringProperty("id", c.id());
        g.writeStringProperty("title", c.title());
        g.writeStringProperty("kind", c.kind().name());
        g.writeBooleanProperty("logX", c.xScale() == Chart.Scale.LOG);
        g.writeBooleanProperty("logY", c.yScale() == Chart.Scale.LOG);
        g.writeStringProperty("xTitle", c.xTitle());
        g.writeStringProperty("yTitle", c.yTitle());
        writeStrings(g, "categories", c.categories());
        g.writeName("series");
        g.writeStartArray();
        for (Series s : c.series()) {
            g.writeStartObject();
            g.writeStringProperty("name", s.name());
            g.writeName("data");
            g.writeStartArray();
            for (int i = 0; i < s.size(); i++) {
                g.writeStartArray();
                writeNumber(g, s.xAt(i));
                writeNumber(g, s.yAt(i));
                g.writeEndArray();
            }
            g.writeEndArray();
            if (s.hasIntervals()) {
                writeNumbers(g, "low", s.low());
                writeNumbers(g, "high", s.high());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeNumbers(JsonGenerator g, String name, double[] values) {
        g.writeName(name);
        g.writeStartArray();
        for (double v : values) {
            writeNumber(g, v);
        }
        g.writeEndArray();
    }

    private static void writeGantt(JsonGenerator g, Gantt gantt) {
        g.writeStartObject();
        g.writeStringProperty("id", gantt.id());
        g.writeStringProperty("title", gantt.title());
        g.writeStringProperty("timeTitle", gantt.timeTitle());
        writeStrings(g, "rows", gantt.rows());
        writeStrings(g, "jobs", gantt.jobIds());
        g.writeName("colors");
        g.writeStartArray();
        for (int j = 0; j < gantt.shownJobs(); j++) {
            g.writeString(JobColors.hex(j));
        }
        g.writeEndArray();
        g.writeName("fields");
        g.writeStartArray();
        for (int j = 0; j < gantt.shownJobs(); j++) {
            Map<String, Object> fields = gantt.jobFields(j);
            if (fields.isEmpty()) {
                g.writeNull();
                continue;
            }
            g.writeStartObject();
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                g.writeName(e.getKey());
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("bars");
        g.writeStartArray();
        for (int i = 0; i < gantt.barCount(); i++) {
            g.writeStartArray();
            writeNumber(g, gantt.barStart(i));
            writeNumber(g, gantt.barEnd(i));
            g.writeNumber(gantt.barRowFrom(i));
            g.writeNumber(gantt.barRowTo(i));
            g.writeNumber(gantt.barJob(i));
            g.writeEndArray();
        }
        g.writeEndArray();
        if (gantt.hasTimeAxis()) {
            g.writeName("timeMin");
            writeNumber(g, gantt.axisStart());
            g.writeName("timeMax");
            writeNumber(g, gantt.axisEnd());
        }
        g.writeNumberProperty("totalJobs", gantt.totalJobs());
        g.writeNumberProperty("totalBars", gantt.totalBars());
        g.writeEndObject();
    }

    private static void writeStrings(JsonGenerator g, String name, List<String> values) {
        g.writeName(name);
        g.writeStartArray();
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** Integral values without ".0" keep the Gantt data compact; NaN becomes null (a gap). */
    private static void writeNumber(JsonGenerator g, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNull();
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            g.writeNumber((long) v);
        } else {
            g.writeNumber(v);
        }
    }

    private static void writeValue(JsonGenerator g, Object v) {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            writeNumber(g, n.doubleValue());
        } else {
            g.writeString(v.toString());
        }
    }
}
