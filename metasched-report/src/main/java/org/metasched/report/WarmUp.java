package org.metasched.report;

import java.util.List;
import java.util.Map;

/**
 * Loads what writing a report needs the first time (Java2D and its fonts, XChart, the PNG encoder, the page
 * template and the inlined ECharts library) by drawing and encoding a tiny chart of each kind. In a short command
 * this is a third of a second that {@link Report#prepareInBackground()} moves onto an otherwise idle core.
 */
final class WarmUp implements Runnable {
    private final boolean images;

    /** @param images also draw and encode the images; else the page alone (template, ECharts, data block) */
    WarmUp(boolean images) {
        this.images = images;
    }

    @Override
    public void run() {
        if (!images) {
            page();
            return;
        }
        try {
            HtmlPage.resourcesLoaded();
            double[] x = {0, 1, 2};
            double[] y = {1, 3, 2};
            List<Series> line = List.of(Series.of("a", x, y));
            for (Chart c : List.of(
                    new Chart("line", "t", ChartKind.LINE, "x", "y", List.of(), line),
                    new Chart("scatter", "t", ChartKind.SCATTER, "x", "y", List.of(), line),
                    new Chart(
                            "bars",
                            "t",
                            ChartKind.HISTOGRAM,
                            "x",
                            "count",
                            List.of(),
                            Distributions.histograms(List.of(Sample.of("a", y)), 2)))) {
                PngEncoder.encode(ChartImages.draw(c, 200, 150));
            }
            Gantt g = Gantt.builder()
                    .rows(List.of("r0", "r1"))
                    .pngSize(200, 150)
                    .bar("j", 0, 1, 0, 10, Map.of("k", 1))
                    .build();
            PngEncoder.encode(GanttImage.draw(g));
        } catch (RuntimeException | LinkageError e) {
            // ignored: writing the report meets the same problem and reports it where it can be handled
        }
    }

    /** Writes a tiny page with a table, a chart of each kind and a Gantt chart into nothing. */
    private static void page() {
        try {
            double[] x = {0, 1, 2};
            double[] y = {1, 3, 2};
            Report r = Report.create("t").subtitle("s");
            r.table("t", List.of("a", "b"), List.of(List.of("x", 1), List.of("y", 2.5)));
            r.stepChart("a", "t", "x", "y", List.of(Series.of("a", x, y)));
            r.scatterChart("b", "t", "x", "y", List.of(Series.of("a", x, y)));
            r.histogram("c", "t", "x", List.of(Sample.of("a", y)), 2);
            r.cdfChart("d", "t", "x", List.of(Sample.of("a", y)), Chart.Scale.LOG);
            r.gantt(Gantt.builder()
                    .id("g")
                    .rows(List.of("r0", "r1"))
                    .bar("j", 0, 1, 0, 10, Map.of("k", 1))
                    .build());
            HtmlPage.write("t", "s", r.sections(), false, java.io.OutputStream.nullOutputStream());
        } catch (java.io.IOException | RuntimeException | LinkageError e) {
            // ignored: writing the report meets the same problem and reports it where it can be handled
        }
    }
}
