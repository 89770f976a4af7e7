package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The web view in a real browser (headless chromium through chromedriver), against {@code metasched serve --clock
 * manual} started from the jar, driven over HTTP: what a person would check. The chart has one row per node and a bar
 * per reserved slot; a submission, a cycle and a cancellation made elsewhere appear within a second without a reload;
 * the token is asked once, kept in the tab's session storage and never put in a URL; a user sees its own jobs and the
 * others' reservations anonymised; the page works at 1280x800 and at 390x844; the console stays free of errors.
 *
 * <p>{@code -Dmetasched.screenshots=DIR} also writes the docs' screenshots (the fixed scenario {@link
 * WebScenario#demo}) into DIR, relative to the repository ({@code docs/images}).
 */
class WebViewBrowserIT {
    @TempDir
    Path dir;

    /**
     * One browser for the class (started by the first test). Each test opens its pages in a new tab, the others
     * closed (a fresh session storage: the sign-in form shows), sized for it, its console drained; its service is a
     * new one on a new port besides (a new origin: nothing an earlier test's page stored is seen).
     */
    private static Chromium browser;

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

    /** The class's browser in a new tab of {@code width x height} CSS pixels, nothing in its console. */
    static Chromium browser(int width, int height) throws java.io.IOException {
        if (browser != null) {
            try {
                browser.freshTab();
            } catch (RuntimeException e) { // an earlier test left it unusable: a new one
                browser.close();
                browser = null;
            }
        }
        if (browser == null) {
            browser = Chromium.start(width, height);
        }
        browser.size(width, height);
        browser.consoleErrors(); // what an earlier test's page logged is not this test's
        return browser;
    }

    /** Opens the page and signs in through its form; waits for the first drawing. */
    static void signIn(Chromium c, String url, String token) {
        c.driver.get(url + "/");
        WebElement input = c.driver.findElement(By.id("token"));
        assertThat(input.isDisplayed())
                .as("the sign-in form is shown without a token")
                .isTrue();
        input.sendKeys(token);
        c.driver.findElement(By.cssSelector("#login-form button[type=submit]")).click();
        awaitDrawn(c);
    }

    static void awaitDrawn(Chromium c) {
        Chromium.await(
                20,
                "the page drew the view",
                () -> c.js("return window.metasched && window.metasched.ready"),
                r -> Boolean.TRUE.equals(r));
    }

    @SuppressWarnings("unchecked")
    static List<String> rows(Chromium c) {
        return (List<String>) c.js("return metasched.chart.getOption().yAxis[0].data");
    }

    /** The jobs the chart draws a bar for (anonymised bars: "?"), one entry per slot. */
    @SuppressWarnings("unchecked")
    static List<String> bars(Chromium c) {
        return (List<String>) c.js("const v = metasched.view;"
                + " return metasched.chart.getOption().series[0].data.filter(d => d[3] !== 0)"
                + ".map(d => v.reservations[d[4]].job === null ? '?' : v.reservations[d[4]].job)");
    }

    /** Opens cycle {@code n} on the page; returns how many chosen windows it shows once its alternatives are in. */
    static int openCycle(Chromium c, int n) {
        String sel = "details.cycle[data-cycle='" + n + "']";
        // the page redraws the cycles' list as the cycle's events arrive: an element found just before a redraw is
        // stale by the click, so find and click again until the cycle is open
        Chromium.await(
                5,
                "cycle " + n + " open",
                () -> {
                    try {
                        WebElement d = c.driver.findElement(By.cssSelector(sel));
                        if (d.getAttribute("open") == null) {
                            d.findElement(By.cssSelector("summary")).click();
                        }
                        return c.driver.findElement(By.cssSelector(sel)).getAttribute("open") != null;
                    } catch (org.openqa.selenium.StaleElementReferenceException e) {
                        return false;
                    }
                },
                open -> open);
        Chromium.await(
                5,
                "cycle " + n + "'s alternatives are shown",
                () -> c.driver.findElements(By.cssSelector(sel + " tr.chosen")).size(),
                k -> k > 0);
        return c.driver.findElements(By.cssSelector(sel + " tr.chosen")).size();
    }

