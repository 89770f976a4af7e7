package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 22: every size is checked against what it will allocate before any work starts (gang and memory --runs, and
 * select's availability horizon, since). Each request below crashed
 * (exit 1, "Illegal Capacity", a negative array size, a stack overflow), ran out of memory after many seconds or ran
 * for minutes; now each is refused at once with exit 2 and one line naming the request, the limit and, where memory
 * is what runs out, the memory it would need. Nothing is written.
 */
class SizeLimitsTest {
    @TempDir
    Path dir;

    static Stream<Arguments> requests() {
        String small = GangCommandTest.small().toString();
        String batch = BatchCommandTest.example().toString();
        return Stream.of(
                Arguments.of(List.of("gang", "--workload", small, "--clusters", "100000000,100000000"), "of memory"),
                Arguments.of(List.of("memory", "--machines", "100000000"), "of memory"),
                Arguments.of(List.of("memory", "--duration", "1e9"), "of memory"),
                Arguments.of(List.of("memory", "--mean-service", "1e-30"), "of memory"),
                Arguments.of(List.of("memory", "--cores", "100000000"), "the limit is"),
                Arguments.of(List.of("memory", "--runs", "2147483647"), "the limit is"),
                Arguments.of(
                        List.of("memory", "--runs", "1000000000", "--duration", "0.001"), "the limit is 10 000 runs"),
                Arguments.of(
                        List.of("gang", "--workload", small, "--runs", "100000000", "--jobs", "1"),
                        "the limit is 10 000 runs"),
                Arguments.of(List.of("reproduce", "p000-table2", "--runs", "2147483647"), "of memory"),
                Arguments.of(List.of("reproduce", "p001", "--runs", "2147483647"), "of memory"),
                Arguments.of(List.of("batch", "-i", batch, "--quantum", "1e-30"), "of memory"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void refusedAtOnceNamingTheLimit(List<String> args, String need) throws IOException {
        List<String> a = new ArrayList<>(args);
        if (!args.get(0).equals("batch")) {
            a.addAll(List.of("-o", dir.resolve("out").toString(), "--no-progress"));
        }
        long t0 = System.nanoTime();
        CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains("limit").contains(need);
        assertThat(seconds).as("refused before any work").isLessThan(20); // generous: a loaded machine, no JIT yet
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).as("nothing written").isEmpty();
        }
    }

    /**
     * The availability strategies on [0, 1e9]: the full scan ran out of memory after 90 s (exit 1), and so did K = 3
     * starting points with the gradient step of 10 (whose walks may evaluate one start time in ten). Each is refused
     * at once naming the file's horizon; a longer step fits.
     */
    @Test
    void aHorizonTooLongForTheAvailabilitySearchIsRefusedNamingTheFile() throws IOException {
        Path example = Path.of("..", "examples", "select-availability.json");
        Path f = Files.writeString(
                dir.resolve("long.json"),
                Files.readString(example).replace("\"horizon\": [0, 10]", "\"horizon\": [0, 1e9]"));
        String horizon = "metasched: " + f + ": horizon [0, 1 000 000 000] (";
        for (List<String> args : List.of(
                List.of("-s", "greedy-jnt", "--start-points", "3"), // first: it would now run, and quickly
                List.of("-s", "availability-knapsack", "-f", "table"))) {
            List<String> a = new ArrayList<>(List.of("select", "-i", f.toString()));
            a.addAll(args);
            long t0 = System.nanoTime();
            CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .as(args.toString())
                    .doesNotContain("\n")
                    .startsWith(horizon)
                    .contains("would need")
                    .contains("; the limit is ")
                    .containsPattern("; give a shorter horizon or (--start-points K|a longer --step)");
            assertThat(r.out()).isEmpty();
            assertThat((System.nanoTime() - t0) / 1e9)
                    .as("refused before any work")
                    .isLessThan(20);
        }
        CliRunner.Result r = CliRunner.run(
                "select", "-i", f.toString(), "-s", "greedy-jnt", "--start-points", "3", "--step", "1000");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"found\" : true");
    }

    /**
     * A sweep checks every cell before any runs: a scale of 1e30, a cluster of 1e30 processors and streams of 1e30 s
     * are refused.
     */
    @Test
    void aSweepOfImpossibleSizesIsRefusedBeforeAnyCell() throws IOException {
        String small = GangCommandTest.small().toAbsolutePath().toString();
        for (String body : new String[] {
            "command: simulate\noptions: {workload: " + small + "}\ngrid:\n  policy: [fcfs]\n  scale: [1.0, 1e30]\n",
            "command: gang\noptions: {workload: " + small + "}\ngrid:\n  clusters: [\"8,16\", \"1e30,5\"]\n",
            "command: gang\noptions: {workload: " + small
                    + "}\ngrid:\n  clusters: [\"8,16\", \"100000000,100000000\"]\n",
            "command: memory\noptions: {policy: adaptive}\ngrid:\n  duration: [20, 1e30]\n"
        }) {
            Path spec = Files.writeString(dir.resolve("s.yaml"), body);
            CliRunner.Result r = CliRunner.run(
                    "sweep",
                    "--spec",
                    spec.toString(),
                    "--no-progress",
                    "-o",
                    dir.resolve("out").toString());
            assertThat(r.exitCode()).as(body + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).as(body).doesNotContain("\n").contains("limit");
            assertThat(dir.resolve("out")).doesNotExist();
        }
    }

    /**
     * An empty shard (a sweep split into more shards than it has cells) writes an empty result, and sweep-merge takes
     * it with the others: the merge equals the whole sweep.
     */
    @Test
    void anEmptyShardWritesAnEmptyResultThatSweepMergeTakes() throws IOException {
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                SweepCommandTest.SWEEP.replace(
                        "SMALL", GangCommandTest.small().toAbsolutePath().toString()));
        List<String> shards = new ArrayList<>(List.of("sweep-merge"));
        int empty = 0;
        for (int i = 1; i <= 24; i++) {
            Path out = dir.resolve("shard" + i);
            CliRunner.Result r = CliRunner.run(
                    "sweep", "--spec", spec.toString(), "--shard", i + "/24", "--no-progress", "-o", out.toString());
            assertThat(r.exitCode()).as(r.err()).isIn(0, 3);
            if (Files.readAllLines(out.resolve("cells.csv")).size() == 1) {
                empty++;
                assertThat(out.resolve("report.html")).content().contains("no cell in this shard");
            }
            shards.add(out.toString());
        }
        assertThat(empty).as("11 cells in 24 shards leave some empty").isGreaterThan(5);
        shards.addAll(List.of("-o", dir.resolve("merged").toString()));
        CliRunner.Result merged = CliRunner.run(shards.toArray(new String[0]));
        assertThat(merged.exitCode()).as(merged.err()).isEqualTo(3); // as the whole sweep: SWEEP's missing trace
        CliRunner.Result whole = CliRunner.run(
                "sweep",
                "--spec",
                spec.toString(),
                "--no-progress",
                "-o",
                dir.resolve("whole").toString());
        assertThat(whole.exitCode()).isEqualTo(3);
        assertThat(SweepCommandTest.withoutWallTime(dir.resolve("merged/cells.csv")))
                .isEqualTo(SweepCommandTest.withoutWallTime(dir.resolve("whole/cells.csv")));
    }
}
