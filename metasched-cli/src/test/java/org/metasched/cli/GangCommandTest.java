package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangParameters;
import org.metasched.gang.GangScheduleCheck;
import org.metasched.gang.GangTaskRecord;
import org.metasched.model.Parameter;
import org.metasched.pipeline.gang.GangPipeline;
import org.metasched.pipeline.reproduce.ReproducePipeline;
import org.metasched.pipeline.reproduce.ReproduceTarget;
import org.metasched.pipeline.reproduce.ReproduceTargets;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GangCommandTest {
    @TempDir
    Path dir;

    static final Path SMALL =
            Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "examples", "small.swf");

    static Path small() {
        Path p = SMALL.toFile().exists() ? SMALL : Path.of("../examples/small.swf");
        assertThat(p).exists();
        return p;
    }

    /**
     * GangParameters declares gang's defaults once: the command given no option runs with them, its help says them,
     * GangConfig.DEFAULTS (P001's platform, reproduce p001's) is made of them, and reproduce p001's start rule is
     * gang's.
     */
    @Test
    void theDefaultsAreGangParametersOnes() {
        String[] args = {"gang", "--workload", small().toString()};
        CommandLine cl = Main.commandLine(args);
        cl.parseArgs(args);
        GangConfig c = GangParameters.config(
                SchemaOptions.values(cl.getSubcommands().get("gang").getCommandSpec(), GangParameters.ALL),
                GangConfig.DEFAULTS.seed());
        assertThat(c.clusterProcessors()).isEqualTo(GangParameters.CLUSTERS.otherwise());
        assertThat(c.clocks()).isEqualTo(GangParameters.CLOCK.otherwise());
        assertThat(c.dispatch()).isEqualTo(GangParameters.DISPATCH.otherwise());
        assertThat(c.policy()).isEqualTo(GangParameters.POLICY.otherwise());
        assertThat(c.startRule()).isEqualTo(GangParameters.START_RULE.otherwise());
        assertThat(c).isEqualTo(GangConfig.DEFAULTS);

        // the help's "default:" of each
        Map<Parameter<?>, String> shown = Map.of(
                GangParameters.CLUSTERS,
                String.join(
                        ",",
                        GangParameters.CLUSTERS.otherwise().stream()
                                .map(String::valueOf)
                                .toList()),
                GangParameters.DISPATCH,
                GangParameters.DISPATCH.otherwise().name(),
                GangParameters.POLICY,
                GangParameters.POLICY.otherwise().name(),
                GangParameters.START_RULE,
                GangParameters.START_RULE.otherwise().name());
        String help = CliRunner.run("gang", "--help").out().replaceAll("\\s+", " ");
        for (Map.Entry<Parameter<?>, String> e : shown.entrySet()) {
            String d = e.getKey().description();
            assertThat(help).contains(d);
            assertThat(d)
                    .as(e.getKey().name())
                    .containsAnyOf("default: " + e.getValue() + ",", "default: " + e.getValue() + ")");
        }
        String clock = GangParameters.CLOCK.description();
        assertThat(help).contains(clock);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+) \\([^()]*; the default\\)")
                .matcher(clock);
        assertThat(m.find()).as(clock).isTrue();
        assertThat(m.group(1)).isEqualTo(GangParameters.CLOCK.otherwise().name().toLowerCase(Locale.ROOT));
        assertThat(help)
                .contains(
                        "--runs=R Independent instances per setting, at least 1 (default: " + GangCommand.DEFAULT_RUNS)
                .contains("--seed=S Master seed of every random stream (default: " + GangConfig.DEFAULTS.seed() + ")");

        ReproduceTarget p001 = ReproduceTargets.REGISTRY.byName("p001");
        assertThat(ReproducePipeline.settings(p001, 1, 1, 1, Map.of()).parameters())
                .containsEntry(
                        "start-rule", GangParameters.START_RULE.otherwise().name());
    }

    @ParameterizedTest
    @ValueSource(strings = {"afcfs", "afcfs-m", "ljfs", "ljfs-m", "lxf", "lxf-m"})
    void theWrittenFilesKeepEveryInvariant(String policy) throws IOException {
        for (String dispatch : new String[] {"olb", "jseq"}) {
            Path out = dir.resolve(policy + "-" + dispatch);
            CliRunner.Result r = CliRunner.run(
                    "gang",
                    "--workload",
                    small().toString(),
                    "--clusters",
                    "8,16",
                    "--dispatch",
                    dispatch,
                    "--policy",
                    policy,
                    "--runs",
                    "2",
                    "--no-progress",
                    "-o",
                    out.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out())
                    .contains("dispatch " + dispatch + ", policy " + policy)
                    .contains("over 2 runs");
            checkFiles(out, small());
        }
    }

    /** The start rule is named on the terminal and in summary.json; D13 v2 by default, v1 one option away. */
    @Test
    void theStartRuleIsD13V2ByDefaultAndV1ByName() throws IOException {
        for (String rule : new String[] {null, "Adapted", "queue-heads"}) {
            Path out = dir.resolve("rule-" + rule);
            List<String> a = new ArrayList<>(List.of(
                    "gang",
                    "--workload",
                    small().toString(),
                    "--clusters",
                    "8,16",
                    "--no-progress",
                    "-o",
                    out.toString()));
            if (rule != null) {
                a.addAll(List.of("--start-rule", rule));
            }
            CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
            assertThat(r.exitCode()).as(r.err()).isZero();
            String name = rule == null ? "queue-heads" : rule.toLowerCase(java.util.Locale.ROOT);
            assertThat(r.out()).contains("policy afcfs, start rule " + name);
            assertThat(Files.readString(out.resolve("summary.json"))).contains("\"startRule\": \"" + name + "\"");
            checkFiles(out, small());
        }
    }

    /** The hidden test's invariants on a real trace (skipped, visibly, without ../shared/traces). */
    @Test
    void aRealTraceKeepsEveryInvariant() throws IOException {
        Path trace = Path.of(System.getProperty("metasched.traces", "../shared/traces"))
                .resolve("SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz");
        assumeTrue(Files.isRegularFile(trace), "no " + trace + ": real-trace check skipped");
        Path out = dir.resolve("sdsc");
        CliRunner.Result r = CliRunner.run(
                "gang",
                "--workload",
                trace.toString(),
                "--clusters",
                "128,256",
                "--dispatch",
                "olb",
                "--policy",
                "lxf-m",
                "--jobs",
                "1500",
                "--no-progress",
                "--no-report",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        checkFiles(out, trace);
    }

    /**
     * Every task of a job starts at the same instant on distinct processors of one cluster; a processor runs one
     * task at a time; every accepted job completes once, each task taking its service time pt x 2000 / f on its
     * processor (f from processors.csv); the job's end is its last task's.
     */
    static void checkFiles(Path out, Path trace) throws IOException {
        List<String[]> jobs = rows(out.resolve("jobs.csv"), "id,cluster,submit,start,end,tasks,wait,response,migrated");
        List<String[]> tasks = rows(out.resolve("tasks.csv"), "job,task,cluster,processor,start,end");
        Map<String, Double> clock = new HashMap<>();
        for (String[] p : rows(out.resolve("processors.csv"), "cluster,processor,clockMHz")) {
            clock.put(p[0] + "/" + p[1], Double.parseDouble(p[2]));
        }
        GangJobs model = GangJobs.of(GangPipeline.read(trace).workload(), 0);
        Map<Long, Double> pt = new HashMap<>();
        Map<Long, Integer> size = new HashMap<>();
        for (int j = 0; j < model.size(); j++) {
            pt.put(model.id(j), model.processingSeconds(j));
            size.put(model.id(j), model.tasks(j));
        }
        Map<Long, List<String[]>> byJob = new HashMap<>();
        List<GangTaskRecord> records = new ArrayList<>();
        for (String[] t : tasks) {
            byJob.computeIfAbsent(Long.parseLong(t[0]), k -> new ArrayList<>()).add(t);
            records.add(new GangTaskRecord(
                    Long.parseLong(t[0]),
                    Integer.parseInt(t[1]),
                    Integer.parseInt(t[2]),
                    Integer.parseInt(t[3]),
                    Double.parseDouble(t[4]),
                    Double.parseDouble(t[5])));
        }
        Set<Long> seen = new HashSet<>();
        for (String[] j : jobs) {
            long id = Long.parseLong(j[0]);
            assertThat(seen.add(id)).as("job %d listed once", id).isTrue();
            List<String[]> ts = byJob.get(id);
            assertThat(ts)
                    .as("tasks of job %d", id)
                    .hasSize(Integer.parseInt(j[5]))
                    .hasSize(size.get(id));
            Set<String> procs = new HashSet<>();
            double end = 0;
            for (String[] t : ts) {
                assertThat(t[2]).as("job %d in one cluster", id).isEqualTo(j[1]);
                assertThat(Double.parseDouble(t[4]))
                        .as("gang start of job %d", id)
                        .isEqualTo(Double.parseDouble(j[3]));
                assertThat(procs.add(t[3]))
                        .as("distinct processors for job %d", id)
                        .isTrue();
                double service = pt.get(id) * 2000 / clock.get(t[2] + "/" + t[3]);
                assertThat(Double.parseDouble(t[5]) - Double.parseDouble(t[4]))
                        .as("service of a task of job %d", id)
                        .isCloseTo(service, org.assertj.core.data.Offset.offset(1e-6 * Math.max(1, service)));
                end = Math.max(end, Double.parseDouble(t[5]));
            }
            assertThat(Double.parseDouble(j[4])).isEqualTo(end);
            double submit = Double.parseDouble(j[2]);
            assertThat(Double.parseDouble(j[6])).as("wait of job %d", id).isEqualTo(Double.parseDouble(j[3]) - submit);
            assertThat(Double.parseDouble(j[7])).as("response of job %d", id).isEqualTo(end - submit);
            assertThat(j[8]).isIn("none", "local", "external");
        }
        assertThat(byJob.keySet()).isEqualTo(seen);
        Map<String, List<String[]>> byProcessor = new HashMap<>();
        for (String[] t : tasks) {
            byProcessor
                    .computeIfAbsent(t[2] + "/" + t[3], k -> new ArrayList<>())
                    .add(t);
        }
        for (List<String[]> ts : byProcessor.values()) {
            ts.sort(Comparator.comparingDouble(t -> Double.parseDouble(t[4])));
            for (int i = 1; i < ts.size(); i++) {
                assertThat(Double.parseDouble(ts.get(i)[4]))
                        .isGreaterThanOrEqualTo(Double.parseDouble(ts.get(i - 1)[5]));
            }
        }
        GangScheduleCheck.tasks(records, null, null, GangScheduleCheck.DEFAULT_TOLERANCE_SECONDS);
        JsonNode summary = JsonMapper.builder()
                .build()
                .readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("executedJobs").asInt()).isEqualTo(jobs.size());
        assertThat(summary.get("executedJobs").asInt()
                        + summary.get("rejectedJobs").asInt())
                .isEqualTo(summary.get("jobs").asInt());
    }

    static List<String[]> rows(Path file, String header) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo(header);
        List<String[]> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            out.add(l.split(",", -1));
        }
        return out;
    }

    /**
     * The example trace on origin 0 and on an origin of epoch microseconds (1.7e15, where a double resolves 0.25 s)
     * gives the same summary but for its first arrival and last completion, and the same rows of jobs.csv but for
     * the submit, start and end times, which are the origin-0 times plus 1.7e15 as decimals, to the last digit
     * (waits and responses exact).
     */
    @Test
    void anEpochMicrosecondOriginGivesTheSameRunShifted() throws IOException {
        double shift = 1.7e15;
        List<String> lines = Files.readAllLines(small());
        long first = -1;
        StringBuilder base = new StringBuilder();
        StringBuilder late = new StringBuilder();
        // the log starts with a record the reader skips (no run time), and its first job comes 399,264 s later (as in
        // SDSC-SP2's log)
        String skipped = " -1 -1 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1";
        for (String l : lines) {
            String[] f = l.trim().split("\\s+");
            if (l.startsWith(";") || f.length < 18) {
                base.append(l).append('\n');
                late.append(l).append('\n');
                continue;
            }
            if (first < 0) {
                base.append("999 0").append(skipped).append('\n');
                late.append("999 ").append((long) shift).append(skipped).append('\n');
            }
            long submit = Long.parseLong(f[1]);
            first = first < 0 ? submit : first;
            f[1] = Long.toString(submit - first + 399_264);
            base.append(String.join(" ", f)).append('\n');
            f[1] = Long.toString(submit - first + 399_264 + (long) shift);
            late.append(String.join(" ", f)).append('\n');
        }
        JsonMapper json = JsonMapper.builder().build();
        Map<String, JsonNode> summaries = new HashMap<>();
        Map<String, List<String[]>> rows = new HashMap<>();
        for (String name : new String[] {"base", "late"}) {
            Path trace = Files.writeString(dir.resolve(name + ".swf"), name.equals("base") ? base : late);
            Path out = dir.resolve("out-" + name);
            CliRunner.Result r = CliRunner.run(
                    "gang",
                    "--workload",
                    trace.toString(),
                    "--clusters",
                    "8,16",
                    "--policy",
                    "lxf-m",
                    "--runs",
                    "2",
                    "--no-progress",
                    "-o",
                    out.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            summaries.put(name, json.readTree(out.resolve("summary.json").toFile()));
            rows.put(name, rows(out.resolve("jobs.csv"), "id,cluster,submit,start,end,tasks,wait,response,migrated"));
        }
        tools.jackson.databind.node.ObjectNode a = (tools.jackson.databind.node.ObjectNode) summaries.get("base");
        tools.jackson.databind.node.ObjectNode b = (tools.jackson.databind.node.ObjectNode) summaries.get("late");
        assertThat(numberText(dir.resolve("out-late/summary.json"), "firstArrival"))
                .isEqualTo(plus("399264.0", (long) shift));
        assertThat(numberText(dir.resolve("out-late/summary.json"), "lastCompletion"))
                .isEqualTo(plus(numberText(dir.resolve("out-base/summary.json"), "lastCompletion"), (long) shift));
        assertThat(a.get("migratedTasks").asInt()).as("the run migrates").isPositive();
        for (String k : new String[] {"firstArrival", "lastCompletion"}) {
            a.remove(k);
            b.remove(k);
        }
        assertThat(b).isEqualTo(a);
        List<String[]> ra = rows.get("base");
        List<String[]> rb = rows.get("late");
        assertThat(rb).hasSameSizeAs(ra);
        for (int i = 0; i < ra.size(); i++) {
            String[] x = ra.get(i);
            String[] y = rb.get(i);
            for (int c = 0; c < x.length; c++) {
                if (c >= 2 && c <= 4) { // submit, start, end: the origin-0 text plus 1.7e15, to the last digit
                    assertThat(y[c]).as("column %d of job %s", c, x[0]).isEqualTo(plus(x[c], (long) shift));
                } else {
                    assertThat(y[c]).as("column %d of job %s", c, x[0]).isEqualTo(x[c]);
                }
            }
        }
    }

    /**
     * Three jobs at epoch microseconds (1.7e15 s, where a double resolves 0.25 s) on heterogeneous clocks, whose
     * service times are fractional: every time in jobs.csv, tasks.csv and summary.json is the origin-0 run's (the
     * same trace at 0, 10 and 20 s gives 133.33333333333331, 105.26315789473684 ...) plus 1.7e15 to the last digit,
     * with no exponent. Before, the absolute times were the nearest doubles (1700000000000133.2, and the summary's
     * 1.7000000000002268E15).
     */
    @Test
    void aLogAtEpochMicrosecondsIsWrittenToTheLastDigit() throws IOException {
        Path trace = Files.writeString(dir.resolve("late.swf"), """
                1 1700000000000000 -1 100 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1
                2 1700000000000010 -1 50 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1
                3 1700000000000020 -1 70 3 -1 -1 3 100 -1 1 -1 -1 -1 -1 -1 -1 -1
                """);
        Path out = dir.resolve("out");
        CliRunner.Result r = CliRunner.run(
                "gang", "--workload", trace.toString(), "--clusters", "2,4", "--no-report", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("jobs.csv")))
                .containsExactly(
                        "id,cluster,submit,start,end,tasks,wait,response,migrated",
                        "1,1,1700000000000000.0,1700000000000000.0,1700000000000133.33333333333331,2,0.0,"
                                + "133.33333333333331,none",
                        "2,1,1700000000000010.0,1700000000000010.0,1700000000000043.33333333333333,1,0.0,"
                                + "33.33333333333333,none",
                        "3,1,1700000000000020.0,1700000000000133.33333333333331,1700000000000226.66666666666663,3,"
                                + "113.33333333333331,206.66666666666663,none");
        assertThat(Files.readAllLines(out.resolve("tasks.csv")))
                .containsExactly(
                        "job,task,cluster,processor,start,end",
                        "1,0,1,3,1700000000000000.0,1700000000000105.26315789473684",
                        "1,1,1,2,1700000000000000.0,1700000000000133.33333333333331",
                        "2,0,1,0,1700000000000010.0,1700000000000043.33333333333333",
                        "3,0,1,1,1700000000000133.33333333333331,1700000000000179.99999999999997",
                        "3,1,1,0,1700000000000133.33333333333331,1700000000000179.99999999999997",
                        "3,2,1,2,1700000000000133.33333333333331,1700000000000226.66666666666663");
        String summary = Files.readString(out.resolve("summary.json"));
        assertThat(summary)
                .contains("\n  \"firstArrival\": 1700000000000000.0,\n")
                .contains("\n  \"lastCompletion\": 1700000000000226.66666666666663,\n")
                .doesNotContainPattern("[0-9][eE]"); // no number in exponent form
        assertThat(JsonMapper.builder()
                        .build()
                        .readTree(summary)
                        .get("lastCompletion")
                        .isNumber())
                .isTrue();
    }

    /** The text of the number {@code name} in the JSON file {@code file} (one property a line, as summary.json). */
    static String numberText(Path file, String name) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + name + "\": ([-0-9.eE+]+)")
                .matcher(Files.readString(file));
        assertThat(m.find()).as("%s in %s", name, file).isTrue();
        return m.group(1);
    }

    /** {@code cell} plus {@code shift} as an exact decimal, as gang and memory write a time on a rebased clock. */
    static String plus(String cell, long shift) {
        return new java.math.BigDecimal(cell)
                .add(java.math.BigDecimal.valueOf(shift))
                .toPlainString();
    }

    /**
     * One of anything is singular in gang's report and messages too: a cluster that ran one job, a cluster of one
     * processor (found by the session's CLI tester: "1 jobs").
     */
    @Test
    void oneJobAndOneProcessorAreSingular() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("one.swf"), "; MaxProcs: 16\n1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n");
        CliRunner.Result r = CliRunner.run(
                "gang",
                "--workload",
                trace.toString(),
                "--clusters",
                "8",
                "--no-progress",
                "-o",
                dir.resolve("r").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(dir.resolve("r/report.html"))).contains("Cluster 0: the first 1 job it ran");
        r = CliRunner.run(
                "gang",
                "--workload",
                trace.toString(),
                "--clusters",
                "1",
                "-o",
                dir.resolve("s").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("(the smallest job has 4 tasks, the largest cluster 1 processor)");
    }

    /** A trace whose only job is past the reader's limit is refused as rejected, not as skipped. */
    @Test
    void aTraceOfOnlyJobsPastTheReadersLimitSaysTheyWereRejected() throws IOException {
        Path only = Files.writeString(
                dir.resolve("only.swf"), "; MaxProcs: 16\n3 6 -1 100 20000000 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n");
        CliRunner.Result r = CliRunner.run(
                "gang",
                "--workload",
                only.toString(),
                "--clusters",
                "8,16",
                "-o",
                dir.resolve("o").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("metasched: " + only + ": no job to simulate: every record was skipped or rejected by the"
                        + " reader (docs/simulate.md lists its rules)\n");
    }

    /** One migrated task is "1 task moved" (it said "1 tasks"; found by the session's CLI tester). */
    @Test
    void oneMigratedTaskIsSingular() {
        assertThat(GangCommand.migrations(0, 1, 1)).isEqualTo("migrations    0 local, 1 external (1 task moved)");
        assertThat(GangCommand.migrations(10, 6, 64)).isEqualTo("migrations    10 local, 6 external (64 tasks moved)");
        assertThat(GangCommand.migrations(0, 0, 0)).isEqualTo("migrations    0 local, 0 external (0 tasks moved)");
    }

    @Test
    void theOutputDirectoryIsGuarded() throws IOException {
        OutputGuard.check(
                dir, "gang", "--workload", small().toAbsolutePath().toString(), "--clusters", "8,16", "--no-progress");
    }

    /**
     * A record the reader does not take is told on the terminal, not only in summary.json (found by the CLI tester: a
     * job of 20,000,000 processors, past the reader's limit, showed only as "2 accepted by the reader").
     */
    @Test
    void theRecordsTheReaderDoesNotTakeAreToldOnTheJobsLine() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("big.swf"),
                "; MaxProcs: 16\n"
                        + "1 0 -1 100 100 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                        + "2 5 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                        + "3 6 -1 100 20000000 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n"
                        + "4 7 -1 0 4 -1 -1 4 200 -1 1 1 1 1 1 1 -1 -1\n");
        CliRunner.Result r = CliRunner.run(
                "gang",
                "--workload",
                trace.toString(),
                "--clusters",
                "8,16",
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("big").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("jobs          2 accepted by the reader (2 records not taken: runtimeNotPositive 1,"
                        + " largerThanMachine 1), 1 executed, 1 rejected (larger than every cluster)");
        r = CliRunner.run(
                "gang",
                "--workload",
                small().toString(),
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("small").toString());
        assertThat(r.out())
                .contains("jobs          39 accepted by the reader (1 record not taken: runtimeNotPositive 1),");
    }

    @Test
    void aTraceWhoseEveryJobIsLargerThanEveryClusterIsBadInput() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("wide.swf"),
                "; MaxProcs: 8\n"
                        + "1 0 -1 100 8 -1 -1 8 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                        + "2 5 -1 100 6 -1 -1 6 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run(
                "gang", "--workload", trace.toString(), "--clusters", "4,4", "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("every job is larger than every cluster").contains("6 tasks");
        assertThat(out).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--clusters ,",
                "--clusters 0,16",
                "--clusters -4",
                "--policy fifo",
                "--dispatch rr",
                "--start-rule strict",
                "--clock fast"
            })
    void badInputIsOneLineAndExit2(String args) {
        Path out = dir.resolve("never");
        List<String> a = new ArrayList<>(
                List.of("gang", "--workload", small().toString(), "--no-progress", "-o", out.toString()));
        a.addAll(List.of(args.split(" ", -1)));
        CliRunner.Result r = CliRunner.run(a.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("metasched");
        assertThat(out).doesNotExist();
    }
}