    /** The jobs the queue's table lists (read at once: the page may redraw the table any time). */
    @SuppressWarnings("unchecked")
    static List<String> queueRows(Chromium c) {
        return (List<String>) c.js("return Array.from(document.querySelectorAll('#queue tbody tr[data-job]'))"
                + ".map(tr => tr.dataset.job)");
    }

    @Test
    void theChartFollowsTheServiceLiveWithoutReload() throws Exception {
        Chromium c = browser(1280, 800);
        try (WebScenario s = WebScenario.start(dir)) {
            s.demo();
            signIn(c, s.url(), WebScenario.OPERATOR);
            List<String> nodes = s.nodeIds();
            assertThat(rows(c)).as("one chart row per node, in order").isEqualTo(nodes);
            assertThat(c.driver.findElement(By.id("gantt")).getAttribute("data-rows"))
                    .isEqualTo("8");
            int slots = 0;
            for (var j : s.call("GET", "/v1/jobs?state=reserved,running", WebScenario.OPERATOR, null)
                    .get("jobs")) {
                slots += j.get("reservation").get("slots").size();
            }
            assertThat(bars(c)).as("a bar per reserved or running slot").hasSize(slots);
            assertThat(queueRows(c)).containsExactly("j9", "j10");
            // the canvas really shows something: the chart covers the card and is not blank
            assertThat(((Number) c.js("return document.querySelector('#gantt canvas').width")).intValue())
                    .isGreaterThan(1000);

            c.js("window.notReloaded = true");
            // a submission elsewhere appears in the queue
            long t0 = System.nanoTime();
            String j11 = s.job(WebScenario.DAVE, 1, 40, 300);
            Chromium.await(1.0, "the new job is in the queue", () -> queueRows(c), q -> q.contains(j11));
            // a cycle elsewhere: the new reservations appear on the chart
            s.cycle();
            Chromium.await(1.0, j11 + " has bars on the chart", () -> bars(c), b -> b.contains(j11));
            Chromium.await(
                    1.0,
                    "cycle 2 is listed",
                    () -> c.driver
                            .findElements(By.cssSelector("details.cycle[data-cycle='2']"))
                            .size(),
                    n -> n == 1);
            // a cancellation elsewhere removes them
            s.cancel(WebScenario.DAVE, j11);
            Chromium.await(1.0, j11 + "'s bars are gone", () -> bars(c), b -> !b.contains(j11));
            assertThat(c.js("return window.notReloaded === true"))
                    .as("no reload happened")
                    .isEqualTo(true);
            System.out.printf(
                    "web view: submission, cycle and cancellation seen live in %.0f ms%n",
                    (System.nanoTime() - t0) / 1e6);
            // the clock moved elsewhere: the now-line follows
            s.clockTo(230);
            Chromium.await(
                    1.0,
                    "the clock shows 230",
                    () -> c.driver.findElement(By.id("clock")).getText(),
                    t -> t.endsWith("t = 230"));
            assertThat(c.js("return metasched.chart.getOption().series[1].data[0][0]"))
                    .isEqualTo(230L);
            // the jobs whose windows hold 230 run, and the chart draws them as running
            @SuppressWarnings("unchecked")
            List<String> running = (List<String>) c.js("const v = metasched.view;"
                    + " return metasched.chart.getOption().series[0].data.filter(d => d[3] === 2)"
                    + ".map(d => v.reservations[d[4]].job)");
            List<String> expected = new ArrayList<>();
            for (var j : s.call("GET", "/v1/jobs?state=running", WebScenario.OPERATOR, null)
                    .get("jobs")) {
                for (int k = 0; k < j.get("reservation").get("slots").size(); k++) {
                    expected.add(j.get("id").asString());
                }
            }
            assertThat(expected).isNotEmpty();
            assertThat(running).containsExactlyInAnyOrderElementsOf(expected);

            // the token: kept in the tab, never in a URL
            assertThat(c.js("return sessionStorage.getItem('metasched.token')")).isEqualTo(WebScenario.OPERATOR);
            assertThat(c.js("return localStorage.length")).isEqualTo(0L);
            assertThat(c.driver.getCurrentUrl()).doesNotContain(WebScenario.OPERATOR);
            @SuppressWarnings("unchecked")
            List<String> urls = (List<String>)
                    c.js("return performance.getEntriesByType('resource').map(e => e.name).concat([location.href])");
            assertThat(urls).isNotEmpty().noneMatch(u -> u.contains(WebScenario.OPERATOR));
            assertThat(urls).allMatch(u -> u.startsWith(s.url()), "everything comes from the service");
            // a reload keeps the session: no second sign-in
            c.driver.navigate().refresh();
            awaitDrawn(c);
            assertThat(c.driver.findElement(By.id("login")).isDisplayed()).isFalse();
            assertThat(rows(c)).isEqualTo(nodes);
            // a cycle opens to its alternatives and the chosen windows
            assertThat(openCycle(c, 1)).as("chosen windows of cycle 1").isEqualTo(8);
            assertThat(c.driver
                            .findElement(By.cssSelector("details.cycle[data-cycle='1']"))
                            .getText())
                    .contains("j1", "alternatives", "chosen #");
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
            // signing out forgets the token
            c.driver.findElement(By.id("signout")).click();
            assertThat(c.js("return sessionStorage.getItem('metasched.token')")).isNull();
            assertThat(c.driver.findElement(By.id("token")).isDisplayed()).isTrue();
        }
    }

