package org.metasched.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A report under construction: a title, a subtitle and sections in the order they are added.
 * {@link #writeTo(Path)} writes the self-contained {@code report.html} and, after {@link #withPng()}, one {@code
 * <id>.png} per chart and Gantt chart.
 *
 * <pre>{@code
 * Report r = Report.create("EASY vs conservative").subtitle("metasched run --seed 42");
 * r.table("Summary", List.of("algorithm", "mean wait (s)"), List.of(List.of("easy", 812.5)));
 * r.lineChart("wait-over-time", "Wait time over time", "time (s)", "wait (s)",
 *         List.of(Series.of("easy", times, waits)));
 * r.histogram("wait-histogram", "Wait time distribution", "wait (s)", List.of(Sample.of("easy", waits)), 30);
 * r.gantt(Gantt.builder().rows(nodeNames).bar("job-1", 0, 3, 0, 120, Map.of("cost", 12.5)).build());
 * ReportFiles files = r.writeTo(Path.of("results/run-42"));
 * }</pre>
 *
 * <p>Not thread-safe; build a report in one thread. Ids of charts and Gantt charts must be unique
 * because they name the PNG files.
 */
public final class Report {

    /** File name of the HTML page inside the output directory. */
    public static final String HTML_FILE = "report.html";

    private final String title;
    private String subtitle = "";
    private int pngWidth = 1000;
    private int pngHeight = 600;
    private boolean png;
    private boolean svg;
    private final List<Section> sections = new ArrayList<>();
    private final Set<String> ids = new HashSet<>();

    private Report(String title) {
        this.title = Objects.requireNonNull(title, "report title");
    }

    public static Report create(String title) {
        return new Report(title);
    }

    /** One line under the title, e.g. the command, seed and date of the run. */
    public Report subtitle(String subtitle) {
        this.subtitle = Objects.requireNonNull(subtitle, "subtitle");
        return this;
    }

    /** Size of each chart PNG in pixels (default 1000 x 600). Gantt PNGs have their own size. */
    public Report pngSize(int width, int height) {
        if (width < 200 || height < 150) {
            throw new IllegalArgumentException(
                    "PNG size " + width + "x" + height + " is too small; use at least 200x150");
        }
        this.pngWidth = width;
        this.pngHeight = height;
        return this;
    }

    /**
     * Also write {@code <id>.png} for each chart and Gantt chart, for papers, slides and viewers without
     * JavaScript. Off by default: drawing the images costs more than the rest of a short run, and the HTML page
     * draws every chart itself.
     */
    public Report withPng() {
        this.png = true;
        return this;
    }

    /**
     * Also write {@code <id>.svg} beside each PNG (same size and drawing, as vector graphics for
     * papers); implies {@link #withPng()}. Off by default: a Gantt SVG has one element per bar.
     */
    public Report withSvg() {
        this.png = true;
        this.svg = true;
        return this;
    }

