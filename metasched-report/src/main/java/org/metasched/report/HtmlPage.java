package org.metasched.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders the report page from the template resource {@code report-template.html}: the header
 * and the tables become HTML here (escaped), the charts become empty containers that the page
 * script {@code report.js} fills from the JSON data block using the inlined ECharts library.
 */
final class HtmlPage {

    static final String ECHARTS_RESOURCE = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z]+)\\}\\}");

    private HtmlPage() {}

    /** The complete page as a string (what {@link #write} writes, decoded). */
    static String render(String title, String subtitle, List<Section> sections, boolean images) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(2 << 20);
        try {
            write(title, subtitle, sections, images, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array stream does not fail
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Writes the page as UTF-8, streaming the template's parts and the inlined libraries straight out (no page-size
     * string is built: the ECharts library alone is a megabyte).
     */
    static void write(String title, String subtitle, List<Section> sections, boolean images, OutputStream out)
            throws IOException {
        List<Chart> charts = new ArrayList<>();
        List<Gantt> gantts = new ArrayList<>();
        StringBuilder body = new StringBuilder(4096);
        for (Section s : sections) {
            if (s instanceof Table t) {
                table(body, t);
            } else if (s instanceof Chart c) {
                chart(body, c, charts.size(), images);
                charts.add(c);
            } else if (s instanceof Gantt g) {
                gantt(body, g, gantts.size(), images);
                gantts.add(g);
            }
        }
        Template template = Resources.TEMPLATE;
        for (int i = 0; i < template.names.size(); i++) {
            out.write(template.literals.get(i));
            switch (template.names.get(i)) {
                case "title" -> utf8(out, escape(title));
                case "subtitle" -> utf8(out, escape(subtitle));
                case "body" -> utf8(out, body);
                case "data" -> ReportJson.write(title, subtitle, charts, gantts, out);
                case "echarts" -> out.write(Resources.ECHARTS);
                case "script" -> out.write(Resources.SCRIPT);
                default -> throw new IllegalStateException(
                        "report template has unknown placeholder {{" + template.names.get(i) + "}}");
            }
        }
        out.write(template.literals.get(template.names.size()));
    }

    private static void utf8(OutputStream out, CharSequence text) throws IOException {
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A page template cut at its placeholders: {@code literals} has one more element than {@code names}. */
    record Template(List<byte[]> literals, List<String> names) {
        static Template parse(String text) {
            List<byte[]> literals = new ArrayList<>();
            List<String> names = new ArrayList<>();
            Matcher m = PLACEHOLDER.matcher(text);
            int last = 0;
            while (m.find()) {
                literals.add(text.substring(last, m.start()).getBytes(StandardCharsets.UTF_8));
                names.add(m.group(1));
                last = m.end();
            }
            literals.add(text.substring(last).getBytes(StandardCharsets.UTF_8));
            return new Template(List.copyOf(literals), List.copyOf(names));
        }
    }

    private static void table(StringBuilder b, Table t) {
        b.append("<section class=\"table-section\">\n<h2>")
                .append(escape(t.title()))
                .append("</h2>\n<div class=\"table-wrap\"><table>\n<thead><tr>");
        for (String c : t.columns()) {
            b.append("<th>").append(escape(c)).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (List<Object> row : t.rows()) {
            b.append("<tr>");
            for (Object cell : row) {
                b.append(Cells.isNumeric(cell) ? "<td class=\"num\">" : "<td>")
                        .append(escape(Cells.format(cell)))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></div>\n</section>\n");
    }

    private static void chart(StringBuilder b, Chart c, int index, boolean images) {
        b.append("<section class=\"chart-section\" id=\"section-")
                .append(c.id())
                .append("\">\n<h2>")
                .append(escape(c.title()))
                .append("</h2>\n<div class=\"chart\" data-chart=\"")
                .append(index)
                .append("\"></div>\n");
        imageLink(b, c.id(), images);
        b.append("</section>\n");
    }

    private static void imageLink(StringBuilder b, String id, boolean images) {
        if (images) {
            b.append("<p class=\"files\">Image: <a href=\"")
                    .append(id)
                    .append(".png\">")
                    .append(id)
                    .append(".png</a></p>\n");
        }
    }

    private static void gantt(StringBuilder b, Gantt g, int index, boolean images) {
        int height = Math.max(360, Math.min(900, g.rows().size() * 22 + 130));
        b.append("<section class=\"gantt-section\" id=\"section-")
                .append(g.id())
                .append("\">\n<h2>")
                .append(escape(g.title()))
                .append("</h2>\n");
        b.append("<p class=\"summary\">")
                .append(g.shownJobs())
                .append(" jobs, ")
                .append(g.barCount())
                .append(" bars on ")
                .append(g.rows().size())
                .append(" rows.</p>\n");
        if (g.isCapped()) {
            b.append("<p class=\"cap-note\">").append(escape(g.capNote())).append("</p>\n");
        }
        b.append("<div class=\"gantt-tools\"><label>Find job <input type=\"search\" data-find=\"")
                .append(index)
                .append("\" placeholder=\"job id, Enter\"></label> <span class=\"find-result\" data-find-result=\"")
                .append(index)
                .append("\"></span> <span class=\"hint\">Hover a bar to highlight every slot of its job;"
                        + " click to pin. Drag to pan, Ctrl+wheel zooms time, Shift+wheel zooms rows.</span></div>\n");
        b.append("<div class=\"gantt\" data-gantt=\"")
                .append(index)
                .append("\" style=\"height:")
                .append(height)
                .append("px\"></div>\n");
        imageLink(b, g.id(), images);
        b.append("</section>\n");
    }

    /** Reads the template, script and ECharts resources now (they are read once per JVM). */
    static void resourcesLoaded() {
        Objects.requireNonNull(Resources.ECHARTS);
    }

    /** HTML text and attribute escaping. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** Makes script text safe inside a script element ("&lt;/script" would end it early). */
    static String scriptSafe(String js) {
        return js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT");
    }

    /** The resources, read once: the template cut at its placeholders, the scripts as script-safe UTF-8. */
    private static final class Resources {
        static final Template TEMPLATE = Template.parse(read("org/metasched/report/report-template.html"));
        static final byte[] SCRIPT =
                scriptSafe(read("org/metasched/report/report.js")).getBytes(StandardCharsets.UTF_8);
        static final byte[] ECHARTS = scriptSafe(read(ECHARTS_RESOURCE)).getBytes(StandardCharsets.UTF_8);

        private static String read(String name) {
            try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + name + " is missing from the classpath;"
                            + " is the org.webjars.npm:echarts:5.3.1 dependency present?");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read resource " + name, e);
            }
        }
    }
}
