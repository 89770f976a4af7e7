package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web view at 200 nodes and 2,000 reservations, measured in the browser (docs/performance.md): the first paint
 * (from the navigation's start to the frame after the chart was drawn with every reservation) and an update (from the
 * change's server-sent event to the frame after the page fetched the new view and redrew). Figures are printed and
 * written to {@code target/webview-performance.txt}; nothing here asserts a time (the machine is shared): the test
 * checks that what was measured is the full picture (200 rows, every slot drawn, each update seen).
 */
class WebViewPerformanceIT {
    static final int NODES = 200;
    static final int JOBS = 2000;

    @TempDir
    Path dir;

    @BeforeAll
    static void browserPresent() {
        Chromium.assumeInstalled();
    }

    @Test
    void twoHundredNodesAndTwoThousandReservations() throws Exception {
        try (WebScenario s = WebScenario.start(dir, "horizon: 4000\nbatch-size: 250\n", List.of())) {
            SplittableRandom rnd = new SplittableRandom(24);
            for (int i = 0; i < NODES; i++) {
                double a = rnd.nextInt(0, 3000);
                double b = a + 50 + rnd.nextInt(0, 200);
                s.node(String.format(Locale.ROOT, "n%03d", i + 1), 1 + rnd.nextInt(0, 8), 1 + rnd.nextInt(0, 5), a, b);
            }
            // jobs until 2,000 hold a reservation (a few find no window within max-cycles and fail)
            long t0 = System.nanoTime();
            int cycles = 0;
            int reservations = 0;
            int slots = 0;
            while (reservations < JOBS && cycles < 40) {
                for (int i = reservations; i < JOBS; i++) {
                    s.job(
                            i % 2 == 0 ? WebScenario.CAROL : WebScenario.DAVE,
                            1 + rnd.nextInt(0, 3),
                            20 + rnd.nextInt(0, 200),
                            5000);
                }
                while (s.call("GET", "/v1/jobs?state=queued&limit=1", WebScenario.OPERATOR, null)
                                        .get("jobs")
                                        .size()
                                > 0
                        && cycles < 40) {
                    s.cycle();
                    cycles++;
                }
                reservations = 0;
                slots = 0;
                for (var j : s.call("GET", "/v1/jobs?state=reserved,running&limit=10000", WebScenario.OPERATOR, null)
                        .get("jobs")) {
                    reservations++;
                    slots += j.get("reservation").get("slots").size();
                }
            }
            double planning = (System.nanoTime() - t0) / 1e9;
            assertThat(reservations).as("reservations").isEqualTo(JOBS);

            try (Chromium c = Chromium.start(1280, 800)) {
                c.driver.get(s.url() + "/");
                c.js("sessionStorage.setItem('metasched.token', arguments[0])", WebScenario.OPERATOR);
                List<Double> paints = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    c.driver.navigate().refresh();
                    Chromium.await(
                            30, "first paint", () -> c.js("return metasched.timings.firstPaint"), v -> v != null);
                    paints.add(((Number) c.js("return metasched.timings.firstPaint")).doubleValue());
                }
                assertThat(WebViewBrowserIT.rows(c)).hasSize(NODES);
                int shown = slots;
                Chromium.await(
                        5,
                        "every slot in the chart's items",
                        () -> ((Number) c.js("return metasched.items.filter(d => d[3] !== 0).length")).intValue(),
                        n -> n == shown);
                assertThat(rowsInSightDrawn(c))
                        .as("the rows in sight have all their items in the chart")
                        .isTrue();
                // scroll the nodes to the end: their rows' items come in
                c.js("metasched.chart.dispatchAction({type: 'dataZoom', dataZoomId: 'yin', startValue: 170,"
                        + " endValue: 199})");
                Chromium.await(2, "rows 170 to 199 drawn", () -> rowsInSightDrawn(c), ok -> ok);
                assertThat(c.js("return metasched.chart.getOption().series[0].data.some(d => d[0] === 199)"))
                        .isEqualTo(true);
                // updates: a submission, its cancellation (queue only), and a cycle reserving it (chart); each timed
                // from the HTTP call that makes the change to the frame the page drew after it (the page's clock and
                // this JVM's are the machine's), and in the page from the event's arrival
                List<String> seen = new ArrayList<>();
                List<String> waiting = new ArrayList<>();
                List<Double> endToEnd = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    int before = ((Number) c.js("return metasched.timings.updates.length")).intValue();
                    long made = -1;
                    boolean cycle = i % 3 == 2;
                    if (cycle) {
                        s.cycle(); // its planning takes seconds here: timed from its event only
                        seen.addAll(waiting);
                        waiting.clear();
                    } else {
                        made = System.currentTimeMillis();
                        waiting.add(s.job(WebScenario.CAROL, 1, 30, 5000));
                    }
                    Chromium.await(
                            2,
                            "the update after change " + i,
                            () -> ((Number) c.js("return metasched.timings.updates.length")).intValue(),
                            n -> n > before);
                    if (cycle) {
                        // a cycle's events may come in two reads: let the page settle before the next change counts
                        // its update (a submission is one change, one event, one read: its frame is the one above)
                        Thread.sleep(300);
                    }
                    if (made > 0) {
                        endToEnd.add(((Number) c.js("return metasched.timings.frame")).doubleValue() - made);
                    }
                }
                Chromium.await(
                        2,
                        "the reserved jobs in the chart's items",
                        () -> c.js("const v = metasched.view; return metasched.items.filter(d => d[3] !== 0)"
                                + ".map(d => v.reservations[d[4]].job)"),
                        b -> ((List<?>) b).containsAll(seen));
                @SuppressWarnings("unchecked")
                List<Number> updates = (List<Number>) c.js("return metasched.timings.updates");
                @SuppressWarnings("unchecked")
                List<Number> fetches = (List<Number>) c.js("return metasched.timings.view");
                @SuppressWarnings("unchecked")
                List<Number> draws = (List<Number>) c.js("return metasched.timings.draw");
                List<Double> served = new ArrayList<>();
                java.util.regex.Matcher mt = java.util.regex.Pattern.compile("GET /v1/view 200 ([0-9.]+) ms")
                        .matcher(s.serve.output());
                while (mt.find()) {
                    served.add(Double.parseDouble(mt.group(1)));
                }
                assertThat(c.consoleErrors()).as("console errors").isEmpty();
                String load = Files.readString(Path.of("/proc/loadavg")).trim();
                String report = String.format(
                        Locale.ROOT,
                        "web view, %d nodes, %d reservations (%d slots), %d cycles planned in %.1f s%n"
                                + "first paint ms (5 loads): %s; median %.0f%n"
                                + "update ms (%d submissions, from the HTTP call to the redrawn frame): %s; median"
                                + " %.0f, max %.0f%n"
                                + "update ms (%d, the change's event to redrawn frame): %s; median %.0f, max %.0f%n"
                                + "of which GET /v1/view (fetch and parse) median %.0f ms, the service's part median"
                                + " %.0f ms; drawing the chart median %.0f ms%n"
                                + "load average: %s; %d cores%n",
                        NODES,
                        reservations,
                        slots,
                        cycles,
                        planning,
                        fmt(paints),
                        median(paints),
                        endToEnd.size(),
                        fmt(endToEnd),
                        median(endToEnd),
                        endToEnd.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN),
                        updates.size(),
                        fmt(toDoubles(updates)),
                        median(toDoubles(updates)),
                        toDoubles(updates).stream()
                                .mapToDouble(Double::doubleValue)
                                .max()
                                .orElse(Double.NaN),
                        median(toDoubles(fetches)),
                        median(served),
                        median(toDoubles(draws)),
                        load,
                        Runtime.getRuntime().availableProcessors());
                System.out.print(report);
                java.util.regex.Matcher cy =
                        java.util.regex.Pattern.compile("cycle \\d+ at .*").matcher(s.serve.output());
                List<String> cycleLines = new ArrayList<>();
                while (cy.find()) {
                    cycleLines.add(cy.group());
                }
                System.out.println("the service's last cycles: "
                        + cycleLines.subList(Math.max(0, cycleLines.size() - 4), cycleLines.size()));
                Files.writeString(Path.of("target", "webview-performance.txt"), report);
                assertThat(updates).hasSizeGreaterThanOrEqualTo(10);
            }
        }
    }

    /** Whether the chart holds every item of the rows the nodes' scroll bar shows. */
    static boolean rowsInSightDrawn(Chromium c) {
        return Boolean.TRUE.equals(c.js("const o = metasched.chart.getOption();"
                + " const z = o.dataZoom.find(d => d.id === 'yin');"
                + " const have = new Set(o.series[0].data.map(d => d.join()));"
                + " const want = metasched.items.filter(d => d[0] >= z.startValue && d[0] <= z.endValue);"
                + " return want.length > 0 && want.every(d => have.has(d.join()))"));
    }

    private static List<Double> toDoubles(List<Number> xs) {
        List<Double> out = new ArrayList<>();
        xs.forEach(x -> out.add(x.doubleValue()));
        return out;
    }

    private static String fmt(List<Double> xs) {
        List<String> s = new ArrayList<>();
        xs.forEach(x -> s.add(String.format(Locale.ROOT, "%.0f", x)));
        return String.join(" ", s);
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
    }
}
