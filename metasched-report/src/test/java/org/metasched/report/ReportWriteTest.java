package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriteTest {

    @TempDir
    Path dir;

    private List<String> fileNames() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static boolean containsColour(BufferedImage image, int rgb) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * docs/report.md's demo command ({@code DemoReports results/report-demo} in a fresh checkout) writes its five
     * reports into directories that do not exist yet: writeTo writes into an existing directory, so the demo makes
     * them (it ended with NoSuchFileException when it did not).
     */
    @Test
    void theDemoOfTheDocsWritesEveryReportIntoANewDirectory() throws IOException {
        Path out = dir.resolve("results/report-demo");

        DemoReports.main(new String[] {out.toString()});

        for (String demo : List.of("small", "large", "capped", "huge", "hostile")) {
            assertThat(out.resolve(demo).resolve("report.html")).as(demo).isNotEmptyFile();
        }
    }

    @Test
    void byDefaultOnlyTheHtmlPageIsWrittenAndItLinksNoImages() throws IOException {
        Report r = DemoReports.small();
        ReportFiles files = r.writeTo(dir);
        assertThat(fileNames()).containsExactly("report.html");
        assertThat(files.images()).isEmpty();
        assertThat(Files.readString(files.html())).isEqualTo(r.toHtml()).doesNotContain(".png\">");
    }

    @Test
    void withPngWritesHtmlAndOnePngPerChartOfTheRequestedSize() throws IOException {
        Report r = DemoReports.small().pngSize(640, 480).withPng();

        ReportFiles files = r.writeTo(dir);

        assertThat(fileNames())
                .containsExactly(
                        "gantt.png",
                        "mean-wait-by-algorithm.png",
                        "report.html",
                        "wait-cdf.png",
                        "wait-histogram.png",
                        "wait-over-time.png");
        assertThat(files.html()).isEqualTo(dir.resolve("report.html"));
        assertThat(files.images())
                .extracting(p -> p.getFileName().toString())
                .containsExactly(
                        "wait-over-time.png",
                        "wait-histogram.png",
                        "wait-cdf.png",
                        "mean-wait-by-algorithm.png",
                        "gantt.png");
        for (Path png : files.images()) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image).as(png + " is a readable image").isNotNull();
            if (png.getFileName().toString().equals("gantt.png")) {
                assertThat(image.getWidth()).isEqualTo(1600);
                assertThat(image.getHeight()).isEqualTo(900);
            } else {
                assertThat(image.getWidth()).as(png.toString()).isEqualTo(640);
                assertThat(image.getHeight()).as(png.toString()).isEqualTo(480);
            }
        }
        assertThat(Files.readString(files.html())).isEqualTo(r.toHtml()).contains("<a href=\"gantt.png\">");
    }

    @Test
    void pngsShowTheData() throws IOException {
        Report r = Report.create("t").pngSize(400, 300).withPng();
        r.barChart("bars", "Bars", "x", "y", List.of("a", "b"), List.of(Series.ofValues("s", 3, 5)));
        r.gantt(Gantt.builder()
                .id("schedule")
                .rows(List.of("n0", "n1"))
                .bar("only", 0, 1, 0, 10)
                .pngSize(500, 300)
                .build());

        r.writeTo(dir);

        BufferedImage bars = ImageIO.read(dir.resolve("bars.png").toFile());
        assertThat(containsColour(bars, 0x2f6db5))
                .as("first series colour in bars.png")
                .isTrue();
        BufferedImage gantt = ImageIO.read(dir.resolve("schedule.png").toFile());
        assertThat(gantt.getWidth()).isEqualTo(500);
        assertThat(gantt.getHeight()).isEqualTo(300);
        assertThat(containsColour(gantt, JobColors.of(0).getRGB() & 0xffffff))
                .as("the job's colour in schedule.png")
                .isTrue();
        assertThat(containsColour(gantt, JobColors.of(1).getRGB() & 0xffffff))
                .as("no second job was drawn")
                .isFalse();
    }

    @Test
    void svgOnRequestIsWellFormedAndCarriesTheText() throws Exception {
        Report r = Report.create("t").withSvg();
        r.lineChart(
                "line", "Line & <title>", "x", "y", List.of(Series.of("s", new double[] {0, 1}, new double[] {0, 1})));
        // markup characters in a label must not make the SVG ill-formed
        r.gantt(Gantt.builder().rows(List.of("node-a <&>")).bar("j", 0, 0, 5).build());

        ReportFiles files = r.writeTo(dir);

        assertThat(files.svgs()).extracting(p -> p.getFileName().toString()).containsExactly("line.svg", "gantt.svg");
        assertThat(fileNames()).containsExactly("gantt.png", "gantt.svg", "line.png", "line.svg", "report.html");
        javax.xml.parsers.DocumentBuilderFactory factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        for (Path svg : files.svgs()) {
            org.w3c.dom.Document doc = factory.newDocumentBuilder().parse(svg.toFile());
            assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        }
        assertThat(Files.readString(dir.resolve("gantt.svg"))).contains("node-a");
        // XChart draws its text as glyph outlines, so only the Gantt SVG carries text
        assertThat(Files.readString(dir.resolve("line.svg"))).contains("<path");
    }

    @Test
    void noSvgUnlessAsked() throws IOException {
        Report r = Report.create("t").withPng();
        r.gantt(Gantt.builder().rows(List.of("n")).bar("j", 0, 0, 5).build());
        assertThat(r.writeTo(dir).svgs()).isEmpty();
        assertThat(fileNames()).containsExactly("gantt.png", "report.html");
    }

    @Test
    void rewritingReplacesTheOldReport() throws IOException {
        Report.create("first").writeTo(dir);
        Report.create("second").writeTo(dir);
        assertThat(fileNames()).containsExactly("report.html");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h1>second</h1>");
    }

    @Test
    void idsMustBeUniqueAndUsableAsFileNames() {
        Report r = Report.create("t");
        List<Series> s = List.of(Series.of("s", new double[] {0}, new double[] {0}));
        r.lineChart("a", "A", "x", "y", s);
        assertThatThrownBy(() -> r.lineChart("a", "A again", "x", "y", s)).hasMessageContaining("used twice");
        assertThatThrownBy(() -> r.gantt(Gantt.builder()
                        .id("a")
                        .rows(List.of("r"))
                        .bar("j", 0, 0, 1)
                        .build()))
                .hasMessageContaining("used twice");
        assertThatThrownBy(() -> r.lineChart("../x", "A", "x", "y", s)).hasMessageContaining("file name");
        assertThatThrownBy(() -> r.barChart("b", "B", "x", "y", List.of("one"), List.of(Series.ofValues("s", 1, 2))))
                .hasMessageContaining("not a category index");
        assertThatThrownBy(() -> r.lineChart(
                        "c",
                        "C",
                        "x",
                        "y",
                        List.of(
                                Series.of("same", new double[] {0}, new double[] {0}),
                                Series.of("same", new double[] {0}, new double[] {0}))))
                .hasMessageContaining("two series named 'same'");
    }
}