    /**
     * A table; cells are strings, numbers, booleans or {@code null}, one per column in each row.
     */
    public Report table(String title, List<String> columns, List<? extends List<?>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows.size());
        for (List<?> row : rows) {
            copy.add(new ArrayList<>(row));
        }
        return add(new Table(title, columns, copy));
    }

    /** Points joined by lines, e.g. utilization over time, one series per algorithm. */
    public Report lineChart(String id, String title, String xTitle, String yTitle, List<Series> series) {
        return chart(new Chart(id, title, ChartKind.LINE, xTitle, yTitle, List.of(), series));
    }

    /** A step function: each y holds from its x until the next x (queue length, busy nodes). */
    public Report stepChart(String id, String title, String xTitle, String yTitle, List<Series> series) {
        return chart(new Chart(id, title, ChartKind.STEP, xTitle, yTitle, List.of(), series));
    }

    /** Points only. */
    public Report scatterChart(String id, String title, String xTitle, String yTitle, List<Series> series) {
        return chart(new Chart(id, title, ChartKind.SCATTER, xTitle, yTitle, List.of(), series));
    }

    /**
     * Grouped bars over named categories; build each series with {@link Series#ofValues}, one
     * value per category.
     */
    public Report barChart(
            String id, String title, String xTitle, String yTitle, List<String> categories, List<Series> series) {
        return chart(new Chart(id, title, ChartKind.BAR, xTitle, yTitle, categories, series));
    }

    /** Histograms of raw values over {@code bins} bins shared by all samples; y is the count. */
    public Report histogram(String id, String title, String xTitle, List<Sample> samples, int bins) {
        return chart(new Chart(
                id, title, ChartKind.HISTOGRAM, xTitle, "count", List.of(), Distributions.histograms(samples, bins)));
    }

    /** Empirical CDFs of raw values, one line per sample; y is the fraction of values {@code <= x}. */
    public Report cdfChart(String id, String title, String xTitle, List<Sample> samples) {
        return cdfChart(id, title, xTitle, samples, Chart.Scale.LINEAR);
    }

    /**
     * Empirical CDFs on a linear or logarithmic x axis (for values spanning orders of magnitude; they must all
     * be positive then).
     */
    public Report cdfChart(String id, String title, String xTitle, List<Sample> samples, Chart.Scale xScale) {
        List<Series> series = new ArrayList<>(samples.size());
        for (Sample s : samples) {
            series.add(Distributions.cdf(s));
        }
        return chart(
                new Chart(id, title, ChartKind.LINE, xTitle, "fraction of values \u2264 x", List.of(), series, xScale));
    }

    /** Any chart. */
    public Report chart(Chart chart) {
        claim(chart.id());
        return add(chart);
    }

    /** Charts side by side under one heading (small multiples); each panel is also its own PNG. */
    public Report figure(Figure figure) {
        claim(figure.id());
        for (Chart c : figure.panels()) {
            claim(c.id());
        }
        return add(figure);
    }

    /** A Gantt chart of a schedule. */
    public Report gantt(Gantt gantt) {
        claim(gantt.id());
        return add(gantt);
    }

    /**
     * Starts loading, on a background daemon thread, what the first {@link #writeTo(Path)} in this JVM needs:
     * Java2D and its fonts, the chart library, the PNG encoder and the page resources. Optional: it only saves
     * time, about a third of a second, when called before other slow work (e.g. a simulation) on a machine with
     * an idle core. Calling it more than once starts one thread.
     */
    public static void prepareInBackground() {
        synchronized (Report.class) {
            if (warmUp == null) {
                warmUp = new Thread(new WarmUp(), "report-warm-up");
                warmUp.setDaemon(true);
                warmUp.start();
            }
        }
    }

    private static Thread warmUp;

    /**
     * Starts reading, on a background daemon thread, the page's resources that the first {@link #writeTo(Path)} in
     * this JVM needs: the template, the page script and the megabyte of ECharts, from the launcher's copy beside the
     * jar or else from the jar ({@link ReportAssets}; from the jar, opening its 13,000 entries and inflating the
     * library cost 30-40 ms of a short command on a small machine), and the library's CRC-32 checked. Optional: it only saves time when called before other work that leaves a core idle (a trace
     * simulation's metrics and report sections: one thread). Calling it more than once starts one thread; a failure
     * is reported where the page is written, as without it.
     */
    public static void preparePageInBackground() {
        synchronized (Report.class) {
            if (pagePrepared) {
                return;
            }
            pagePrepared = true;
        }
        Thread t = new Thread(new PageResources(), "report-resources");
        t.setDaemon(true);
        t.start();
    }

    private static boolean pagePrepared;

    /** Reads the page's resources (a class, not a method reference: no call site to link at a short run's start). */
    private static final class PageResources implements Runnable {
        @Override
        public void run() {
            try {
                HtmlPage.resourcesLoaded();
            } catch (RuntimeException | LinkageError e) {
                // not printed here: writing the page meets the same problem and reports it
            }
        }
    }

    /** The sections so far, in report order. */
    public List<Section> sections() {
        return List.copyOf(sections);
    }

    /** The complete HTML page (as {@link #writeTo} writes it). */
    public String toHtml() {
        return HtmlPage.render(title, subtitle, sections, png);
    }

    /**
     * Writes {@code report.html} into {@code outDir}, an existing directory (metasched's callers give the
     * temporary directory that {@code metasched-io}'s {@code OutputDirectory} puts in place as a whole), and,
     * after {@link #withPng()}, one PNG per chart and Gantt chart. The page is written last.
     */
    public ReportFiles writeTo(Path outDir) throws IOException {
        return writeTo(outDir, Files::newOutputStream);
    }

    /** Opens a file of the report for writing (creating or truncating it). */
    @FunctionalInterface
    public interface FileOpener {
        OutputStream open(Path file) throws IOException;
    }

    /**
     * {@link #writeTo(Path)}, the page written through a stream that {@code pages} opens (e.g. one that hashes the
     * bytes as they go out, for the output directory's manifest).
     */
    public ReportFiles writeTo(Path outDir, FileOpener pages) throws IOException {
        if (!png) {
            Path page = outDir.resolve(HTML_FILE);
            try (OutputStream out = new BufferedOutputStream(pages.open(page), 1 << 16)) {
                HtmlPage.write(title, subtitle, sections, false, out);
            }
            return new ReportFiles(page, List.of(), List.of());
        }
        // Drawing and encoding the images is most of the work: do it on all cores.
        List<Callable<byte[]>> jobs = new ArrayList<>();
        for (Section s : sections) {
            if (s instanceof Chart c) {
                jobs.add(() -> PngEncoder.encode(ChartImages.draw(c, pngWidth, pngHeight)));
            } else if (s instanceof Figure f) {
                for (Chart c : f.panels()) {
                    jobs.add(() -> PngEncoder.encode(ChartImages.draw(c, pngWidth, pngHeight)));
                }
            } else if (s instanceof Gantt g) {
                jobs.add(() -> PngEncoder.encode(GanttImage.draw(g)));
            }
        }
        int threads = Math.max(1, Math.min(jobs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "report-png");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<byte[]>> images = new ArrayList<>(jobs.size());
            for (Callable<byte[]> job : jobs) {
                images.add(pool.submit(job));
            }
            List<Path> pngs = new ArrayList<>();
            List<Path> svgs = new ArrayList<>();
            int next = 0;
            for (Section s : sections) {
                List<Chart> charts =
                        s instanceof Chart c ? List.of(c) : s instanceof Figure fig ? fig.panels() : List.of();
                for (Chart c : charts) {
                    pngs.add(write(outDir.resolve(c.id() + ".png"), get(c.id(), images.get(next++))));
                    if (svg) {
                        Path f = outDir.resolve(c.id() + ".svg");
                        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(f))) {
                            ChartImages.writeSvg(c, pngWidth, pngHeight, out);
                        }
                        svgs.add(f);
                    }
                }
                if (s instanceof Gantt g) {
                    pngs.add(write(outDir.resolve(g.id() + ".png"), get(g.id(), images.get(next++))));
                    if (svg) {
                        Path f = outDir.resolve(g.id() + ".svg");
                        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(f))) {
                            GanttImage.writeSvg(g, out);
                        }
                        svgs.add(f);
                    }
                }
            }
            Path page = outDir.resolve(HTML_FILE);
            try (OutputStream out = new BufferedOutputStream(pages.open(page), 1 << 16)) {
                HtmlPage.write(title, subtitle, sections, true, out);
            }
            return new ReportFiles(page, pngs, svgs);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Path write(Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes);
        return file;
    }

    private static byte[] get(String id, Future<byte[]> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing the report images", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IOException("cannot draw " + id + ".png: " + e.getCause(), e.getCause());
        }
    }

    private void claim(String id) {
        if (!ids.add(id)) {
            throw new IllegalArgumentException("id '" + id + "' is used twice in report '" + title
                    + "'; chart and Gantt ids name the PNG" + " files and must be unique");
        }
    }

    private Report add(Section s) {
        sections.add(s);
        return this;
    }
}
