package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ReportHtmlTest {

    private static final String HOSTILE = "</script><script>alert('x')</script> \"quoted\" & <b>bold</b>";

    static String dataBlock(String html) {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).as("data block present").isTrue();
        return m.group(1);
    }

    static JsonNode data(String html) {
        return JsonMapper.builder().build().readTree(dataBlock(html));
    }

    private static String echartsLibrary() throws IOException {
        try (InputStream in = ReportHtmlTest.class.getClassLoader().getResourceAsStream(ReportAssets.ECHARTS)) {
            assertThat(in).as("ECharts WebJar on the test classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void inlinesEchartsAndLoadsNothingFromTheNetwork() throws IOException {
        String html = DemoReports.small().toHtml();
        String lib = echartsLibrary();

        assertThat(lib.length()).isGreaterThan(500_000);
        assertThat(html).contains(lib.substring(0, 2000)).contains(lib.substring(lib.length() - 2000));
        assertThat(html).doesNotContainPattern("(?i)<script[^>]*\\ssrc\\s*=");
        assertThat(html).doesNotContainPattern("(?i)<link[^>]*\\shref\\s*=\\s*[\"']?https?:");
        assertThat(html).doesNotContainPattern("(?i)@import|@font-face");
        assertThat(html).contains("report.js").doesNotContain("{{title}}", "{{body}}", "{{data}}", "{{script}}");
    }

    @Test
    void theEchartsReleaseTakenAsSafeIsTheLibraryAndNeedsNoEscape() throws IOException {
        byte[] lib;
        try (InputStream in = ReportHtmlTest.class.getClassLoader().getResourceAsStream(ReportAssets.ECHARTS)) {
            lib = in.readAllBytes();
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(lib);
        assertThat(lib.length).isEqualTo(HtmlPage.ECHARTS_SIZE);
        assertThat(crc.getValue()).isEqualTo(HtmlPage.ECHARTS_CRC32);
        assertThat(HtmlPage.scriptSafe(lib)).isSameAs(lib); // the scan finds nothing to escape
        assertThat(HtmlPage.scriptSafeLibrary(lib)).isSameAs(lib);
        // anything else is scanned
        byte[] other = "a</script>b".getBytes(StandardCharsets.UTF_8);
        assertThat(new String(HtmlPage.scriptSafeLibrary(other), StandardCharsets.UTF_8))
                .isEqualTo("a<\\/script>b");
        byte[] sameSize = lib.clone();
        System.arraycopy("</script>".getBytes(StandardCharsets.UTF_8), 0, sameSize, 100, 9);
        assertThat(new String(HtmlPage.scriptSafeLibrary(sameSize), StandardCharsets.UTF_8))
                .contains("<\\/script>");
    }

    @Test
    void dataBlockIsValidJsonWithTheGivenValues() {
        Report r = Report.create("t");
        r.lineChart(
                "util",
                "Utilization",
                "time (s)",
                "busy nodes",
                List.of(Series.of("easy", new double[] {0, 1.5, 3}, new double[] {2, Double.NaN, 0.25})));
        r.gantt(Gantt.builder()
                .rows(List.of("n1", "n2", "n3"))
                .bar("a", 0, 2, 0, 10, Map.of("cost", 1.5, "ok", true))
                .bar("b", 1, 1, 10, 12.5)
                .build());

        JsonNode data = data(r.toHtml());

        JsonNode chart = data.get("charts").get(0);
        assertThat(chart.get("id").asString()).isEqualTo("util");
        assertThat(chart.get("kind").asString()).isEqualTo("LINE");
        JsonNode points = chart.get("series").get(0).get("data");
        assertThat(points.size()).isEqualTo(3);
        assertThat(points.get(1).get(0).asDouble()).isEqualTo(1.5);
        assertThat(points.get(1).get(1).isNull()).as("NaN is written as a gap").isTrue();
        assertThat(points.get(2).get(1).asDouble()).isEqualTo(0.25);

        JsonNode gantt = data.get("gantts").get(0);
        assertThat(gantt.get("rows").size()).isEqualTo(3);
        assertThat(gantt.get("jobs").get(1).asString()).isEqualTo("b");
        assertThat(gantt.get("bars").size()).isEqualTo(2);
        JsonNode bar = gantt.get("bars").get(1);
        assertThat(List.of(
                        bar.get(0).asDouble(),
                        bar.get(1).asDouble(),
                        bar.get(2).asDouble(),
                        bar.get(3).asDouble(),
                        bar.get(4).asDouble()))
                .containsExactly(10.0, 12.5, 1.0, 1.0, 1.0);
        assertThat(gantt.get("fields").get(0).get("cost").asDouble()).isEqualTo(1.5);
        assertThat(gantt.get("fields").get(0).get("ok").asBoolean()).isTrue();
        assertThat(gantt.get("fields").get(1).isNull()).isTrue();
        assertThat(gantt.get("colors").get(0).asString()).matches("#[0-9a-f]{6}");
    }

    @Test
    void hostileCallerStringsCannotBreakOutOfTheirContext() {
        Report r = Report.create(HOSTILE).subtitle(HOSTILE);
        r.table(HOSTILE, List.of(HOSTILE, "n"), List.of(List.of(HOSTILE, 1)));
        r.lineChart(
                "c", HOSTILE, HOSTILE, HOSTILE, List.of(Series.of(HOSTILE, new double[] {0, 1}, new double[] {1, 2})));
        r.gantt(Gantt.builder()
                .title(HOSTILE)
                .timeTitle(HOSTILE)
                .rows(List.of(HOSTILE))
                .bar(HOSTILE, 0, 0, 0, 1, Map.of(HOSTILE, HOSTILE))
                .build());

        String html = r.toHtml();

        // exactly the page's own three script elements close; no caller text ends one early
        assertThat(Pattern.compile("(?i)</script").matcher(html).results().count())
                .isEqualTo(3);
        assertThat(html).doesNotContain("<script>alert").doesNotContain("<b>bold</b>");
        String escaped = "&lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;quoted&quot; &amp;"
                + " &lt;b&gt;bold&lt;/b&gt;";
        assertThat(html).contains("<title>" + escaped + "</title>", "<h1>" + escaped + "</h1>", "<th>" + escaped);

        // the JSON still carries the exact strings
        JsonNode data = data(html);
        assertThat(data.get("title").asString()).isEqualTo(HOSTILE);
        assertThat(data.get("charts").get(0).get("series").get(0).get("name").asString())
                .isEqualTo(HOSTILE);
        JsonNode gantt = data.get("gantts").get(0);
        assertThat(gantt.get("jobs").get(0).asString()).isEqualTo(HOSTILE);
        assertThat(gantt.get("fields").get(0).get(HOSTILE).asString()).isEqualTo(HOSTILE);
    }

    @Test
    void scriptSafeEscapesEveryScriptEndTagInTheBytes() {
        // what the page did before it worked on the bytes: decode, replace, encode
        java.util.function.UnaryOperator<String> onText =
                js -> js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT");
        List<String> cases = List.of(
                "",
                "<",
                "</script",
                "a</script>b</SCRIPT>c</Script>d",
                "x</scrip",
                "</script</script</script",
                "\u00e9\u4e2d</script>\ud83d\ude00 </SCRIPT",
                "<</script",
                "no tag at all");
        for (String c : cases) {
            byte[] in = c.getBytes(StandardCharsets.UTF_8);
            assertThat(new String(HtmlPage.scriptSafe(in), StandardCharsets.UTF_8))
                    .as(c)
                    .isEqualTo(onText.apply(c));
        }
        byte[] clean = "var a = 1 < 2;".getBytes(StandardCharsets.UTF_8);
        assertThat(HtmlPage.scriptSafe(clean)).isSameAs(clean);
    }

    @Test
    void theInlinedLibraryIsEchartsByteForByte() throws IOException {
        String html = Report.create("t").toHtml();
        assertThat(html).contains(echartsLibrary().replace("</script", "<\\/script"));
    }

    @Test
    void scriptSafeJsonEscapesEverythingThatCouldEndAScript() {
        String safe = ReportJson.write("</script>&\u2028\u2029", "", List.of(), List.of());
        assertThat(safe)
                .isEqualTo("{\"title\":\"\\u003C/script\\u003E\\u0026\\u2028\\u2029\",\"subtitle\":\"\",\"charts\":[],"
                        + "\"gantts\":[]}");
        assertThat(JsonMapper.builder().build().readTree(safe).get("title").asString())
                .isEqualTo("</script>&\u2028\u2029");
    }

    @Test
    void cappedGanttShowsTheNoteAndUncappedDoesNot() {
        GanttBuilder b = Gantt.builder().rows(List.of("r")).limitJobs(4);
        for (int j = 0; j < 10; j++) {
            b.bar("j" + j, 0, j, j + 1);
        }
        String capped = Report.create("t").gantt(b.build()).toHtml();
        assertThat(capped).contains("Showing the first 4 of 10 jobs").contains("class=\"cap-note\"");
        assertThat(data(capped).get("gantts").get(0).get("jobs").size()).isEqualTo(4);
        assertThat(data(capped).get("gantts").get(0).get("totalJobs").asInt()).isEqualTo(10);

        String full = Report.create("t")
                .gantt(Gantt.builder().rows(List.of("r")).bar("j", 0, 0, 1).build())
                .toHtml();
        assertThat(full).doesNotContain("Showing the first").doesNotContain("class=\"cap-note\"");
    }

    @Test
    void sectionsAppearInTheOrderTheyWereAdded() {
        Report r = Report.create("t");
        r.lineChart("first", "First chart", "x", "y", List.of(Series.of("s", new double[] {0}, new double[] {0})));
        r.table("Middle table", List.of("a"), List.of(List.of("v")));
        r.barChart("last", "Last chart", "x", "y", List.of("c"), List.of(Series.ofValues("s", 1)));
        String html = r.toHtml();
        int first = html.indexOf("<h2>First chart</h2>");
        int middle = html.indexOf("<h2>Middle table</h2>");
        int last = html.indexOf("<h2>Last chart</h2>");
        assertThat(first).isPositive();
        assertThat(middle).isGreaterThan(first);
        assertThat(last).isGreaterThan(middle);
        assertThat(html)
                .contains("data-chart=\"0\"", "data-chart=\"1\"")
                .doesNotContain("<a href=\"first.png\">")
                .doesNotContain("PNG versions"); // the footer says so only when they are written
        assertThat(r.withPng().toHtml())
                .contains("<a href=\"first.png\">")
                .contains("PNG versions are beside this file");
    }

    @Test
    void numericCellsAreFormattedAndRightAligned() {
        String html = Report.create("t")
                .table("T", List.of("name", "value", "none"), List.of(java.util.Arrays.asList("x", 1234.5678, null)))
                .toHtml();
        assertThat(html).contains("<td>x</td><td class=\"num\">1234.6</td><td></td>");
    }
}