    @Test
    void aUserSeesItsOwnJobsAndTheOthersAnonymised() throws Exception {
        Chromium c = browser(1280, 800);
        try (WebScenario s = WebScenario.start(dir)) {
            s.demo();
            signIn(c, s.url(), WebScenario.CAROL);
            assertThat(c.driver.findElement(By.id("who")).getText()).isEqualTo("carol (user)");
            List<String> carols = new ArrayList<>();
            List<String> daves = new ArrayList<>();
            for (var j : s.call("GET", "/v1/jobs", WebScenario.OPERATOR, null).get("jobs")) {
                (j.get("user").asString().equals("carol") ? carols : daves)
                        .add(j.get("id").asString());
            }
            List<String> bars = bars(c);
            assertThat(bars).contains("?").allMatch(b -> b.equals("?") || carols.contains(b));
            assertThat(bars).anyMatch(carols::contains);
            assertThat(queueRows(c)).containsExactly("j9");
            assertThat(c.driver.findElement(By.id("queue-others")).getText()).contains("1 waiting job of other users");
            String seen = (String) c.js("return JSON.stringify(metasched.view)");
            assertThat(seen).doesNotContain("dave");
            for (String d : daves) {
                assertThat(seen).doesNotContain("\"" + d + "\"");
            }
            assertThat(rows(c)).hasSize(8);
            // a cycle's alternatives are the operator's
            c.driver
                    .findElement(By.cssSelector("details.cycle[data-cycle='1'] summary"))
                    .click();
            assertThat(c.driver
                            .findElement(By.cssSelector("details.cycle[data-cycle='1']"))
                            .getText())
                    .contains("shown to the operator");
            // carol's cancellation elsewhere takes her bars away; dave's remain anonymous
            String mine = carols.get(0);
            Chromium.await(1, "carol's job is drawn", () -> bars(c), b -> b.contains(mine));
            s.cancel(WebScenario.CAROL, mine);
            Chromium.await(1, mine + " is gone", () -> bars(c), b -> !b.contains(mine));
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
        }
    }

