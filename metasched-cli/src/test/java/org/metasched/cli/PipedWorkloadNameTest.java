package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.flow.FlowPolicy;
import org.metasched.pipeline.trace.TracePipeline;
import tools.jackson.databind.json.JsonMapper;

/**
 * A trace that is not a regular file (a named pipe here; {@code /dev/stdin} and a shell's {@code <(zcat t.swf.gz)}
 * are pipes too) is named by the path as given in the terminal summary, {@code summary.json} and the report, not by
 * its last element ({@code 63} for {@code /dev/fd/63}); a regular file keeps its file name.
 */
class PipedWorkloadNameTest {
    @TempDir
    Path dir;

    private static final String TRACE = "; MaxProcs: 8\n"
            + "1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
            + "2 5 -1 50 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n";

    /** A named pipe that a daemon thread fills with the trace once a reader opens it. */
    private Path pipe(String name) throws IOException, InterruptedException {
        return NamedPipe.filled(dir, name, TRACE.getBytes(StandardCharsets.US_ASCII));
    }

    /** The {@code workload} field of {@code summary.json} in {@code out}. */
    private static String summaryWorkload(Path out) {
        return JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile())
                .get("workload")
                .asString();
    }

    @Test
    void simulateNamesAPipeByItsPathAndAFileByItsName() throws IOException, InterruptedException {
        Path pipe = pipe("trace-pipe");
        Path out = dir.resolve("out-pipe");
        CliRunner.Result r =
                CliRunner.run("simulate", "--workload", pipe.toString(), "--policy", "easy", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("workload      " + pipe + "\n");
        assertThat(summaryWorkload(out)).isEqualTo(pipe.toString());
        assertThat(Files.readString(out.resolve("report.html"))).contains("Simulation of " + pipe + " under easy");

        Path file = Files.writeString(dir.resolve("trace.swf"), TRACE);
        Path fileOut = dir.resolve("out-file");
        CliRunner.Result f = CliRunner.run(
                "simulate", "--workload", file.toString(), "--policy", "easy", "--no-report", "-o", fileOut.toString());
        assertThat(f.exitCode()).as(f.err()).isZero();
        assertThat(f.out()).startsWith("workload      trace.swf\n");
        assertThat(summaryWorkload(fileOut)).isEqualTo("trace.swf");
        // the same schedule either way
        assertThat(Files.readString(fileOut.resolve("jobs.csv"))).isEqualTo(Files.readString(out.resolve("jobs.csv")));
        // the default output directory: "pipe" for a pipe (not the number of /dev/fd/63), the file's name else
        assertThat(TracePipeline.defaultDirectory(pipe, FlowPolicy.EASY)) // still a pipe, read already
                .isEqualTo(Path.of("results", "simulate-pipe-easy"));
        assertThat(TracePipeline.defaultDirectory(file, FlowPolicy.EASY))
                .isEqualTo(Path.of("results", "simulate-trace-easy"));
    }

    @Test
    void gangNamesAPipeByItsPathAndAFileByItsName() throws IOException, InterruptedException {
        Path pipe = pipe("gang-pipe");
        Path out = dir.resolve("gang-pipe-out");
        CliRunner.Result r = CliRunner.run(
                "gang", "--workload", pipe.toString(), "--clusters", "4,8", "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("workload      " + pipe + "\n");
        assertThat(Files.readString(out.resolve("report.html"))).contains(" on " + pipe);

        Path file = Files.writeString(dir.resolve("gang.swf"), TRACE);
        CliRunner.Result f = CliRunner.run(
                "gang",
                "--workload",
                file.toString(),
                "--clusters",
                "4,8",
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("gang-file-out").toString());
        assertThat(f.exitCode()).as(f.err()).isZero();
        assertThat(f.out()).startsWith("workload      gang.swf\n");
    }
}
