package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of report opened as a reader opens it, in headless chromium (issue 22): {@code metasched run}, a sweep
 * with a panel per value, one with the metrics as panels, one without a numeric parameter, {@code reproduce
 * p002-strategies}, {@code p002-working-time} and {@code p001} (when the shared traces are present). In each, at two
 * window widths, every chart and Gantt chart is drawn, no text ECharts draws (axis labels, axis names, legends) reaches
 * outside its chart, and the console has no error. The label check reads zrender's drawn text spans with their boxes
 * ({@code report-labels.js}); {@link #theLabelCheckSeesATextOutsideItsChart} shows that it fails where a label does run
 * off.
 *
 * <p>{@code -Dmetasched.reports=a/report.html,b/report.html} checks those files too (any report, e.g. one written by an
 * older build).
 */
class ReportBrowserIT {
    private static final int[][] WINDOWS = {{1400, 900}, {900, 900}};

    @TempDir
    static Path dir;

    /** One browser for the class (started by the first check): each check sizes it and drains its console first. */
    private static Chromium browser;

    /**
     * {@code reproduce p002-strategies --runs 3}'s report, written once for the class (see {@link #p002Strategies}).
     */
    private static Path p002Strategies;

    @BeforeAll
    static void browserPresent() {
        Chromium.assumeInstalled();
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
            browser = null;
        }
    }

    static Path repo() {
        return Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."))
                .toAbsolutePath();
    }

    /** Runs a command in this JVM; fails with its output unless it exits 0. Returns its report. */
    static Path report(String name, String... args) {
        Path out = dir.resolve(name);
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-o", out.toString(), "--no-progress"));
        CliRunner.Result r = CliRunner.run(all.toArray(String[]::new));
        assertThat(r.exitCode())
                .as(String.join(" ", all) + ":\n" + r.out() + r.err())
                .isZero();
        Path html = out.resolve("report.html");
        assertThat(html).exists();
        return html;
    }

    static Path sweep(String name, String yaml) throws IOException {
        Path spec = dir.resolve(name + ".yaml");
        Files.writeString(spec, yaml);
        return report(name, "sweep", "--spec", spec.toString());
    }

    static String script() throws IOException {
        try (InputStream in = ReportBrowserIT.class.getResourceAsStream("report-labels.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Opens the page and waits until the script drew every chart (ECharts has an instance on each container). */
    static void open(Chromium c, Path html) {
        c.driver.get(html.toUri().toString());
        Chromium.await(
                30,
                "every chart of " + html + " is drawn",
                () -> c.js("return document.readyState === 'complete' && typeof echarts !== 'undefined'"
                        + " && Array.from(document.querySelectorAll('[data-chart],[data-gantt]'))"
                        + ".every(function (el) { return !!echarts.getInstanceByDom(el); })"),
                r -> Boolean.TRUE.equals(r));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> labels(Chromium c) throws IOException {
        return (Map<String, Object>) c.js(script());
    }

    /** The class's browser, started by the first test that needs it. */
    static Chromium browser() throws IOException {
        if (browser == null) {
            browser = Chromium.start(WINDOWS[0][0], WINDOWS[0][1]);
        }
        return browser;
    }

    /**
     * The p002-strategies report: {@link #p002Reports} checks it and {@link #theLabelCheckSeesATextOutsideItsChart}
     * changes a chart of it in the browser (never the file), whichever runs first writing it.
     */
    static Path p002Strategies() {
        if (p002Strategies == null) {
            p002Strategies = report("p002-strategies", "reproduce", "p002-strategies", "--runs", "3");
        }
        return p002Strategies;
    }

    /** Opens {@code html} at each window size; asserts charts drawn, no text outside its chart, no console error. */
    @SuppressWarnings("unchecked")
    static void check(Path html, int minCharts) throws IOException {
        Chromium c = browser();
        c.consoleErrors(); // what an earlier page logged after its check is not this page's
        for (int[] size : WINDOWS) {
            c.size(size[0], size[1]);
            open(c, html);
            Map<String, Object> seen = labels(c);
            String where = html + " at " + size[0] + "x" + size[1];
            assertThat(((Number) seen.get("charts")).intValue())
                    .as("charts in " + where)
                    .isGreaterThanOrEqualTo(minCharts);
            assertThat(((Number) seen.get("texts")).intValue())
                    .as("texts drawn in " + where)
                    .isGreaterThan(0);
            assertThat((List<String>) seen.get("problems"))
                    .as("texts outside their chart in " + where)
                    .isEmpty();
            assertThat(c.consoleErrors()).as("console errors of " + where).isEmpty();
            assertThat(c.driver.findElements(org.openqa.selenium.By.cssSelector("pre.error")))
                    .as("the page's own error box in " + where)
                    .isEmpty();
        }
    }

    @Test
    void runReport() throws IOException {
        check(report("run", "run", "--runs", "2"), 10);
    }

    @Test
    void sweepReportWithPanels() throws IOException {
        Path small = repo().resolve("examples").resolve("small.swf");
        Path html = sweep(
                "sweep-panels",
                "command: simulate\noptions:\n  workload: " + small + "\ngrid:\n  size: [allocated, requested]\n"
                        + "  policy: [fcfs, easy, conservative]\n  scale: [1.0, 0.8, 1.2]\nreplications: 2\n");
        String page = Files.readString(html);
        assertThat(page)
                .as("one panel per size, one figure per metric, the jobs count as a table")
                .contains("<h3>allocated</h3>", "<h3>requested</h3>", "id=\"section-figure-sweep-meanWait\"")
                .doesNotContain("id=\"section-figure-sweep-jobs\"");
        check(html, 10);
    }

    @Test
    void sweepReportWithTheMetricsAsPanels() throws IOException {
        Path small = repo().resolve("examples").resolve("small.swf");
        Path html = sweep(
                "sweep-metrics",
                "command: simulate\noptions:\n  workload: " + small + "\ngrid:\n"
                        + "  policy: [fcfs, easy, conservative]\n  scale: [0.8, 1.0, 1.2]\n");
        assertThat(Files.readString(html)).contains("id=\"section-figure-sweep\"", "<h3>meanWait</h3>");
        check(html, 8);
    }

    @Test
    void sweepReportWithoutANumericParameter() throws IOException {
        Path small = repo().resolve("examples").resolve("small.swf");
        check(
                sweep(
                        "sweep-bars",
                        "command: simulate\noptions:\n  workload: " + small + "\ngrid:\n"
                                + "  size: [allocated, requested]\n  kill: [true, false]\n"
                                + "  policy: [fcfs, easy, conservative]\n"),
                5);
    }

    @Test
    void p002Reports() throws IOException {
        check(p002Strategies(), 5);
        check(report("p002-working-time", "reproduce", "p002-working-time", "--runs", "1"), 4);
    }

    @Test
    void p001Report() throws IOException {
        Path traces = Path.of(System.getProperty("metasched.traces", "../shared/traces"));
        Path blue = traces.resolve("SDSC-BLUE-2000-4.2-cln.swf.gz");
        assumeTrue(Files.exists(blue), "the shared traces are not at " + traces.toAbsolutePath());
        check(report("p001", "reproduce", "p001", "--runs", "1", "--workload", blue.toString()), 3);
    }

    /**
     * A trace at epoch times (examples/small.swf with every submit time + 1.7e15 s): the page passes {@link #check},
     * the labels of every chart's x axis and the Gantt chart's time axis are distinct and short (counted from an origin
     * named in the axis title, not 1.968e+10 at every tick), and the Gantt tooltip's start and end of every bar differ;
     * the gang and memory reports of the same trace pass {@link #check}.
     */
    @Test
    void simulateReportAtEpochTimes() throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line : Files.readAllLines(repo().resolve("examples").resolve("small.swf"))) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith(";")) {
                text.append(line).append('\n');
                continue;
            }
            String[] f = t.split("\\s+", -1);
            f[1] = Long.toString(Long.parseLong(f[1]) + 1_700_000_000_000_000L);
            text.append(String.join(" ", f)).append('\n');
        }
        Path trace = Files.writeString(dir.resolve("epoch.swf"), text);
        Path out = dir.resolve("epoch");
        CliRunner.Result r =
                CliRunner.run("simulate", "--workload", trace.toString(), "--policy", "easy", "-o", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        Path html = out.resolve("report.html");
        check(html, 6);
        Chromium c = browser();
        for (int[] size : WINDOWS) {
            c.size(size[0], size[1]);
            open(c, html);
            @SuppressWarnings("unchecked")
            Map<String, Object> seen = (Map<String, Object>) c.js(EPOCH_CHECK);
            assertThat(((Number) seen.get("axes")).intValue()).as("time axes").isGreaterThanOrEqualTo(4);
            assertThat(((Number) seen.get("bars")).intValue()).as("Gantt bars").isPositive();
            assertThat((List<?>) seen.get("problems"))
                    .as("at " + size[0] + " px")
                    .isEmpty();
        }
        // the other reports of a trace share the scripts: memory's series run from 0 to the last epoch time (2.1e10
        // days), whose long last label must stay inside the chart
        for (String command : List.of("gang", "memory")) {
            Path dirOf = dir.resolve("epoch-" + command);
            CliRunner.Result other = CliRunner.run(
                    command, "--workload", trace.toString(), "--runs", "1", "--no-progress", "-o", dirOf.toString());
            assertThat(other.exitCode()).as(other.out() + other.err()).isZero();
            check(dirOf.resolve("report.html"), 3);
        }
    }

    /**
     * In the open page: each linear x axis of a chart (and the Gantt chart's) shows at least two labels, all distinct
     * and at most 8 characters, and a time axis' name says "from"; every Gantt bar's tooltip gives a start and an end
     * that differ. Returns {axes, bars, problems}.
     */
    private static final String EPOCH_CHECK = "var problems = [], axes = 0, bars = 0;"
            + " document.querySelectorAll('[data-chart],[data-gantt]').forEach(function (el) {"
            + "   var inst = echarts.getInstanceByDom(el), axis = inst.getModel().getComponent('xAxis', 0);"
            + "   if (!axis || axis.get('type') !== 'value') { return; }"
            + "   axes++;"
            + "   var labels = axis.axis.getViewLabels().map(function (l) { return l.formattedLabel; });"
            + "   var where = el.getAttribute('data-chart') !== null"
            + " ? 'chart ' + el.getAttribute('data-chart') : 'Gantt';"
            + "   if (labels.length < 2 || new Set(labels).size !== labels.length"
            + "       || labels.some(function (t) { return t.length > 8; })) {"
            + "     problems.push(where + ' labels: ' + labels.join(' | ')); }"
            + "   var name = String(axis.get('name'));"
            + "   if (/time/.test(name) && name.indexOf(' from ') < 0) { problems.push(where + ' axis: ' + name); }"
            + "   if (el.getAttribute('data-gantt') === null) { return; }"
            + "   var tip = inst.getOption().tooltip[0].formatter;"
            + "   JSON.parse(document.getElementById('report-data').textContent).gantts[0].bars.forEach(function (b) {"
            + "     bars++;"
            + "     var m = /this slot: [^,]*, ([^ ]+) \u2192 ([^ ]+) /.exec(tip({ value: b }));"
            + "     if (!m || m[1] === m[2]) {"
            + " problems.push('Gantt tooltip of ' + JSON.stringify(b) + ': ' + (m && m[0])); }"
            + "   });"
            + " });"
            + " return { axes: axes, bars: bars, problems: problems.slice(0, 10) };";

    /** The reports named by -Dmetasched.reports, if any. */
    @Test
    void givenReports() throws IOException {
        String given = System.getProperty("metasched.reports", "");
        assumeTrue(!given.isBlank(), "no -Dmetasched.reports given");
        for (String f : given.split(",", -1)) {
            check(Path.of(f.strip()), 1);
        }
    }

    /**
     * The check can fail: a chart title pushed past the right edge is reported with its text. In the class's browser
     * (the next check opens its own page, and drains the console, first).
     */
    @Test
    void theLabelCheckSeesATextOutsideItsChart() throws IOException {
        Path html = p002Strategies();
        Chromium c = browser();
        try {
            c.size(1000, 800);
            open(c, html);
            assertThat((List<?>) labels(c).get("problems")).isEmpty();
            c.js("var el = document.querySelector('[data-chart]');"
                    + " echarts.getInstanceByDom(el).setOption({ title: { text: 'a title that runs off', right: -60,"
                    + " top: 40 } });");
            @SuppressWarnings("unchecked")
            List<String> problems = (List<String>) labels(c).get("problems");
            assertThat(problems).singleElement().asString().contains("a title that runs off");
        } finally {
            c.driver.get("about:blank"); // the changed chart is left behind for no other test
        }
    }
}
