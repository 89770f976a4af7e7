package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Small multiples, logarithmic y axes, intervals and a given Gantt time axis (issue 22). */
class FigureTest {
    @TempDir
    Path dir;

    static Chart panel(String id, String title, Chart.Scale y) {
        return new Chart(
                id,
                title,
                ChartKind.LINE,
                "scale",
                "wait (s)",
                List.of(),
                List.of(Series.withHalfWidths(
                        "easy", new double[] {0.8, 1, 1.2}, new double[] {10, 100, 1000}, new double[] {
                            2, Double.NaN, 50
                        })),
                Chart.Scale.LINEAR,
                y);
    }

    @Test
    void intervalsAreTheHalfWidthsAroundEachPointAndNaNWhereThereIsNone() {
        Series s = Series.withHalfWidths("a", new double[] {0, 1}, new double[] {10, 20}, new double[] {2, Double.NaN});
        assertThat(s.hasIntervals()).isTrue();
        assertThat(s.low()).containsExactly(8, Double.NaN);
        assertThat(s.high()).containsExactly(12, Double.NaN);
        assertThat(Series.of("b", new double[] {0}, new double[] {1}).hasIntervals())
                .isFalse();
        assertThatThrownBy(() -> new Series("c", new double[] {0}, new double[] {1}, new double[] {2}, null))
                .hasMessageContaining("both ends");
        assertThatThrownBy(
                        () -> new Series("c", new double[] {0}, new double[] {1}, new double[] {2}, new double[] {1}))
                .hasMessageContaining("low <= high");
    }

    @Test
    void aLogarithmicYAxisTakesPositiveValuesOnly() {
        assertThat(panel("p", "t", Chart.Scale.LOG).yScale()).isEqualTo(Chart.Scale.LOG);
        assertThatThrownBy(() -> new Chart(
                        "z",
                        "t",
                        ChartKind.LINE,
                        "x",
                        "y",
                        List.of(),
                        List.of(Series.of("s", new double[] {1, 2}, new double[] {0, 5})),
                        Chart.Scale.LINEAR,
                        Chart.Scale.LOG))
                .hasMessageContaining("y = 0.0")
                .hasMessageContaining("logarithmic");
    }

    @Test
    void aFigureIsAGridOfPanelsWithLinkedLegendsAndOnePngEach() throws IOException {
        Report r = Report.create("sweep");
        r.figure(new Figure(
                "figure-wait",
                "meanWait against scale",
                "Mean over 2 replications.",
                List.of(panel("wait-1", "KTH <SP2>", Chart.Scale.LOG), panel("wait-2", "NASA", Chart.Scale.LINEAR))));
        r.lineChart("after", "After", "x", "y", List.of(Series.of("s", new double[] {1}, new double[] {2})));
        String html = r.toHtml();
        assertThat(html)
                .contains("<section class=\"figure-section\" id=\"section-figure-wait\">")
                .contains("<h2>meanWait against scale</h2>", "<p class=\"note\">Mean over 2 replications.</p>")
                .contains("<h3>KTH &lt;SP2&gt;</h3>")
                .contains(
                        "data-chart=\"0\" data-figure=\"figure-wait\"", "data-chart=\"1\" data-figure=\"figure-wait\"")
                .contains("<div class=\"chart\" data-chart=\"2\"></div>");
        JsonNode charts = ReportHtmlTest.data(html).get("charts");
        assertThat(charts).hasSize(3);
        assertThat(charts.get(0).get("logY").asBoolean()).isTrue();
        assertThat(charts.get(1).get("logY").asBoolean()).isFalse();
        JsonNode s = charts.get(0).get("series").get(0);
        assertThat(s.get("low").toString()).isEqualTo("[8,null,950]");
        assertThat(s.get("high").toString()).isEqualTo("[12,null,1050]");
        assertThat(charts.get(2).get("series").get(0).has("low")).isFalse();

        ReportFiles files = r.withPng().writeTo(dir);
        assertThat(files.images())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("wait-1.png", "wait-2.png", "after.png");
        assertThat(Files.size(dir.resolve("wait-1.png"))).isGreaterThan(1000);
    }

    @Test
    void figureAndPanelIdsAreClaimedInTheReport() {
        Report r = Report.create("t");
        r.lineChart("wait-1", "t", "x", "y", List.of(Series.of("s", new double[] {1}, new double[] {2})));
        assertThatThrownBy(() -> r.figure(new Figure("f", "t", "", List.of(panel("wait-1", "a", Chart.Scale.LINEAR)))))
                .hasMessageContaining("'wait-1' is used twice");
    }

    @Test
    void ganttChartsOfOneGroupShareTheSpanOfAllTheirBars() {
        GanttBuilder a = Gantt.builder().id("a").rows(List.of("n0")).bar("j1", 0, 0, 600);
        GanttBuilder b = Gantt.builder().id("b").rows(List.of("n0")).bar("j1", 0, 10, 44);
        List<Gantt> group = Gantt.onOneTimeAxis(List.of(a, b));
        assertThat(group).extracting(Gantt::axisStart).containsExactly(0.0, 0.0);
        assertThat(group).extracting(Gantt::axisEnd).containsExactly(600.0, 600.0);
        assertThat(group.get(1).minTime()).isEqualTo(10.0);
        Gantt alone = Gantt.builder().rows(List.of("n0")).bar("j", 0, 5, 7).build();
        assertThat(alone.hasTimeAxis()).isFalse();
        assertThat(alone.axisStart()).isEqualTo(5.0);
        Report r = Report.create("t");
        group.forEach(r::gantt);
        r.gantt(alone);
        JsonNode gantts = ReportHtmlTest.data(r.toHtml()).get("gantts");
        assertThat(gantts.get(1).get("timeMin").asDouble()).isEqualTo(0.0);
        assertThat(gantts.get(1).get("timeMax").asDouble()).isEqualTo(600.0);
        assertThat(gantts.get(2).has("timeMin")).isFalse();
        assertThatThrownBy(() -> Gantt.builder().timeAxis(5, 5)).hasMessageContaining("end > start");
    }
}
