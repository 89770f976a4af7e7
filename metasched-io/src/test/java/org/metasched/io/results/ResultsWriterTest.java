package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.metrics.RunResult;
import org.metasched.model.Workload;

class ResultsWriterTest {
    @TempDir
    Path dir;

    static RunResult small() {
        Workload w = Workload.builder(4)
                .add(1, 0, 100, 100, 2)
                .add(2, 0, 50, 100, 4)
                .add(3, 10, 300, 100, 1)
                .build();
        return JobFlowSimulation.of("small.swf").run(w, FlowPolicy.EASY);
    }

    @Test
    void writesTheThreeFilesWithDocumentedColumns() throws IOException {
        Path out = dir.resolve("run");
        ResultsWriter.write(out, small());
        List<String> jobs = Files.readAllLines(out.resolve(ResultsWriter.JOBS));
        assertThat(jobs.get(0)).isEqualTo(ResultsWriter.JOBS_HEADER);
        assertThat(jobs).hasSize(4);
        // job 3 may not backfill at 10 (ends 110 > shadow 100, extra 0); it waits until job 2 ends early at 150
        assertThat(jobs.get(1)).isEqualTo("1,0,0,100,2,100,100,0,100,1.0,1.0,false,0-1");
        assertThat(jobs.get(2)).isEqualTo("2,0,100,150,4,50,100,100,150,3.0,3.0,false,0-3");
        assertThat(jobs.get(3)).isEqualTo("3,10,150,250,1,100,100,140,240,2.4,2.4,true,0");
        String summary = Files.readString(out.resolve(ResultsWriter.SUMMARY));
        assertThat(summary)
                .contains("\"jobs\": 3,")
                .contains("\"policy\": \"easy\",")
                .contains("\"makespan\": 250,")
                .contains("\"meanWait\": 80.0,")
                .contains("\"killed\": 1,");
        assertThat(Files.readAllLines(out.resolve(ResultsWriter.SERIES)).get(0))
                .isEqualTo("time,utilization,waiting,running");
    }

    @Test
    void replacesAnEarlierResultsDirectoryWholeAndLeavesNoTemporaries() throws IOException {
        Path out = dir.resolve("run");
        ResultsWriter.write(out, small());
        Files.writeString(out.resolve(ResultsWriter.JOBS), "stale");
        ResultsWriter.write(out, small());
        assertThat(Files.readString(out.resolve(ResultsWriter.JOBS))).startsWith(ResultsWriter.JOBS_HEADER);
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("run");
        }
    }

    @Test
    void neverReplacesAFileOrADirectoryWithOtherContent() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> ResultsWriter.write(file, small()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--out " + file + ": exists and is not a directory; choose another output directory");
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("thesis.tex"), "precious");
        assertThatThrownBy(() -> ResultsWriter.write(home, small()))
                .hasMessage("--out " + home + ": exists and holds 'thesis.tex', which is not a result file;"
                        + " refusing to replace it (choose a new or empty directory)");
        assertThat(home.resolve("thesis.tex")).hasContent("precious");
        assertThat(file).hasContent("mine");
    }

    @Test
    void extraFilesLandBesideTheResultFiles() throws IOException {
        Path out = dir.resolve("run");
        ResultsWriter.write(out, small(), d -> Files.writeString(d.resolve("report.html"), "<html></html>"));
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            ResultsWriter.JOBS, ResultsWriter.SUMMARY, ResultsWriter.SERIES, "report.html");
        }
        assertThat(Files.readAllLines(out.resolve(ResultsWriter.JOBS))).hasSize(4);
    }

    @Test
    void aFailingExtraLeavesNothingAndKeepsTheEarlierResults() throws IOException {
        Path out = dir.resolve("run");
        ResultsWriter.write(out, small());
        String before = Files.readString(out.resolve(ResultsWriter.JOBS));
        for (int i = 0; i < 20; i++) { // the result files are written concurrently with extra: fail at any point
            int attempt = i;
            assertThatThrownBy(() -> ResultsWriter.write(out, small(), d -> {
                        if (attempt % 2 == 0) {
                            java.util.concurrent.locks.LockSupport.parkNanos(attempt * 1_000_000L);
                        }
                        throw new IOException("disk full");
                    }))
                    .hasMessageContaining("disk full");
            try (var s = Files.list(dir)) {
                assertThat(s.map(p -> p.getFileName().toString())).containsExactly("run");
            }
            assertThat(out.resolve(ResultsWriter.JOBS)).hasContent(before);
        }
    }
}
