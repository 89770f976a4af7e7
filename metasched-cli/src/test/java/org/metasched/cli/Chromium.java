package org.metasched.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless {@code chromium} driven through its {@code chromedriver} (Selenium WebDriver), for the web view's
 * browser tests. It reaches nothing but 127.0.0.1 (every other host name fails to resolve, so a page that fetched
 * anything from the internet would log an error), keeps its profile in a temporary folder and is always quit, with its
 * driver, by {@link #close}. Without the two programs the tests are skipped with one line saying how to enable them
 * (and fail under {@code METASCHED_BROWSER_TESTS=required}, which {@code .ci/run} sets after installing them).
 */
final class Chromium implements AutoCloseable {
    private static final AtomicBoolean TOLD = new AtomicBoolean();

    // Selenium warns that it has no DevTools bindings for this chromium's version; the tests use none (held here:
    // java.util.logging keeps its loggers weakly, and a collected one forgets its level)
    private static final java.util.logging.Logger DEVTOOLS =
            java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

    static {
        DEVTOOLS.setLevel(Level.SEVERE);
    }

    final ChromeDriver driver;
    private final ChromeDriverService service;
    private final Path profile;

    private Chromium(ChromeDriver driver, ChromeDriverService service, Path profile) {
        this.driver = driver;
        this.service = service;
        this.profile = profile;
    }

    /** The browser and driver: METASCHED_CHROMIUM and METASCHED_CHROMEDRIVER, else on the PATH. */
    static Path[] programs() {
        Path browser = find("METASCHED_CHROMIUM", "chromium", "chromium-browser", "google-chrome");
        Path driver = find("METASCHED_CHROMEDRIVER", "chromedriver");
        return browser == null || driver == null ? null : new Path[] {browser, driver};
    }

    /** Skips the calling test (one line, once per run) when chromium or chromedriver is missing. */
    static void assumeInstalled() {
        if (programs() == null) {
            String line = "browser tests skipped: chromium and chromedriver not found; enable them with 'sudo apt-get"
                    + " install -y chromium chromium-driver' (or set METASCHED_CHROMIUM and METASCHED_CHROMEDRIVER)";
            if ("required".equals(System.getenv("METASCHED_BROWSER_TESTS"))) {
                throw new AssertionError("METASCHED_BROWSER_TESTS=required (as in .ci/run), but " + line);
            }
            if (TOLD.compareAndSet(false, true)) {
                System.err.println(line);
            }
            Assumptions.abort(line);
        }
    }

    private static Path find(String variable, String... names) {
        String given = System.getenv(variable);
        if (given != null && !given.isBlank()) {
            Path p = Path.of(given);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        for (String name : names) {
            for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /** A headless browser with a window of {@code width x height} CSS pixels. */
    static Chromium start(int width, int height) throws IOException {
        assumeInstalled();
        Path[] programs = programs();
        Path profile = Files.createTempDirectory("metasched-chromium");
        ChromeOptions o = new ChromeOptions();
        o.setBinary(programs[0].toFile());
        o.addArguments(
                "--headless=new",
                "--no-sandbox", // CI runs as root, where chromium's sandbox refuses to start
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(programs[1].toFile())
                .usingAnyFreePort()
                .withLogOutput(java.io.OutputStream.nullOutputStream())
                .build();
        ChromeDriver driver;
        try {
            driver = new ChromeDriver(service, o);
        } catch (RuntimeException e) {
            service.stop();
            deleteTree(profile);
            throw e;
        }
        Chromium c = new Chromium(driver, service, profile);
        c.size(width, height);
        return c;
    }

    /** Makes the page's viewport exactly {@code width x height}. */
    void size(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
        // headless windows include no browser chrome, but make sure: grow the window by what the viewport lacks
        Number w = (Number) js("return window.innerWidth");
        Number h = (Number) js("return window.innerHeight");
        if (w.intValue() != width || h.intValue() != height) {
            driver.manage()
                    .window()
                    .setSize(new Dimension(width + (width - w.intValue()), height + (height - h.intValue())));
        }
    }

    /**
     * Goes on in a new tab and closes every other: the page opened next starts with an empty session storage, as in
     * a new browser (local storage and cookies are the profile's, kept per origin).
     */
    void freshTab() {
        java.util.Set<String> old = driver.getWindowHandles();
        driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
        String tab = driver.getWindowHandle();
        for (String h : old) {
            driver.switchTo().window(h).close();
        }
        driver.switchTo().window(tab);
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Waits up to {@code seconds} for {@code condition}; fails with {@code what} and the last value seen. */
    static <T> void await(double seconds, String what, Supplier<T> value, java.util.function.Predicate<T> condition) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        T last = null;
        while (true) {
            last = value.get();
            if (condition.test(last)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                String seen = String.valueOf(last);
                throw new AssertionError("within " + seconds + " s: " + what + "; last seen: "
                        + (seen.length() > 400 ? seen.substring(0, 400) + "..." : seen));
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The console's errors since the last call (messages of level SEVERE: errors, failed loads, exceptions). */
    List<String> consoleErrors() {
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                out.add(e.getMessage());
            }
        }
        return out;
    }

    /** Every console message since the last call, for a failing test's message. */
    List<String> console() {
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            out.add(e.getLevel().getName().toLowerCase(Locale.ROOT) + " " + e.getMessage());
        }
        return out;
    }

    /** A PNG of the viewport. */
    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, driver.getScreenshotAs(OutputType.BYTES));
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } catch (RuntimeException e) {
            // already gone
        } finally {
            service.stop();
            deleteTree(profile);
        }
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: left for the system to clear
        }
    }
}
