package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemoryScheduleCheck;
import org.metasched.memory.MemoryTimeSeries;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class MemoryCommandTest {
    @TempDir
    Path dir;

    /** The files the command writes, read back: every invariant the issue names holds on them. */
    @ParameterizedTest
    @ValueSource(strings = {"adaptive", "static", "shared", "shared-backfill"})
    void theWrittenFilesKeepEveryInvariant(String policy) throws IOException {
        Path out = dir.resolve(policy);
        CliRunner.Result r = CliRunner.run(
                "memory",
                "--policy",
                policy,
                "--workload",
                "peak",
                "--machines",
                "4",
                "--cores",
                "3",
                "--memory",
                "5",
                "--classes",
                "1,2,4",
                "--load",
                "0.95",
                "--runs",
                "2",
                "--no-progress",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("policy        " + policy)
                .contains("over 2 runs")
                .contains("wrote " + out);
        List<MemoryJobRecord> jobs = readJobs(out.resolve("jobs.csv"));
        MemoryTimeSeries series = readSeries(out.resolve("timeseries.csv"), 3);
        JsonNode summary = JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile());
        assertThat(jobs).hasSize(summary.get("jobs").asInt()).isNotEmpty();
        assertThat(summary.get("overRuns").get("meanFlowtime").get("mean").asDouble())
                .isPositive();
        MemoryScheduleCheck check = new MemoryScheduleCheck(4, 3, 5, List.of(1, 2, 4));
        check.jobs(jobs, summary.get("jobs").asInt());
        check.series(jobs, series);
        // independently of the checker: no core runs two jobs at once, each queue is served in arrival order
        Map<Integer, List<MemoryJobRecord>> byCore = new HashMap<>();
        Map<Integer, List<MemoryJobRecord>> byClass = new HashMap<>();
        for (MemoryJobRecord j : jobs) {
            byCore.computeIfAbsent(j.machine() * 3 + j.core(), k -> new ArrayList<>())
                    .add(j);
            byClass.computeIfAbsent(j.memoryClass(), k -> new ArrayList<>()).add(j);
        }
        for (List<MemoryJobRecord> core : byCore.values()) {
            core.sort(Comparator.comparingDouble(MemoryJobRecord::startSeconds));
            for (int i = 1; i < core.size(); i++) {
                assertThat(core.get(i).startSeconds())
                        .isGreaterThanOrEqualTo(core.get(i - 1).endSeconds());
            }
        }
        for (List<MemoryJobRecord> queue : byClass.values()) {
            // jobs.csv is in workload (arrival) order
            for (int i = 1; i < queue.size(); i++) {
                assertThat(queue.get(i).startSeconds())
                        .isGreaterThanOrEqualTo(queue.get(i - 1).startSeconds());
            }
        }
        for (int row = 0; row < series.size(); row++) {
            int memory = 0;
            for (int k = 1; k <= 3; k++) {
                memory += series.poolSize(row, k) * new int[] {1, 2, 4}[k - 1];
            }
            if (policy.equals("adaptive") || policy.equals("static")) {
                assertThat(memory).as("designated memory at row %d", row).isLessThanOrEqualTo(4 * 5);
            }
            assertThat(series.usedMemoryGiB(row)).isLessThanOrEqualTo(4 * 5);
        }
    }

    @Test
    void aTraceIsMappedToClassesByItsMemoryFieldsWithEveryRuleCounted() throws IOException {
        StringBuilder sb = new StringBuilder("; MaxProcs: 4\n");
        // fields 7 (used memory) and 10 (requested memory), KiB per processor
        sb.append("1 0 -1 100 2 -1 500000 2 100 1500000 1 -1 -1 -1 -1 -1 -1 -1\n"); // requested 1.43 GiB: class 2
        sb.append("2 5 -1 50 4 -1 3000000 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"); // used 2.86 GiB: class 3
        sb.append("3 9 -1 70 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"); // none: class 1
        sb.append("4 9 -1 70 1 -1 -1 1 100 9000000 1 -1 -1 -1 -1 -1 -1 -1\n"); // 8.6 GiB: skipped
        Path trace = Files.writeString(dir.resolve("mem.swf"), sb.toString());
        Path out = dir.resolve("trace");
        CliRunner.Result r = CliRunner.run(
                "memory", "--workload", trace.toString(), "--policy", "shared", "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<MemoryJobRecord> jobs = readJobs(out.resolve("jobs.csv"));
        assertThat(jobs).extracting(MemoryJobRecord::id).containsExactly(1L, 2L, 3L);
        assertThat(jobs).extracting(MemoryJobRecord::memoryClass).containsExactly(2, 3, 1);
        assertThat(jobs.get(0).endSeconds() - jobs.get(0).startSeconds()).isEqualTo(100.0);
        JsonNode counts = JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile())
                .get("recordCounts");
        assertThat(counts.get("requestedMemory").asLong()).isEqualTo(1);
        assertThat(counts.get("usedMemoryFallback").asLong()).isEqualTo(1);
        assertThat(counts.get("noMemory").asLong()).isEqualTo(1);
        assertThat(counts.get("memoryAboveLargestClass").asLong()).isEqualTo(1);
    }

    /**
     * A class without jobs has no flowtime or wait: '-' on the terminal, null in summary.json (they were 0, as if
     * its jobs had run at once); and so has a run without jobs.
     */
    @Test
    void aClassWithoutJobsHasNoFlowtime() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("two.swf"),
                "; MaxProcs: 4\n"
                        + "1 0 -1 100 2 -1 500000 2 100 1500000 1 -1 -1 -1 -1 -1 -1 -1\n" // class 2
                        + "2 9 -1 70 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"); // class 1; none of class 3
        Path out = dir.resolve("two");
        CliRunner.Result r =
                CliRunner.run("memory", "--workload", trace.toString(), "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("\n1 (1 GiB)             1             70             70            0")
                .contains("\n3 (3 GiB)             0              -              -            0");
        JsonNode summary = JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile());
        JsonNode empty = summary.get("perClass").get(2);
        assertThat(empty.get("jobs").asInt()).isZero();
        for (String field : new String[] {"meanFlowtime", "p95Flowtime", "meanWait", "p95Wait"}) {
            assertThat(empty.get(field).isNull()).as(field).isTrue();
            assertThat(summary.get("perClass").get(0).get(field).isNumber())
                    .as(field)
                    .isTrue();
        }
        assertThat(empty.get("meanPoolSize").isNumber()).isTrue();
        CliRunner.Result none = CliRunner.run(
                "memory",
                "--duration",
                "0.01",
                "--no-progress",
                "-o",
                dir.resolve("none").toString());
        assertThat(none.exitCode()).as(none.err()).isZero();
        assertThat(none.out())
                .contains("jobs          0 (first run)")
                .contains("\nflowtime (s)  mean -, p95 -; wait mean -\n");
    }

    /**
     * With several runs, the mean flowtime and wait over the runs are over the runs that have jobs, and say how many:
     * one run without any job made them "-" (null) though the others had a value. Over 8 runs of 0.1 s, the first
     * has 1 job, 3 have none.
     */
    @Test
    void aMeanOverRunsIsOverTheRunsWithJobs() throws IOException {
        Path out = dir.resolve("short");
        CliRunner.Result r = CliRunner.run(
                "memory", "--duration", "0.1", "--runs", "8", "--no-progress", "--no-report", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("jobs          1 (first run)")
                .contains("\nover 8 runs: meanFlowtime       0.6146 +- 0.629 (95 %, over the 5 runs with jobs)\n")
                .contains("\nover 8 runs: meanWait           0 +- 0 (95 %, over the 5 runs with jobs)\n")
                .contains("\nover 8 runs: coreUtilization    0.0278 +- 0.0256 (95 %)\n");
        JsonNode overRuns = JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile())
                .get("overRuns");
        assertThat(overRuns.get("meanFlowtime").get("mean").asDouble()).isPositive();
        assertThat(overRuns.get("meanFlowtime").get("runs").asInt()).isEqualTo(5);
        assertThat(overRuns.get("meanWait").get("runs").asInt()).isEqualTo(5);
        assertThat(overRuns.get("coreUtilization").has("runs")).isFalse();
    }

    /**
     * A trace from a pipe (a named pipe here, as {@code <(zcat ...)} gives {@code /dev/fd/63}) is read as the file
     * is: a workload with a '/' is a path whatever its name ends with (it was refused as an unknown workload).
     */
    @Test
    void aTraceFromAPipeGivesTheFilesJobs() throws Exception {
        Path file = Path.of("../examples/small.swf");
        Path fifo = NamedPipe.filled(dir, "trace.fifo", Files.readAllBytes(file));
        CliRunner.Result piped = CliRunner.run(
                "memory",
                "--workload",
                fifo.toString(),
                "--no-progress",
                "-o",
                dir.resolve("piped").toString());
        assertThat(piped.exitCode()).as(piped.err()).isZero();
        CliRunner.Result plain = CliRunner.run(
                "memory",
                "--workload",
                file.toString(),
                "--no-progress",
                "-o",
                dir.resolve("plain").toString());
        assertThat(plain.exitCode()).as(plain.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("piped/jobs.csv")))
                .hasSizeGreaterThan(1)
                .isEqualTo(Files.readAllLines(dir.resolve("plain/jobs.csv")));
    }

    /**
     * A job past the reader's 10,000,000 processors is rejected by the reader and told under its rule, never dropped
     * unseen; a trace of nothing else is bad input that says so (found by the session's CLI tester: "all 1 records
     * were skipped by the reader", for a record that was rejected).
     */
    @Test
    void aJobPastTheReadersLimitIsCountedAndTold() throws IOException {
        String big = "3 6 -1 100 20000000 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n";
        Path trace = Files.writeString(
                dir.resolve("big.swf"),
                "; MaxProcs: 16\n1 0 -1 100 100 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                        + "2 5 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n" + big);
        CliRunner.Result r = CliRunner.run(
                "memory",
                "--workload",
                trace.toString(),
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("b").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\njobs          2 (first run)").containsPattern("\n  largerThanMachine +1\n");
        Path only = Files.writeString(dir.resolve("only.swf"), "; MaxProcs: 16\n" + big);
        r = CliRunner.run(
                "memory",
                "--workload",
                only.toString(),
                "--no-progress",
                "-o",
                dir.resolve("o").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("metasched: " + only + ": no job to simulate: its 1 record was skipped or rejected by the"
                        + " reader, or had memory above the largest class\n");
    }

    /**
     * One core per machine is "1 core", on the terminal and in the report (it said "3 machines x 1 cores"; found by
     * the session's CLI tester).
     */
    @Test
    void oneCoreIsSingular() throws IOException {
        CliRunner.Result r = CliRunner.run(
                "memory",
                "--machines",
                "3",
                "--cores",
                "1",
                "--policy",
                "static",
                "--duration",
                "4",
                "--no-progress",
                "-o",
                dir.resolve("one-core").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\ncluster       3 machines x 1 core sharing 4 GiB; classes 1,2,3 GiB\n");
        assertThat(Files.readString(dir.resolve("one-core/report.html"))).contains("3 machines x 1 core sharing 4 GiB");
    }

    @Test
    void theOutputDirectoryIsGuarded() throws IOException {
        OutputGuard.check(dir, "memory", "--duration", "4", "--no-progress");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--classes 1,5",
                "--machines 0",
                "--memory -2",
                "--cores 0",
                "--threshold 1.2",
                "--workload nowhere",
                "--policy fifo",
                "--policy static --threshold 0.3",
                "--duration 0",
                "--classes 2,1",
                "--load 80",
                "--workload ../examples/small.swf --load 1.5"
            })
    void badInputIsOneLineAndExit2(String args) {
        Path out = dir.resolve("never");
        List<String> a = new ArrayList<>(List.of("memory", "--no-progress", "-o", out.toString()));
        a.addAll(List.of(args.split(" ", -1)));
        CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("metasched");
        assertThat(out).doesNotExist();
    }

    /**
     * An option a trace would ignore is refused in one line naming it, nothing written: the streams' own, --runs
     * above 1, and --seed (a trace draws no random numbers: its files were the same under every seed).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "--duration 4|--duration: only the generated streams have it",
                "--mean-service 2|--mean-service: only the generated streams have it",
                "--runs 2|--runs 2: a trace is one deterministic run",
                "--seed 5|--seed 5: a trace is one deterministic run that draws no random numbers"
            })
    void anOptionATraceWouldIgnoreIsRefused(String caseText) {
        String[] parts = caseText.split("\\|", -1);
        Path out = dir.resolve("never");
        List<String> a = new ArrayList<>(
                List.of("memory", "--workload", "../examples/small.swf", "--no-progress", "-o", out.toString()));
        a.addAll(List.of(parts[0].split(" ", -1)));
        CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("metasched memory: " + parts[1])
                .endsWith("\n")
                .hasLineCount(1);
        assertThat(out).doesNotExist();
    }

    /**
     * {@code --load} on a trace it cannot scale is bad input, one line naming the option and its value and exit 2:
     * jobs that all arrive at once (one job, two at one instant, with or without service) and a load so small that
     * the arrivals would be stretched to 2^53 s or more (1e-300 was an internal error, 0 * Infinity = NaN).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.8|1 0 100;2 0 100|--load 0.8 cannot scale a trace whose jobs all arrive at once",
                "0.8|1 0 0;2 0 0|--load 0.8 cannot scale a trace whose jobs all arrive at once",
                "0.8|1 7 100|--load 0.8 cannot scale a trace whose jobs all arrive at once",
                "1e-300|1 0 100;2 60 100;3 90 5|--load 1.0E-300 would stretch the trace's 90 s of arrivals",
                "1e-15|1 0 100;2 60 100;3 90 5|--load 1.0E-15 would stretch the trace's 90 s of arrivals"
            })
    void aLoadThatCannotScaleTheTraceIsOneLineAndExit2(String line) throws IOException {
        String[] p = line.split("\\|", -1);
        StringBuilder sb = new StringBuilder("; MaxProcs: 16\n");
        for (String job : p[1].split(";", -1)) {
            String[] f = job.split(" ", -1);
            sb.append(f[0]).append(' ').append(f[1]).append(" -1 ").append(f[2]);
            sb.append(" 2 -1 -1 2 100 -1 1 1 1 1 1 1 -1 -1\n");
        }
        Path trace = Files.writeString(dir.resolve("load.swf"), sb.toString());
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run(
                "memory", "--workload", trace.toString(), "--load", p[0], "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .startsWith("metasched: " + trace + ": " + p[2])
                .contains("expected");
        assertThat(out).doesNotExist();
    }

    /**
     * The example trace moved to start at 0 and at epoch microseconds (1.7e15) prints and writes the same figures,
     * with and without --load: summary.json equal in every field but the workload's name and the window, which starts
     * at the log's first record (docs/memory.md, "Any clock"). Before, the late copy's window began at 0 and its
     * utilizations were 0.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "0.5"})
    void anEpochMicrosecondLogGivesTheSameFiguresAsAtZero(String load) throws IOException {
        long shift = 1_700_000_000_000_000L;
        StringBuilder base = new StringBuilder();
        StringBuilder late = new StringBuilder();
        for (String l : Files.readAllLines(Path.of("../examples/small.swf"))) {
            String[] f = l.trim().split("\\s+", -1);
            if (l.startsWith(";") || f.length < 18) {
                base.append(l).append('\n');
                late.append(l).append('\n');
                continue;
            }
            long submit = Long.parseLong(f[1]) - 30; // the example's first record is at 30 s
            f[1] = Long.toString(submit);
            base.append(String.join(" ", f)).append('\n');
            f[1] = Long.toString(submit + shift);
            late.append(String.join(" ", f)).append('\n');
        }
        JsonMapper json = JsonMapper.builder().build();
        Map<String, JsonNode> summaries = new HashMap<>();
        Map<String, String> printed = new HashMap<>();
        for (String name : new String[] {"base", "late"}) {
            Path trace = Files.writeString(dir.resolve(name + ".swf"), name.equals("base") ? base : late);
            Path out = dir.resolve("out-" + name);
            List<String> a = new ArrayList<>(
                    List.of("memory", "--workload", trace.toString(), "--no-progress", "-o", out.toString()));
            if (!load.isEmpty()) {
                a.addAll(List.of("--load", load));
            }
            CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
            assertThat(r.exitCode()).as(r.err()).isZero();
            summaries.put(name, json.readTree(out.resolve("summary.json").toFile()));
            printed.put(name, r.out().replaceAll("(?m)^(workload|jobs|wrote) .*$", ""));
        }
        JsonNode b = summaries.get("base");
        JsonNode l = summaries.get("late");
        assertThat(b.get("windowStart").asDouble()).isZero();
        assertThat(l.get("windowStart").asDouble()).isEqualTo(1.7e15);
        assertThat(l.get("windowEnd").asDouble()).isEqualTo(b.get("windowEnd").asDouble() + shift);
        assertThat(l.get("coreUtilization").asDouble()).isPositive();
        for (String field : b.propertyNames()) {
            if (!List.of("workload", "windowStart", "windowEnd").contains(field)) {
                assertThat(l.get(field)).as(field).isEqualTo(b.get(field));
            }
        }
        assertThat(printed.get("late")).isEqualTo(printed.get("base"));
        // the files' times: the origin-0 run's plus 1.7e15 as decimals, to the last digit (with --load, fractional)
        for (String k : new String[] {"windowStart", "windowEnd"}) {
            assertThat(GangCommandTest.numberText(dir.resolve("out-late/summary.json"), k))
                    .isEqualTo(GangCommandTest.plus(
                            GangCommandTest.numberText(dir.resolve("out-base/summary.json"), k), shift));
        }
        assertThat(Files.readString(dir.resolve("out-late/summary.json"))).doesNotContainPattern("[0-9][eE]");
        boolean fractional = assertShiftedCells("jobs.csv", shift, 2, 3, 4); // submit, start, end
        fractional &= assertShiftedCells("timeseries.csv", shift, 0); // time
        assertThat(fractional).as("fractional times under --load").isEqualTo(!load.isEmpty());
    }

    /**
     * Each row of {@code file} of the late run: the base run's, but {@code columns} plus {@code shift} exactly.
     * Whether some of those cells are fractional (what a double at 1.7e15 would round).
     */
    private boolean assertShiftedCells(String file, long shift, int... columns) throws IOException {
        List<String> base = Files.readAllLines(dir.resolve("out-base").resolve(file));
        List<String> late = Files.readAllLines(dir.resolve("out-late").resolve(file));
        assertThat(late).hasSameSizeAs(base);
        assertThat(late.get(0)).isEqualTo(base.get(0));
        boolean fractional = false;
        for (int i = 1; i < base.size(); i++) {
            String[] x = base.get(i).split(",", -1);
            String[] y = late.get(i).split(",", -1);
            for (int c : columns) {
                fractional |= !x[c].endsWith(".0");
                assertThat(y[c])
                        .as("%s line %d column %d", file, i + 1, c)
                        .isEqualTo(GangCommandTest.plus(x[c], shift));
                y[c] = x[c];
            }
            assertThat(String.join(",", y)).as("%s line %d", file, i + 1).isEqualTo(base.get(i));
        }
        return fractional;
    }

    static List<MemoryJobRecord> readJobs(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("id,class,submit,start,end,machine,core,wait,flowtime");
        List<MemoryJobRecord> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            MemoryJobRecord r = new MemoryJobRecord(
                    Long.parseLong(f[0]),
                    Integer.parseInt(f[1]),
                    Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]),
                    Integer.parseInt(f[5]),
                    Integer.parseInt(f[6]));
            assertThat(Double.parseDouble(f[7])).as("wait of %s", line).isEqualTo(r.waitSeconds());
            assertThat(Double.parseDouble(f[8])).as("flowtime of %s", line).isEqualTo(r.responseSeconds());
            out.add(r);
        }
        return out;
    }

    static MemoryTimeSeries readSeries(Path file, int classes) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("time,busyCores,usedMemory,queue1,queue2,queue3,pool1,pool2,pool3");
        MemoryTimeSeries s = new MemoryTimeSeries(classes);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            int[] q = new int[classes];
            int[] p = new int[classes];
            for (int k = 0; k < classes; k++) {
                q[k] = Integer.parseInt(f[3 + k]);
                p[k] = Integer.parseInt(f[3 + classes + k]);
            }
            s.add(Double.parseDouble(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]), q, p);
        }
        return s;
    }
}