    /**
     * QA: a cycle whose every waiting job was left out of the batch (a node withdrawn under a 2-node job) was not
     * recorded; it is listed like any other, and opened it shows the job not in the batch with its reason.
     */
    @Test
    void aCycleThatPlannedNoJobIsListedAndOpensToTheJobLeftOut() throws Exception {
        Chromium c = browser(1280, 800);
        try (WebScenario s = WebScenario.start(dir)) {
            s.node("n1", 4, 1);
            s.node("n2", 4, 1);
            String pair = s.job(WebScenario.CAROL, 2, 40, 1000);
            s.call("DELETE", "/v1/nodes/n2", WebScenario.OWNER, null);
            assertThat(s.cycle().get("jobs")).isEmpty();
            signIn(c, s.url(), WebScenario.OPERATOR);
            String sel = "details.cycle[data-cycle='1']";
            assertThat(c.driver.findElement(By.cssSelector(sel + " summary")).getText())
                    .contains("cycle 1")
                    .contains("0 reserved, 1 left");
            c.driver.findElement(By.cssSelector(sel + " summary")).click();
            Chromium.await(
                    5,
                    "cycle 1 shows the job left out",
                    () -> c.driver.findElement(By.cssSelector(sel)).getText(),
                    t -> t.contains(pair + " not in the batch cycle 1: it needs 2 nodes, the VO has 1 now"));
            assertThat(c.driver.findElement(By.cssSelector(sel)).getText()).contains("0 jobs");
            assertThat(queueRows(c)).containsExactly(pair);
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
        }
    }

    /**
     * Epoch-second times, a price of 0.0001 and a long node name read as they are: every time in full (not 1.700e+9
     * for all of them), a budget and a cost that are not 0 not shown as 0, the axis's labels all different, node
     * names too long for their column shown by the part that tells them apart, not by the start they share.
     */
    @Test
    void epochTimesTinyPricesAndLongNamesReadAsTheyAre() throws Exception {
        Chromium c = browser(1280, 800);
        try (WebScenario s = WebScenario.start(dir)) {
            s.clockTo(1_700_000_000);
            s.node("n1", 2, 0.0001);
            s.node("node-eu-west-1-rack-00-blade-000.hpc.example.org-with-more-words", 1, 19.99);
            s.node("node-eu-west-1-rack-07-blade-123.hpc.example.org-with-more-words", 1, 19.99);
            String poor = s.job(WebScenario.CAROL, 1, 60, 0.0001); // every window costs more: it waits
            String cheap = s.job(WebScenario.CAROL, 1, 60, 100); // n1 for 30 at 0.0001: costs 0.003
            s.cycle();
            signIn(c, s.url(), WebScenario.OPERATOR);
            assertThat(c.driver.findElement(By.id("clock")).getText()).endsWith("t = 1700000000");
            assertThat(queueRows(c)).containsExactly(poor);
            assertThat(c.js("return document.querySelector('#queue tbody tr[data-job] td:nth-child(5)').textContent"))
                    .isEqualTo("0.0001");
            String sel = "details.cycle[data-cycle='1']";
            assertThat(c.driver.findElement(By.cssSelector(sel + " summary")).getText())
                    .contains("t = 1700000000");
            @SuppressWarnings("unchecked")
            List<String> ticks = (List<String>) c.js("return metasched.chart.getModel().getComponent('xAxis')"
                    + ".axis.getViewLabels().map(l => l.formattedLabel)");
            assertThat(ticks).hasSizeGreaterThan(1).doesNotHaveDuplicates().noneMatch(t -> t.contains("e+"));
            // the texts the chart draws (a label cut to fit is drawn cut: the axis's own labels are the full names)
            @SuppressWarnings("unchecked")
            List<String> drawn = (List<String>) c.js("return metasched.chart.getZr().storage.getDisplayList()"
                    + ".filter(e => e.style && typeof e.style.text === 'string').map(e => e.style.text)");
            assertThat(drawn).contains("n1", "\u202600-blade-000\u2026", "\u202607-blade-123\u2026");
            assertThat(openCycle(c, 1)).isEqualTo(1);
            assertThat(c.driver.findElement(By.cssSelector(sel)).getText()).contains(cheap);
            assertThat(c.js("return document.querySelector(\"" + sel + " tr.chosen td:nth-child(4)\").textContent"))
                    .as("the chosen window's cost")
                    .isEqualTo("0.003");
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
        }
    }

