package org.metasched.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    static String render(String title, String subtitle, List<Section> sections) {
        List<Chart> charts = new ArrayList<>();
        List<Gantt> gantts = new ArrayList<>();
        StringBuilder body = new StringBuilder(4096);
        for (Section s : sections) {
            if (s instanceof Table t) {
                table(body, t);
            } else if (s instanceof Chart c) {
                chart(body, c, charts.size());
                charts.add(c);
            } else if (s instanceof Gantt g) {
                gantt(body, g, gantts.size());
                gantts.add(g);
            }
        }
        Map<String, String> values = Map.of(
                "title", escape(title),
                "subtitle", escape(subtitle),
                "body", body.toString(),
                "data", ReportJson.write(title, subtitle, charts, gantts),
                "echarts", scriptSafe(Resources.ECHARTS),
                "script", scriptSafe(Resources.SCRIPT));
        return fill(Resources.TEMPLATE, values);
    }

    /** Replaces each {{name}} once; replacement text is never scanned again. */
    static String fill(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + (1 << 20));
        int last = 0;
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("report template has unknown placeholder " + m.group());
            }
            out.append(template, last, m.start()).append(value);
            last = m.end();
        }
        return out.append(template, last, template.length()).toString();
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

    private static void chart(StringBuilder b, Chart c, int index) {
        b.append("<section class=\"chart-section\" id=\"section-")
                .append(c.id())
                .append("\">\n<h2>")
                .append(escape(c.title()))
                .append("</h2>\n<div class=\"chart\" data-chart=\"")
                .append(index)
                .append("\"></div>\n<p class=\"files\">Image: <a href=\"")
                .append(c.id())
                .append(".png\">")
                .append(c.id())
                .append(".png</a></p>\n</section>\n");
    }

    private static void gantt(StringBuilder b, Gantt g, int index) {
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
                .append("px\"></div>\n<p class=\"files\">Image: <a href=\"")
                .append(g.id())
                .append(".png\">")
                .append(g.id())
                .append(".png</a></p>\n</section>\n");
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

    /** The resources, read once. */
    private static final class Resources {
        static final String TEMPLATE = read("org/metasched/report/report-template.html");
        static final String SCRIPT = read("org/metasched/report/report.js");
        static final String ECHARTS = read(ECHARTS_RESOURCE);

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
