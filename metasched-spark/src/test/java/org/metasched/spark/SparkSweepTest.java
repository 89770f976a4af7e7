package org.metasched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.sweep.SweepRun;
import org.metasched.pipeline.sweep.SweepSpec;

/**
 * Spark in local mode gives the local engine's cells.csv (wall time aside) and summary.csv, byte for byte, with the
 * sweep file's relative paths resolved on the driver; an input an executor cannot read fails its cells with the host
 * and the path.
 */
class SparkSweepTest {

    @org.junit.jupiter.api.BeforeEach
    void sparkRunsOnThisJava() {
        SparkJava.assumeSupported();
    }

    @TempDir
    Path dir;

    static List<String> withoutWallTime(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        int wall = List.of(lines.get(0).split(",", -1)).indexOf("wallSeconds");
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            List<String> cells = new ArrayList<>(List.of(l.split(",", -1)));
            cells.remove(wall);
            out.add(String.join(",", cells));
        }
        return out;
    }

    static Path small() {
        Path small = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "examples", "small.swf");
        return Files.exists(small) ? small : Path.of("../examples/small.swf");
    }

    /**
     * A sweep with relative paths (from this module's directory, where the test runs): the example trace, another
     * trace of the same file name (its first 30 jobs), and a missing trace.
     */
    Path relativeSweep() throws IOException {
        Path cwd = Path.of("").toAbsolutePath();
        Path relative = cwd.relativize(small().toAbsolutePath());
        List<String> lines = Files.readAllLines(small());
        Path other = Files.createDirectories(dir.resolve("other")).resolve("small.swf");
        Files.write(other, lines.subList(0, lines.size() - 10));
        assertThat(relative.isAbsolute()).isFalse();
        return Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\ngrid:\n  workload: [" + relative + ", " + cwd.relativize(other)
                        + "]\n  policy: [fcfs, easy, conservative]\n  scale: [0.8, 1.0]\n"
                        + "cells:\n  - {policy: easy, workload: nowhere.swf}\nreplications: 2\n");
    }

    @Test
    void sparkLocalModeWritesTheLocalEnginesFiles() throws IOException {
        SweepSpec s = SweepSpec.read(relativeSweep());
        List<SweepRun.Result> local = SweepRun.run(s, SweepRun.Shard.ALL, 2, x -> {});
        SweepRun.write(dir.resolve("local"), s, SweepRun.Shard.ALL, local, Outputs.NO_REPORT);
        // the two traces called small.swf give different results: a mix-up of the shipped copies would show
        assertThat(local.stream()
                        .filter(r -> !r.failed())
                        .map(r -> r.metrics()[0])
                        .distinct()
                        .count())
                .isGreaterThan(2);
        SparkCells.Run spark = SparkCells.run(s, new SparkCells.Settings("local[2]", false, false));
        assertThat(spark.master()).isEqualTo("local[2]");
        SweepRun.write(dir.resolve("spark"), s, SweepRun.Shard.ALL, spark.results(), Outputs.NO_REPORT);
        List<String> cells = withoutWallTime(dir.resolve("local/cells.csv"));
        assertThat(cells).hasSize(1 + 13 * 2);
        assertThat(withoutWallTime(dir.resolve("spark/cells.csv"))).isEqualTo(cells);
        assertThat(Files.readString(dir.resolve("spark/summary.csv")))
                .isEqualTo(Files.readString(dir.resolve("local/summary.csv")));
        // the missing trace, twice, with the local engine's message
        assertThat(spark.results().stream().filter(SweepRun.Result::failed).map(SweepRun.Result::error))
                .containsExactly("nowhere.swf: no such file", "nowhere.swf: no such file");
    }

    @Test
    void withSharedPathsAnInputTheExecutorCannotReadFailsWithTheHostAndThePath() throws IOException {
        SweepSpec s = SweepSpec.read(relativeSweep());
        SparkCells.Run spark = SparkCells.run(s, new SparkCells.Settings("local[2]", true, false));
        List<String> errors = spark.results().stream()
                .filter(SweepRun.Result::failed)
                .map(SweepRun.Result::error)
                .toList();
        Path missing = Path.of("nowhere.swf").toAbsolutePath().normalize();
        assertThat(errors)
                .hasSize(2)
                .allMatch(e -> e.startsWith("host ") && e.contains("(executor driver)"))
                .allMatch(e -> e.endsWith(" cannot read " + missing + " (nowhere.swf): no such file"));
        assertThat(spark.results().stream().filter(r -> !r.failed()).count()).isEqualTo(24);
    }

    @Test
    void theCommandLineWritesTheDirectoryAndSaysWhereItRan() throws IOException {
        Path spec = relativeSweep();
        Run run = run(
                "--spec",
                spec.toString(),
                "-o",
                dir.resolve("out").toString(),
                "--master",
                "local[1]",
                "--no-report",
                "--no-progress");
        assertThat(run.code()).as(run.err()).isEqualTo(3);
        assertThat(run.out())
                .contains("sweep s.yaml: command simulate, 13 cells x 2 replications: 26 runs, 2 failed")
                .contains("ran on Spark: master local[1], application local-");
        assertThat(dir.resolve("out/cells.csv")).exists();
        assertThat(dir.resolve("out/report.html")).doesNotExist();
        Run bad = run("--spec", spec.toString(), "--bogus");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).doesNotContain("\n").contains("--bogus");
        Run missing = run(
                "--spec",
                dir.resolve("none.yaml").toString(),
                "-o",
                dir.resolve("o2").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("metasched: " + dir.resolve("none.yaml") + ": no such file");
        assertThat(dir.resolve("o2")).doesNotExist();
    }

    /** The one list of JVM options (the pom's, written beside the jar) holds Spark's own, less the two it explains. */
    @Test
    void theJavaOptionsAreSparksOwn() throws Exception {
        Path file = Path.of("target", "spark-java-options.txt");
        assertThat(file).exists();
        List<String> ours = Arrays.asList(Files.readString(file).strip().split("\\s+"));
        String spark = (String) Class.forName("org.apache.spark.launcher.JavaModuleOptions")
                .getMethod("defaultModuleOptions")
                .invoke(null);
        List<String> theirs = new ArrayList<>(Arrays.asList(spark.strip().split("\\s+")));
        theirs.removeAll(List.of("-XX:+IgnoreUnrecognizedVMOptions", "--add-modules=jdk.incubator.vector"));
        assertThat(ours).containsExactlyInAnyOrderElementsOf(theirs);
    }

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = SparkSweep.execute(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
