package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
    @TempDir
    Path dir;

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
        CliRunner.Result r = CliRunner.run(
                "simulate", "--workload", trace().toString(), "--policy", "Conservative", "-o", outDir.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out())
                .contains("policy        conservative on 4 processors")
                .contains("jobs          2 simulated, 1 skipped, 0 rejected, 0 adjusted")
                .contains("runtimeNotPositive")
                .contains("wrote " + outDir);
        assertThat(OutputGuard.tree(outDir))
                .containsExactly("", ".metasched-output", "jobs.csv", "report.html", "summary.json", "timeseries.csv");
        String html = Files.readString(outDir.resolve("report.html"));
        assertThat(html)
                .contains("Simulation of tiny.swf under conservative")
                .contains("job 1")
                .contains("job 2")
                .contains("Schedule of all 2 jobs")
                .doesNotContain("first 2 of 2");
        assertThat(html).doesNotContain("<script src=\"http");
        // a second run replaces the earlier results directory, report included; PNGs only when asked
        CliRunner.Result again = CliRunner.run(
                "simulate", "--workload", trace().toString(), "--policy", "easy", "--out", outDir.toString(), "--png");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(Files.readString(outDir.resolve("report.html"))).contains("under easy");
        for (String png : new String[] {"gantt", "utilization-over-time", "queue-over-time", "wait-histogram"}) {
            assertThat(outDir.resolve(png + ".png")).exists();
        }
    }

    /**
     * An output directory whose jobs.csv was edited since is refused, with exit 2 and one line naming the file, also
     * when the trace is bad too: simulate reads the old files beside its work, but the directory's refusal still
     * comes first, as when it was read before the work. Nothing of the user's is changed.
     */
    @Test
    void aChangedOutputIsRefusedFirstAndKept() throws IOException {
        Path outDir = dir.resolve("out");
        CliRunner.Result first = CliRunner.run(
                "simulate",
                "--workload",
                trace().toString(),
                "--policy",
                "easy",
                "--no-report",
                "-o",
                outDir.toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        Files.writeString(outDir.resolve("jobs.csv"), "my note\n", java.nio.file.StandardOpenOption.APPEND);
        String edited = Files.readString(outDir.resolve("jobs.csv"));
        String refusal = "metasched: " + outDir + ": 'jobs.csv' was changed since metasched wrote it; give --force to"
                + " replace the directory anyway, or another output directory\n";
        Path bad = Files.writeString(
                dir.resolve("bad.swf"), "; MaxProcs: 4\n1 0 -1 x 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        for (Path workload : new Path[] {bad, trace(), dir.resolve("missing.swf")}) {
            CliRunner.Result r = CliRunner.run(
                    "simulate", "--workload", workload.toString(), "--policy", "easy", "-o", outDir.toString());
            assertThat(r.exitCode()).as(workload.toString()).isEqualTo(Main.EXIT_BAD_INPUT);
            assertThat(r.err()).as(workload.toString()).isEqualTo(refusal);
        }
        assertThat(Files.readString(outDir.resolve("jobs.csv"))).isEqualTo(edited);
        try (var s = Files.list(dir)) { // no directory under way left beside it (the good trace's was made, then went)
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("out", "bad.swf", "tiny.swf");
        }
    }

    @Test
    void badInputIsOneLineWithExitCode2AndNoOutputDirectory() throws IOException {
        Path bad = Files.writeString(
                dir.resolve("bad.swf"), "; MaxProcs: 4\n1 0 -1 x 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path outDir = dir.resolve("never");
        CliRunner.Result r =
                CliRunner.run("simulate", "--workload", bad.toString(), "--policy", "easy", "--out", outDir.toString());
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("metasched: " + bad + ":2: field 4 (run time): bad value 'x', expected a number\n");
        assertThat(outDir).doesNotExist();
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bad.swf");
        }
    }

    /**
     * A bad line deep in the trace is found while the schedule runs, after the output directory under way was made
     * (jobs.csv is written into it as the jobs start): that directory goes, and so do the folders made for it.
     */
    @Test
    void aBadLineFoundDuringTheScheduleLeavesNoDirectoryAndNoFolderMadeForIt() throws IOException {
        StringBuilder trace = new StringBuilder("; MaxProcs: 64\n");
        for (int i = 1; i <= 20_000; i++) {
            trace.append(i).append(' ').append(i * 10).append(" 0 100 4 -1 -1 4 200 -1 1 1 1 1 1 -1 -1 -1\n");
        }
        trace.append("20001 200010 0 y 4 -1 -1 4 200 -1 1 1 1 1 1 -1 -1 -1\n");
        Path bad = Files.writeString(dir.resolve("late.swf"), trace);
        Path outDir = dir.resolve("made/for/it");
        String[] args = {
            "simulate", "--workload", bad.toString(), "--policy", "easy", "--no-report", "-o", outDir.toString()
        };
        Main.prefetchTrace(args); // as Main.main does: the trace is read as the schedule runs
        CliRunner.Result r = CliRunner.run(args);
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("metasched: " + bad + ":20002: field 4 (run time): bad value 'y', expected a number\n");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("late.swf");
        }
    }

    /** Two MaxProcs lines with two values: one line naming both, exit 2, nothing written (not the last one wins). */
    @Test
    void aHeaderGivenTwiceWithTwoValuesIsBadInput() throws IOException {
        Path twice = Files.writeString(
                dir.resolve("mp.swf"),
                "; MaxProcs: 100\n; MaxProcs: 50\n1 0 0 10 10 -1 -1 10 10 -1 1 1 1 1 1 -1 -1 -1\n");
        Path outDir = dir.resolve("never");
        CliRunner.Result r = CliRunner.run(
                "simulate", "--workload", twice.toString(), "--policy", "fcfs", "--no-report", "-o", outDir.toString());
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("metasched: " + twice + ":2: header 'MaxProcs': bad value '50', expected 100 as on line 1"
                        + " (a header line given twice must repeat its value)\n");
        assertThat(outDir).doesNotExist();
    }

    @Test
    void aTraceWithNothingToSimulateSaysWhyAndWritesNothing() throws IOException {
        Path none = Files.writeString(
                dir.resolve("none.swf"),
                "; MaxProcs: 4\n"
                        + "1 0 -1 -1 2 -1 -1 2 10 -1 1 1 1 1 1 -1 -1 -1\n" // run time -1: skipped
                        + "2 5 -1 30 8 -1 -1 8 40 -1 1 1 1 1 1 -1 -1 -1\n"); // 8 > 4 processors: rejected
        Path outDir = dir.resolve("never");
        CliRunner.Result r = CliRunner.run(
                "simulate", "--workload", none.toString(), "--policy", "easy", "--out", outDir.toString());
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err())
                .startsWith("metasched: " + none + ": no job to simulate: all 2 records were skipped or rejected"
                        + " (runtimeNotPositive: 1 (")
                .contains("largerThanMachine: 1 (")
                .contains("a larger machine (simulate --processors) admits them")
                .hasLineCount(1);
        assertThat(outDir).doesNotExist();
    }

    /**
     * --size's help says when the other field is used as the reader does it: a preferred field of 0 takes the size
     * from the other one as -1 does (rule sizeFromFallback), in either direction.
     */
    @Test
    void theSizeFieldFallsBackWhenItIsZeroOrNegativeAsItsHelpSays() throws IOException {
        Path zero = Files.writeString(
                dir.resolve("zero.swf"),
                "; MaxProcs: 8\n1 0 -1 100 0 -1 -1 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                        + "2 0 -1 100 3 -1 -1 0 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        for (String size : new String[] {"allocated", "requested"}) {
            Path out = dir.resolve("out-" + size);
            CliRunner.Result r = CliRunner.run(
                    "simulate",
                    "--workload",
                    zero.toString(),
                    "--policy",
                    "fcfs",
                    "--size",
                    size,
                    "--no-report",
                    "-o",
                    out.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).containsPattern("sizeFromFallback +1 ");
            assertThat(Files.readAllLines(out.resolve("jobs.csv")))
                    .extracting(l -> l.split(",", -1)[4])
                    .containsExactly("processors", "4", "3");
        }
        String help = Main.commandLine().getSubcommands().get("simulate").getUsageMessage();
        assertThat(help.replaceAll("\\s+", " "))
                .contains("the other field is the fallback when it is 0 or negative (unknown).");
    }

    @Test
    void unknownPolicyAndMissingFileAreBadInput() throws IOException {
        CliRunner.Result p = CliRunner.run("simulate", "--workload", trace().toString(), "--policy", "sjf");
        assertThat(p.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(p.err()).contains("--policy: unknown policy 'sjf', expected one of fcfs, easy, conservative");
        CliRunner.Result m = CliRunner.run(
                "simulate",
                "--workload",
                dir.resolve("nope.swf").toString(),
                "--policy",
                "fcfs",
                "-o",
                dir.resolve("o").toString());
        assertThat(m.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(m.err()).contains("nope.swf: no such file");
    }

    @Test
    void zeroWhereACountIsExpectedIsAnErrorLikeANegativeOne() throws IOException {
        for (String option : new String[] {"--processors", "--jobs"}) {
            for (String v : new String[] {"0", "-1"}) {
                CliRunner.Result r =
                        CliRunner.run("simulate", "--workload", trace().toString(), "--policy", "easy", option, v);
                assertThat(r.exitCode()).as(option + " " + v).isEqualTo(2);
                assertThat(r.err())
                        .contains(option + ": must be at least 1, got " + v)
                        .hasLineCount(1);
            }
        }
    }

    /**
     * A count past an int is told against the option's own limit (found by the CLI tester: "at most 2147483647",
     * then "at most 10000000" for 2147483647).
     */
    @Test
    void aCountPastAnIntIsToldAgainstTheOptionsOwnLimit() throws IOException {
        CliRunner.Result r = CliRunner.run(
                "simulate", "--workload", trace().toString(), "--policy", "easy", "--processors", "99999999999");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .contains("--processors: '99999999999' is too large, expected at most 10000000")
                .hasLineCount(1);
        r = CliRunner.run("run", "--threads", "99999999999");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .contains("--threads: '99999999999' is too large, expected at most 1024")
                .hasLineCount(1);
    }

    @Test
    void neverReplacesWhatItDidNotWrite() throws IOException {
        OutputGuard.check(dir.resolve("area"), "simulate", "--workload", trace().toString(), "--policy", "easy");
    }

    @Test
    void anUnwritableOutputIsBadInput() throws IOException {
        OutputGuard.unwritableParent(dir, "simulate", "--workload", trace().toString(), "--policy", "easy");
    }
}
