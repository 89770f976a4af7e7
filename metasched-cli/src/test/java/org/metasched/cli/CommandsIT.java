package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The commands end to end, run as a user runs them (the packaged jar in its own JVM), their outputs compared with
 * those of the jar before the commands were reshaped (src/test/resources/golden, see its README).
 */
class CommandsIT {
    static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @TempDir
    Path dir;

    /** The strategies of {@code select}, each with its golden window in {@code select/STRATEGY.json}. */
    static final List<String> STRATEGIES = List.of(
            "bf-start",
            "bf-finish",
            "bf-short",
            "past",
            "cop",
            "l-sum",
            "l-min-sum",
            "amp",
            "alp",
            "min-cost",
            "min-runtime",
            "min-finish",
            "min-proc-time",
            "min-proc-time-exact",
            "csa");

    /**
     * The jar prints a window as before, for three strategies of different kinds (an SSA criterion, the exact
     * processor-time AEP search, CSA's best of several alternatives); every strategy's window is compared in-process
     * with the same bytes by {@link GoldenOutputsTest}
     * ({@link #everyStrategysWindowIsComparedInProcessWithTheSameBytes}). What the jar adds (its own JVM, standard
     * output, the exit code) is the same for every strategy.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bf-start", "min-proc-time-exact", "csa"})
    void selectPrintsTheSameWindowAsBefore(String strategy) throws IOException {
        JarRunner.Result r = JarRunner.run(
                dir,
                "select",
                "--input",
                JarRunner.EXAMPLES.resolve("select-small.json").toString(),
                "--strategy",
                strategy); // none of the three draws random numbers: --seed 3 changed nothing, and is now refused
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(GOLDEN.resolve("select/" + strategy + ".json")));
    }

    @Test
    void everyStrategysWindowIsComparedInProcessWithTheSameBytes() throws IOException {
        List<GoldenOutputsTest.Case> cases = GoldenOutputsTest.cases().toList();
        for (String strategy : STRATEGIES) {
            assertThat(cases)
                    .as(strategy)
                    .filteredOn(c -> c.name().equals("select-" + strategy))
                    .singleElement()
                    .satisfies(c ->
                            assertThat(c.args()).as(c.name()).containsExactly(GoldenOutputsTest.selectArgs(strategy)));
            assertThat(GoldenOutputsTest.GOLDEN.resolve("select-" + strategy).resolve("stdout.txt"))
                    .as(strategy)
                    .hasSameTextualContentAs(GOLDEN.resolve("select/" + strategy + ".json"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fcfs", "easy", "conservative"})
    void simulateWritesTheSameResultsAsBefore(String policy) throws IOException {
        Path out = dir.resolve("out");
        JarRunner.Result r = JarRunner.run(
                dir,
                "simulate",
                "--workload",
                JarRunner.EXAMPLES.resolve("small.swf").toString(),
                "--policy",
                policy,
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        for (String f : new String[] {"jobs.csv", "summary.json", "timeseries.csv"}) {
            assertThat(Files.readString(out.resolve(f)))
                    .as(f)
                    .isEqualTo(Files.readString(GOLDEN.resolve("simulate/" + policy + "/" + f)));
        }
        assertThat(Files.readString(out.resolve("report.html"))).contains("Schedule of all 38 jobs");
        assertThat(r.out())
                .contains("jobs          38 simulated, 1 skipped, 1 rejected, 3 adjusted")
                .endsWith("wrote " + out + "\n");
    }

    /**
     * The same tables with one thread and with two. Two threads run in the jar; one thread runs in this JVM (the thread
     * count is the command's own, nothing of the JVM's): two JVM starts fewer.
     */
    @Test
    void reproduceAndRunWriteTheSameTablesAsBeforeWhateverTheThreads() throws IOException {
        for (String threads : new String[] {"1", "2"}) {
            boolean jar = threads.equals("2");
            Path t2 = dir.resolve("t2-" + threads);
            JarRunner.Result r = run(
                    jar,
                    "reproduce",
                    "p000-table2",
                    "--runs",
                    "3",
                    "--seed",
                    "7",
                    "--threads",
                    threads,
                    "-o",
                    t2.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(Files.readString(t2.resolve("table.csv")))
                    .isEqualTo(Files.readString(GOLDEN.resolve("reproduce/p000-table2/table.csv")));
            Path run = dir.resolve("run-" + threads);
            JarRunner.Result d = run(jar, "run", "--runs", "3", "--threads", threads, "-o", run.toString());
            assertThat(d.exitCode()).as(d.err()).isZero();
            for (String f : new String[] {"table.csv", "strategies.csv"}) {
                assertThat(Files.readString(run.resolve(f)))
                        .as(f)
                        .isEqualTo(Files.readString(GOLDEN.resolve("run/" + f)));
            }
        }
    }

    /** The command in the jar, in its own JVM (in {@link #dir}), or else in this JVM. */
    private JarRunner.Result run(boolean jar, String... args) {
        if (jar) {
            return JarRunner.run(dir, args);
        }
        CliRunner.Result r = CliRunner.run(args);
        return new JarRunner.Result(r.exitCode(), r.out(), r.err());
    }

    @Test
    void theReadmeCommandsWorkFromAFreshDirectory() throws IOException {
        // "./metasched run" writes results/run/report.html relative to where it runs
        JarRunner.Result r = JarRunner.run(dir, "run", "--runs", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(dir.resolve("results/run/report.html")).exists();
        assertThat(r.out())
                .contains("wrote results/run/report.html, results/run/table.csv and results/run/strategies.csv");
        JarRunner.Result s = JarRunner.run(
                dir,
                "simulate",
                "--workload",
                JarRunner.EXAMPLES.resolve("small.swf").toString(),
                "--policy",
                "easy");
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(dir.resolve("results/simulate-small-easy/report.html")).exists();
        JarRunner.Result v = JarRunner.run(dir, "--version");
        assertThat(v.out()).matches("metasched \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\n");
    }

    /**
     * Three runs (12 steps, some tenths of a second of work: several lines at one every 0.05 s) and one for the quiet
     * case: the lines' form and the last line are the check, not their number (ten runs took 2-6 s each here).
     */
    @Test
    void progressIsPlainLinesWhenStandardErrorIsNotATerminal() {
        JarRunner.Result r = JarRunner.runWith(
                List.of("-Dmetasched.progress.seconds=0.05"),
                dir,
                "reproduce",
                "p000-table2",
                "--runs",
                "3",
                "-o",
                dir.resolve("t").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.err().lines().toList();
        assertThat(lines).isNotEmpty().allMatch(l -> l.matches("p000-table2: \\d+ of 12 done \\(\\d+ %\\), \\d+ s"));
        assertThat(lines.get(lines.size() - 1)).startsWith("p000-table2: 12 of 12 done (100 %)");
        JarRunner.Result quiet = JarRunner.runWith(
                List.of("-Dmetasched.progress.seconds=0.05"),
                dir,
                "reproduce",
                "p000-table2",
                "--runs",
                "1",
                "--no-progress",
                "-o",
                dir.resolve("t").toString());
        assertThat(quiet.err()).isEmpty();
    }

    @Test
    void aRealTraceWhenTheSharedTracesArePresent() throws IOException {
        Path traces = Path.of(System.getProperty("metasched.traces", "../shared/traces"));
        Path kth = traces.resolve("KTH-SP2-1996-2.1-cln.swf.gz");
        assumeTrue(Files.exists(kth), "the shared traces are not at " + traces.toAbsolutePath());
        Path out = dir.resolve("kth");
        JarRunner.Result r =
                JarRunner.run(dir, "simulate", "--workload", kth.toString(), "--policy", "easy", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("jobs          27992 simulated, 0 skipped, 0 rejected, 0 adjusted");
        List<String> series = Files.readAllLines(out.resolve("timeseries.csv"));
        assertThat(series.get(1)).startsWith("599850,"); // the first instant: the first submit
        assertThat(series.get(series.size() - 1)).isEqualTo("29363626,0.0,0,0"); // the last: the last job ends
        assertThat(Files.readString(out.resolve("summary.json"))).contains("\"lastEnd\": 29363626,");
    }

    /**
     * A standard output that cannot be written: a pipe its reader closed ({@code | head}) ends the command without a
     * word and with SIGPIPE's code, as other Unix tools; a full device is one line and exit code 2.
     */
    @Test
    void aClosedPipeIsQuietAndAFullDeviceIsAnError() throws Exception {
        List<String> select = List.of(
                "java",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                JarRunner.JAR.toString(),
                "select",
                "--input",
                JarRunner.EXAMPLES.resolve("select-small.json").toString(),
                "--strategy",
                "min-cost");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(select)
                .directory(dir.toFile())
                .redirectError(err.toFile())
                .start();
        p.getInputStream().close(); // the reader is gone long before the JVM has started and printed
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(Main.EXIT_PIPE_CLOSED);
        assertThat(Files.readString(err)).isEmpty();
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full here");
        Process q = new ProcessBuilder(select)
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(full.toFile()))
                .redirectError(err.toFile())
                .start();
        assertThat(q.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(q.exitValue()).isEqualTo(2);
        assertThat(Files.readString(err))
                .isEqualTo("metasched: standard output: cannot be written (a full device?); what was printed is"
                        + " incomplete\n");
    }
}