    @Test
    void aWrongTokenIsRefusedAndNotKept() throws Exception {
        Chromium c = browser(1280, 800);
        try (WebScenario s = WebScenario.start(dir)) {
            c.driver.get(s.url() + "/");
            c.driver.findElement(By.id("token")).sendKeys("not-a-token");
            c.driver
                    .findElement(By.cssSelector("#login-form button[type=submit]"))
                    .click();
            Chromium.await(
                    5,
                    "the page says the token is unknown",
                    () -> c.driver.findElement(By.id("login-error")).getText(),
                    t -> t.contains("does not know this token"));
            assertThat(c.js("return sessionStorage.getItem('metasched.token')")).isNull();
            assertThat(c.driver.getCurrentUrl()).doesNotContain("not-a-token");
            // the service answered 401, which the browser logs as a failed load: the only message allowed
            assertThat(c.consoleErrors()).allMatch(m -> m.contains("401"));
        }
    }

    @Test
    void thePageWorksOnAPhone() throws Exception {
        Chromium c = browser(390, 844);
        try (WebScenario s = WebScenario.start(dir)) {
            s.demo();
            signIn(c, s.url(), WebScenario.OPERATOR);
            assertThat(c.js("return [window.innerWidth, window.innerHeight]")).isEqualTo(List.of(390L, 844L));
            assertThat(rows(c)).isEqualTo(s.nodeIds());
            assertThat(((Number) c.js("return document.documentElement.scrollWidth")).intValue())
                    .as("no sideways scrolling")
                    .isLessThanOrEqualTo(390);
            Map<?, ?> chart = (Map<?, ?>) c.js("const r = document.getElementById('gantt').getBoundingClientRect();"
                    + " return {left: r.left, right: r.right, height: r.height}");
            assertThat(((Number) chart.get("left")).doubleValue()).isGreaterThanOrEqualTo(0);
            assertThat(((Number) chart.get("right")).doubleValue()).isLessThanOrEqualTo(390);
            assertThat(((Number) chart.get("height")).doubleValue()).isGreaterThan(200);
            for (String id : List.of("queue", "cycles", "gantt", "signout")) {
                WebElement e = c.driver.findElement(By.id(id));
                assertThat(e.isDisplayed()).as(id + " shown").isTrue();
                // the element's card (a wide table scrolls inside it) lies within the screen
                Number right = (Number) c.js(
                        "const e = arguments[0]; return (e.closest('.card') || e).getBoundingClientRect().right", e);
                assertThat(right.doubleValue()).as(id + "'s right edge").isLessThanOrEqualTo(390);
            }
            s.cycle(); // j9, j10 planned
            Chromium.await(1, "j10 on the chart", () -> bars(c), b -> b.contains("j10"));
            assertThat(openCycle(c, 2)).as("chosen windows of cycle 2").isPositive();
            assertThat(((Number) c.js("return document.documentElement.scrollWidth")).intValue())
                    .as("no sideways scrolling with a cycle open")
                    .isLessThanOrEqualTo(390);
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
        }
    }

