package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;

    @BeforeEach
    void capture() {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    Path trace() throws IOException {
        StringBuilder sb = new StringBuilder("; MaxProcs: 4\n");
        sb.append("1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        sb.append("2 0 -1 50 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        sb.append("3 5 -1 0 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        return Files.writeString(dir.resolve("tiny.swf"), sb.toString());
    }

    @Test
    void simulatesPrintsTheSummaryAndWritesTheOutputs() throws IOException {
        Path outDir = dir.resolve("out");
        int code = Main.execute(
                "simulate", "--workload", trace().toString(), "--policy", "conservative", "--out", outDir.toString());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(printed)
                .contains("policy        conservative on 4 processors")
                .contains("jobs          2 simulated, 1 skipped, 0 rejected, 0 adjusted")
                .contains("runtimeNotPositive")
                .contains("wrote " + outDir);
        assertThat(outDir.resolve("jobs.csv")).exists();
        assertThat(outDir.resolve("summary.json")).exists();
        assertThat(outDir.resolve("timeseries.csv")).exists();
        String html = Files.readString(outDir.resolve("report.html"));
        assertThat(html)
                .contains("Simulation of tiny.swf under conservative")
                .contains("job 1")
                .contains("job 2");
        assertThat(html).doesNotContain("<script src=\"http");
        for (String png : new String[] {"gantt", "utilization-over-time", "queue-over-time", "wait-histogram"}) {
            assertThat(outDir.resolve(png + ".png")).exists();
        }
        // a second run replaces the earlier results directory, report included
        assertThat(Main.execute(
                        "simulate", "--workload", trace().toString(), "--policy", "easy", "--out", outDir.toString()))
                .isZero();
        assertThat(Files.readString(outDir.resolve("report.html"))).contains("under easy");
    }

    @Test
    void badInputIsOneLineWithExitCode2AndNoOutputDirectory() throws IOException {
        Path bad = Files.writeString(
                dir.resolve("bad.swf"), "; MaxProcs: 4\n1 0 -1 x 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path outDir = dir.resolve("never");
        int code =
                Main.execute("simulate", "--workload", bad.toString(), "--policy", "easy", "--out", outDir.toString());
        assertThat(code).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("metasched: " + bad + ":2: field 4 (run time): bad value 'x', expected a number"
                        + System.lineSeparator());
        assertThat(outDir).doesNotExist();
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bad.swf");
        }
    }

    @Test
    void aTraceWithNothingToSimulateSaysWhyAndWritesNothing() throws IOException {
        Path none = Files.writeString(
                dir.resolve("none.swf"),
                "; MaxProcs: 4\n"
                        + "1 0 -1 -1 2 -1 -1 2 10 -1 1 1 1 1 1 -1 -1 -1\n" // run time -1: skipped
                        + "2 5 -1 30 8 -1 -1 8 40 -1 1 1 1 1 1 -1 -1 -1\n"); // 8 > 4 processors: rejected
        Path outDir = dir.resolve("never");
        int code =
                Main.execute("simulate", "--workload", none.toString(), "--policy", "easy", "--out", outDir.toString());
        assertThat(code).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("metasched: " + none + ": no job to simulate: all 2 records were skipped or rejected"
                        + " (runtimeNotPositive: 1 (")
                .contains("largerThanMachine: 1 (")
                .contains("a larger --processors admits them")
                .hasLineCount(1);
        assertThat(outDir).doesNotExist();
    }

    @Test
    void unknownPolicyAndMissingFileAreBadInput() throws IOException {
        assertThat(Main.execute("simulate", "--workload", trace().toString(), "--policy", "sjf"))
                .isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("unknown policy 'sjf'; known: fcfs, easy, conservative");
        assertThat(Main.execute(
                        "simulate", "--workload", dir.resolve("nope.swf").toString(), "--policy", "fcfs"))
                .isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("nope.swf: no such file");
    }

    @Test
    void defaultOutputDirectoryIsNamedAfterTheWorkloadAndPolicy() {
        assertThat(SimulateCommand.baseName(Path.of("/x/KTH-SP2-1996-2.1-cln.swf.gz")))
                .isEqualTo("KTH-SP2-1996-2.1-cln");
    }
}
