package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
    @TempDir
    Path dir;

    /** One run has no interval: "-" on the terminal where it would be, never NaN (docs/outputs.md). */
    @Test
    void oneRunPrintsNoNaN() {
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p004",
                "--runs",
                "1",
                "--no-progress",
                "--out",
                dir.resolve("one").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("NaN").contains("adaptive").startsWith("p004: 1 run, seed 2025");
    }

    /**
     * p004's terminal table names its first column as table.csv and docs/reproduction.md do, {@code workload} (it said
     * {@code stream}); one thread is "1 thread" (found by the session's CLI tester).
     */
    @Test
    void p004NamesItsWorkloadColumnAsItsTableDoes() throws IOException {
        Path out = dir.resolve("p004");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p004",
                "--runs",
                "1",
                "--threads",
                "1",
                "--no-progress",
                "--no-report",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("p004: 1 run, seed 2025, 1 thread\n");
        String header =
                r.out().lines().filter(l -> l.contains("policy")).findFirst().orElseThrow();
        assertThat(header).startsWith("workload policy ").doesNotContain("stream");
        assertThat(r.out()).contains("\nstable   adaptive ").contains("\npeak     static ");
        assertThat(Files.readAllLines(out.resolve("table.csv")).get(0)).startsWith("workload,policy,");
    }

    /** A trace of which one job fits says "1 job fits" (it said "1 jobs fit"; found by the session's CLI tester). */
    @Test
    void p001CountsOneFittingJobInTheSingular() throws IOException {
        Path trace = dir.resolve("one.swf");
        Files.writeString(
                trace,
                "; MaxProcs: 16\n1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                        + "2 5 -1 100 1000 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                trace.toString(),
                "--runs",
                "1",
                "-o",
                dir.resolve("o").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("one.swf: 1 job fits the larger cluster of 256 processors");
    }

    /**
     * An option a target does not take is told in the command line's words, with the target's own options or, for a
     * target without any, the ones every target takes (found by the CLI tester: "(it takes no parameters)" for p004,
     * which takes --runs and --seed; "(its parameters: performance)").
     */
    @Test
    void anOptionATargetDoesNotTakeNamesTheOptionsItDoes() {
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p004",
                "--performance",
                "real",
                "-o",
                dir.resolve("a").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo(
                        "metasched reproduce: --performance does not apply to target p004 (it has no parameter of its"
                                + " own; --runs, --seed and --threads apply to every target)\n");
        r = CliRunner.run(
                "reproduce",
                "p000-table2",
                "--lxf",
                "printed",
                "-o",
                dir.resolve("b").toString());
        assertThat(r.err())
                .isEqualTo("metasched reproduce: --lxf does not apply to target p000-table2 (its options:"
                        + " --performance)\n");
        assertThat(ReproduceCommand.commandLineWords(
                        "parameter 'x' does not apply to target t (its parameters: a, b-c)"))
                .isEqualTo("--x does not apply to target t (its options: --a, --b-c)");
        assertThat(ReproduceCommand.commandLineWords("parameter 'lxf': unknown value 'q', expected one of a, b"))
                .isEqualTo("--lxf: unknown value 'q', expected one of a, b");
    }

    /**
     * A workload too short for P001's checkpoints is refused before any run (it crashed writing the report), and
     * before the header line (it printed 'p001: 2 runs, seed 2019, ...' first).
     */
    @Test
    void p001RefusesAWorkloadShorterThanItsCheckpoints() {
        Path out = dir.resolve("p001-small");
        CliRunner.Result r = CliRunner.run(
                "reproduce", "p001", "--workload", "../examples/small.swf", "--runs", "2", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .contains("small.swf: 39 jobs fit the larger cluster of 256 processors")
                .contains("at least that many")
                .doesNotContain("internal error");
        assertThat(r.out()).as("refused before the header line").isEmpty();
        assertThat(out).doesNotExist();
    }

    /**
     * A workload from a pipe (a named pipe here, as {@code <(zcat ...)} gives) is read as simulate reads it, not
     * refused as missing: the same refusal as from the file (after the header line: a pipe is read once, by the run);
     * a folder is named as one, and a missing file too, in one line before the header line that names the run's
     * settings.
     */
    @Test
    void p001ReadsAWorkloadFromAPipeAndNamesAFolder() throws Exception {
        Path fifo = NamedPipe.filled(dir, "trace.fifo", Files.readAllBytes(Path.of("../examples/small.swf")));
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                fifo.toString(),
                "--runs",
                "2",
                "--out",
                dir.resolve("p").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .contains("39 jobs fit the larger cluster of 256 processors")
                .doesNotContain("no such file");

        CliRunner.Result folder = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                dir.toString(),
                "--out",
                dir.resolve("q").toString());
        assertThat(folder.exitCode()).isEqualTo(2);
        assertThat(folder.err())
                .isEqualTo("metasched: " + dir + ": is a folder; p001 replays one SWF trace file"
                        + " (--workload FILE)\n");
        assertThat(folder.out()).as("refused before the header line").isEmpty();
        CliRunner.Result missing = CliRunner.run(
                "reproduce",
                "p001",
                "--workload",
                dir.resolve("none.swf").toString(),
                "-o",
                dir.resolve("m").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).startsWith("metasched: " + dir.resolve("none.swf") + ": no such file;");
        assertThat(missing.out()).as("refused before the header line").isEmpty();
    }

    @Test
    void writesATidyTableAndTheSameNumbersWhateverTheThreads() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        CliRunner.Result r =
                CliRunner.run("reproduce", "p000-table2", "--runs", "2", "--threads", "1", "--out", a.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("bf-finish").contains("paper");
        List<String> csv = Files.readAllLines(a.resolve("table.csv"));
        assertThat(csv.get(0)).isEqualTo("queueLength,algorithm,meanFinish,meanCost,runs");
        assertThat(csv).hasSize(1 + 4 * 5);
        assertThat(csv.get(1)).startsWith("50,bf-start,");
        CliRunner.run("reproduce", "P000-Table2", "--runs", "2", "--threads", "2", "--out", b.toString());
        assertThat(Files.readAllLines(b.resolve("table.csv"))).isEqualTo(csv);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a", "b");
        }
    }

    @Test
    void badTargetRunsAndPerformanceAreBadInputAndWriteNothing() {
        CliRunner.Result t = CliRunner.run(
                "reproduce", "p000-table9", "--out", dir.resolve("x").toString());
        assertThat(t.exitCode()).isEqualTo(2);
        assertThat(t.err())
                .isEqualTo("metasched reproduce: TARGET: unknown target 'p000-table9', expected one of "
                        + String.join(", ", org.metasched.pipeline.reproduce.ReproduceTargets.REGISTRY.names())
                        + "; try 'metasched reproduce --help'\n");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p000-table2",
                "--runs",
                "0",
                "--out",
                dir.resolve("y").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--runs: must be at least 1, got 0");
        CliRunner.Result p = CliRunner.run(
                "reproduce",
                "p000-table2",
                "--performance",
                "complex",
                "-o",
                dir.resolve("z").toString());
        assertThat(p.exitCode()).isEqualTo(2);
        assertThat(p.err())
                .isEqualTo(
                        "metasched reproduce: --performance: unknown value 'complex', expected one of integer, real\n");
        assertThat(Files.exists(dir.resolve("x"))).isFalse();
        assertThat(Files.exists(dir.resolve("y"))).isFalse();
        assertThat(Files.exists(dir.resolve("z"))).isFalse();
    }

    /**
     * --lxf's readings are checked as the other named values of reproduce are (the target's declared values): a typo
     * is exit 2, one line naming the option, the value and the readings, before any trace is read or folder made.
     */
    @Test
    void anUnknownLxfReadingIsOneLineListingTheReadings() {
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p001",
                "--lxf",
                "largest-frist",
                "--no-progress",
                "-o",
                dir.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo(
                        "metasched reproduce: --lxf: unknown value 'largest-frist', expected one of printed, largest-first\n");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    /** The help lists a target's parameters in the order of their names, whatever order its maps iterate in. */
    @Test
    void theHelpListsATargetsParametersByName() {
        org.metasched.pipeline.reproduce.ReproduceTarget toy = new org.metasched.pipeline.reproduce.ReproduceTarget() {
            @Override
            public About about() {
                return new About("toy", "a toy target", 3, 7, java.util.List.of("run"));
            }

            @Override
            public java.util.Map<String, java.util.List<String>> parameters() {
                java.util.Map<String, java.util.List<String>> m = new java.util.LinkedHashMap<>();
                m.put("zeta", java.util.List.of("z1", "z2"));
                m.put("alpha", java.util.List.of("a1", "a2", "a3"));
                return m;
            }

            @Override
            public java.util.Map<String, String> fileParameters() {
                java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
                m.put("trace", "t.swf");
                m.put("nodes", "n.json");
                return m;
            }

            @Override
            public long steps(Settings settings) {
                return 0;
            }

            @Override
            public Outcome run(Settings settings, java.util.function.IntConsumer progress) {
                throw new UnsupportedOperationException("a toy");
            }
        };
        assertThat(ReproduceCommand.about(toy))
                .isEqualTo("a toy target. Defaults: --runs 3, --seed 7, --nodes n.json, --trace t.swf, --alpha a1 (or"
                        + " a2, a3), --zeta z1 (or z2). table.csv: run.");
    }

    /**
     * Every line of the help's target list stays within 80 columns and indented under its target: a table's columns
     * (p004's, p001's, p002-real-runtimes' are longer than a line) break after a comma, where picocli cut them at
     * column 80 and went on at column 0.
     */
    @Test
    void theTargetListBreaksLongColumnListsAfterACommaUnderTheTarget() {
        String help = Main.commandLine().getSubcommands().get("reproduce").getUsageMessage();
        String targets = help.substring(help.indexOf("\nTargets:\n") + 1, help.indexOf("\nExample:"));
        for (String line : targets.split("\n", -1)) {
            if (!line.isEmpty() && !line.equals("Targets:")) {
                assertThat(line).as(line).startsWith("  ").hasSizeLessThanOrEqualTo(79);
            }
        }
        assertThat(targets.replaceAll("\n +", ""))
                .contains("workload,policy,threshold,coreUtilization,memoryUtilization,meanFlowtime,"
                        + "meanFlowtimeCi95,meanWait,reprovisionings,runs.");
        assertThat(HelpLayout.wrap("a b,c,d e", "  ", 6)).containsExactly("  a b,", "  c,d", "  e");
    }

    @Test
    void neverReplacesWhatItDidNotWrite() throws IOException {
        OutputGuard.check(dir, "reproduce", "p000-table3", "--runs", "1", "--no-progress");
    }

    @Test
    void anUnwritableOutputIsBadInput() throws IOException {
        OutputGuard.unwritableParent(dir, "reproduce", "p000-table2", "--runs", "1");
    }
}