    /**
     * A newcomer's path: {@code metasched serve} started with no option (its first start writes the tokens), the docs'
     * quick start typed as client commands, the page opened with the operator's token from {@code
     * results/service.yaml}: three rows, five waiting jobs; then {@code cycle run} from the command line, and the five
     * reservations appear on the open page.
     */
    @Test
    void theQuickStartShowsOnThePageAndACycleFromTheCommandLineAppearsLive() throws Exception {
        Chromium c = browser(1280, 800);
        try (ServeProcess serve = ServeProcess.launch(dir, "--port", "0")) {
            assertThat(serve.output()).contains("the live view is at " + serve.url + "/");
            cli(
                    serve.url,
                    "nodes",
                    "put",
                    "n1",
                    "--as",
                    "owner",
                    "--performance",
                    "4",
                    "--price",
                    "4",
                    "--busy",
                    "0-30");
            cli(serve.url, "nodes", "put", "n2", "--as", "owner", "--performance", "2", "--price", "1.5");
            cli(
                    serve.url,
                    "nodes",
                    "put",
                    "n3",
                    "--as",
                    "owner",
                    "--performance",
                    "5",
                    "--price",
                    "6",
                    "--busy",
                    "40-100");
            for (String v : List.of("60", "80", "100", "120", "200")) {
                cli(serve.url, "submit", "--as", "user", "--nodes", "2", "--volume", v, "--budget", "600");
            }
            String config = Files.readString(dir.resolve("results").resolve("service.yaml"));
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                            "name: operator\\s+role: operator\\s+token: (\\S+)")
                    .matcher(config);
            assertThat(m.find())
                    .as("the operator's token in results/service.yaml:%n%s", config)
                    .isTrue();
            signIn(c, serve.url, m.group(1));
            assertThat(rows(c)).containsExactly("n1", "n2", "n3");
            assertThat(queueRows(c)).containsExactly("j1", "j2", "j3", "j4", "j5");
            assertThat(bars(c)).isEmpty();
            cli(serve.url, "cycle", "run", "--as", "operator");
            Chromium.await(
                    1.0,
                    "the five reservations on the chart",
                    () -> new java.util.TreeSet<>(bars(c)),
                    b -> b.equals(new java.util.TreeSet<>(List.of("j1", "j2", "j3", "j4", "j5"))));
            Chromium.await(1.0, "the queue is empty", () -> queueRows(c), List::isEmpty);
            assertThat(c.driver.findElements(By.cssSelector("details.cycle[data-cycle='1']")))
                    .hasSize(1);
            assertThat(c.consoleErrors()).as("console errors").isEmpty();
        }
    }

    /**
     * A client command of the jar, with the services' class-data archive ({@link ServeProcess#archiveOptions}: the
     * same jar, its picocli, Jackson and HTTP classes), as {@code ./metasched} runs it with an archive of its own:
     * about 30 % less CPU a command than without, where the classes come from being nothing this test checks.
     */
    private void cli(String url, String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--url", url));
        JarRunner.Result r = JarRunner.runWith(ServeProcess.archiveOptions(), dir, all.toArray(String[]::new));
        assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isZero();
    }

    /** The docs' screenshots: the fixed scenario at both sizes, the first cycle opened. */
    @Test
    void screenshots() throws Exception {
        Path out = Path.of("target", "webview");
        String docs = System.getProperty("metasched.screenshots");
        try (WebScenario s = WebScenario.start(dir)) {
            s.demo();
            for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                Chromium c = browser(size[0], size[1]);
                signIn(c, s.url(), WebScenario.OPERATOR);
                String name = "service-view-" + size[0] + "x" + size[1] + ".png";
                c.screenshot(out.resolve(name));
                assertThat(openCycle(c, 1)).as("chosen windows of cycle 1").isPositive();
                c.js("document.querySelector(\"details.cycle[data-cycle='1']\").scrollIntoView()");
                String cycles = "service-view-cycle-" + size[0] + "x" + size[1] + ".png";
                c.screenshot(out.resolve(cycles));
                assertThat(Files.size(out.resolve(name))).isGreaterThan(10_000);
                assertThat(c.consoleErrors()).as("console errors").isEmpty();
                if (docs != null && !docs.isBlank()) {
                    // relative to the repository (the tests run in metasched-cli)
                    Path d = Path.of("").toAbsolutePath().getParent().resolve(docs);
                    Files.createDirectories(d);
                    Files.copy(out.resolve(name), d.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    Files.copy(
                            out.resolve(cycles), d.resolve(cycles), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
