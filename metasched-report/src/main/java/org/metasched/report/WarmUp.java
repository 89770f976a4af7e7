package org.metasched.report;

import java.util.List;
import java.util.Map;

/**
 * Loads what writing a report needs the first time (Java2D and its fonts, XChart, the PNG encoder, the page
 * template and the inlined ECharts library) by drawing and encoding a tiny chart of each kind. In a short command
 * this is a third of a second that {@link Report#prepareInBackground()} moves onto an otherwise idle core.
 */
final class WarmUp implements Runnable {

    @Override
    public void run() {
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
}
