package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.batch.BatchParameters;
import org.metasched.gang.GangParameters;
import org.metasched.memory.MemoryParameters;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import org.metasched.pipeline.select.SelectParameters;
import org.metasched.pipeline.sweep.SweepSpec;
import org.metasched.pipeline.trace.SimulateParameters;
import picocli.CommandLine;

/**
 * Issue 21's one schema per system: every parameter of the gang, memory, batch, simulate and select schemas is an
 * option of the command and a parameter of a sweep file, a value means the same on both, and a value out of range is
 * exit 2 with the field named in the words of the surface used ({@code --cores} on the command line, {@code cores} in a
 * sweep file).
 */
class SchemaSurfacesTest {
    @TempDir
    Path dir;

    /**
     * A value other than the default (names in another case) and a bad value with what its message says; {@code
     * with}: other parameters' names and values a good value needs (an option that applies to some strategies only).
     */
    record Sample(String good, String bad, String problem, String... with) {}

    static final Map<String, Sample> GANG = Map.of(
            "workload", new Sample("SMALL", null, null),
            "clusters", new Sample("8,16", "8,0", "every cluster needs at least 1 processor, got 0 in [8, 0]"),
            "dispatch", new Sample("JSEQ", "rr", "unknown dispatcher 'rr', expected one of olb, jseq"),
            "policy", new Sample("Lxf-M", "fifo", "unknown policy 'fifo', expected one of afcfs"),
            "start-rule", new Sample("Adapted", "never", "unknown start rule 'never'"),
            "clock", new Sample("Homogeneous", "fast", "unknown clock model 'fast', expected homogeneous or"),
            "jobs", new Sample("7", "0", "must be at least 1, got 0"));

    static final Map<String, Sample> MEMORY = Map.ofEntries(
            Map.entry("policy", new Sample("Static", "lifo", "unknown memory policy 'lifo'")),
            Map.entry("workload", new Sample("Stable", "bursty", "unknown workload 'bursty'")),
            Map.entry("machines", new Sample("6", "0", "must be at least 1, got 0")),
            Map.entry("cores", new Sample("3", "0", "must be at least 1, got 0")),
            Map.entry("memory", new Sample("5", "-2", "must be at least 1, got -2")),
            Map.entry("classes", new Sample("1,2,4", "2,1", "2,1 is not strictly increasing")),
            Map.entry("threshold", new Sample("0.25", "1.5", "1.5 is outside [0, 1]")),
            Map.entry("load", new Sample("0.6", "0", "0, expected a fraction above 0 and at most 1")),
            Map.entry("duration", new Sample("8", "0", "0, expected seconds > 0")),
            Map.entry("mean-service", new Sample("2", "-1", "-1, expected seconds > 0")));

    static final Map<String, Sample> BATCH = Map.of(
            "input", new Sample("BATCH", null, null),
            "scheme", new Sample("BSF", "fifo", "unknown scheme 'fifo', expected one of css, slicer"),
            "problem", new Sample("Max-Cost", "fast", "unknown problem 'fast'"),
            "time", new Sample("Runtime", "never", "unknown time 'never'"),
            "sub-batches", new Sample("2", "0", "must be at least 1, got 0"),
            "css-jobs", new Sample("1", "-1", "must be at least 0, got -1"),
            "quantum", new Sample("0.5", "0", "0, expected a number above 0"));

    static final Map<String, Sample> SIMULATE = Map.of(
            "workload", new Sample("SMALL", null, null),
            "policy",
                    new Sample("Conservative", "sjf", "unknown policy 'sjf', expected one of fcfs, easy, conservative"),
            "processors", new Sample("64", "0", "must be at least 1, got 0"),
            "jobs", new Sample("5", "0", "must be at least 1, got 0"),
            "size", new Sample("Requested", "biggest", "unknown size field 'biggest', expected allocated or requested"),
            "kill", new Sample("false", null, null)); // the flag --no-kill: no value to get wrong

    static final Map<String, Sample> SELECT = Map.of(
            "input", new Sample("SELECT", null, null),
            "strategy", new Sample("Min-Cost", "min-fnish", "unknown strategy 'min-fnish', expected one of"),
            "criterion", new Sample("Proc-Time", "soonest", "unknown criterion 'soonest'", "strategy", "csa"),
            "start-points",
                    new Sample(
                            "3",
                            "0",
                            "must be 'full' or a whole number >= 1, got '0'",
                            "strategy",
                            "availability-knapsack"),
            "placement",
                    new Sample(
                            "Random",
                            "nowhere",
                            "unknown placement 'nowhere', expected one of uniform, random, mixed",
                            "strategy",
                            "availability-knapsack",
                            "start-points",
                            "3"),
            "step",
                    new Sample(
                            "5",
                            "0",
                            "must be at least 1, got 0",
                            "strategy",
                            "availability-knapsack",
                            "start-points",
                            "3"),
            "budget-units", new Sample("100", "x", "'x' is not a whole number", "strategy", "availability-knapsack"));

    /** Each command's required parameters and a value of each, given when another is tried. */
    static final Map<String, List<String>> REQUIRED = Map.of(
            "gang", List.of("workload", "SMALL"),
            "memory", List.of(),
            "batch", List.of("input", "BATCH"),
            "simulate", List.of("workload", "SMALL", "policy", "easy"),
            "select", List.of("input", "SELECT"));

    static Stream<Arguments> parameters() {
        List<Arguments> out = new ArrayList<>();
        for (Parameter<?> p : GangParameters.ALL.all()) {
            out.add(Arguments.of("gang", GangParameters.ALL, p, GANG.get(p.name()), "workload: SMALL"));
        }
        for (Parameter<?> p : MemoryParameters.ALL.all()) {
            out.add(Arguments.of("memory", MemoryParameters.ALL, p, MEMORY.get(p.name()), "policy: adaptive"));
        }
        for (Parameter<?> p : BatchParameters.ALL.all()) {
            out.add(Arguments.of("batch", BatchParameters.ALL, p, BATCH.get(p.name()), "input: BATCH"));
        }
        for (Parameter<?> p : SimulateParameters.COMMAND.all()) { // scale is a sweep's only (SweepCommandTest)
            out.add(Arguments.of(
                    "simulate", SimulateParameters.ALL, p, SIMULATE.get(p.name()), "workload: SMALL, policy: easy"));
        }
        for (Parameter<?> p : SelectParameters.ALL.all()) {
            out.add(Arguments.of("select", SelectParameters.ALL, p, SELECT.get(p.name()), "input: SELECT"));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("parameters")
    void everyParameterMeansTheSameOnTheCommandLineAndInASweepFile(
            String command, Parameters schema, Parameter<?> p, Sample sample, String fixed) throws IOException {
        assertThat(sample)
                .as("a sample value of " + command + "'s parameter " + p.name())
                .isNotNull();
        String good = files(sample.good());
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(p.kind() == Parameter.Kind.BOOLEAN ? List.of("--no-" + p.name()) : List.of("--" + p.name(), good));
        args.addAll(required(command, p, sample));
        CommandLine cl = Main.commandLine(args.toArray(new String[0]));
        cl.parseArgs(args.toArray(new String[0]));
        Parameters.Values onTheCommandLine =
                SchemaOptions.values(cl.getSubcommands().get(command).getCommandSpec(), schema);

        SweepSpec spec = SweepSpec.read(sweep(command, fixed + with(sample), p.fileName(), good));
        Parameters.Values inAFile = schema.read(spec.cells().get(0).parameters());

        assertThat(onTheCommandLine.has(p)).isTrue();
        assertThat(inAFile.has(p)).isTrue();
        assertThat((Object) inAFile.get(p)).isEqualTo(onTheCommandLine.get(p)).isNotEqualTo(p.otherwise());
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("parameters")
    void aBadValueIsExit2NamedInTheWordsOfTheSurface(
            String command, Parameters schema, Parameter<?> p, Sample sample, String fixed) throws IOException {
        if (sample.bad() == null) {
            return; // a file name: any text is one
        }
        Path out = dir.resolve("never");
        List<String> args = new ArrayList<>(List.of(command, "--" + p.name(), sample.bad()));
        args.addAll(required(command, p, sample));
        if (command.equals("gang") || command.equals("memory")) { // batch and select print, simulate shows no progress
            args.addAll(List.of("--no-progress"));
        }
        if (!command.equals("batch") && !command.equals("select")) {
            args.addAll(List.of("-o", out.toString()));
        }
        CliRunner.Result cli = CliRunner.run(args.toArray(new String[0]));
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err().strip()).doesNotContain("\n").contains("--" + p.name() + ": " + sample.problem());

        Path file = sweep(command, fixed + with(sample), p.fileName(), sample.bad());
        CliRunner.Result swept =
                CliRunner.run("sweep", "--spec", file.toString(), "--no-progress", "-o", out.toString());
        assertThat(swept.exitCode()).as(swept.err()).isEqualTo(2);
        assertThat(swept.err().strip())
                .doesNotContain("\n")
                .doesNotContain("--" + p.name())
                .contains("grid." + p.fileName() + "[0]: " + sample.problem());
        assertThat(out).doesNotExist();
    }

    private Path sweep(String command, String fixed, String name, String value) throws IOException {
        return Files.writeString(
                dir.resolve("s.yaml"),
                "command: " + command + "\noptions: {" + files(fixed) + "}\ngrid: {" + name + ": ['" + value + "']}\n");
    }

    /** The command's required options but {@code p}, and those {@code sample} needs. */
    private static List<String> required(String command, Parameter<?> p, Sample sample) {
        List<String> out = new ArrayList<>();
        List<String> pairs = new ArrayList<>(REQUIRED.get(command));
        pairs.addAll(List.of(sample.with()));
        for (int i = 0; i < pairs.size(); i += 2) {
            if (!pairs.get(i).equals(p.name())) {
                out.addAll(List.of("--" + pairs.get(i), files(pairs.get(i + 1))));
            }
        }
        return out;
    }

    /** The other parameters {@code sample} needs, as more of a sweep file's options. */
    private static String with(Sample sample) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sample.with().length; i += 2) {
            b.append(", ").append(sample.with()[i]).append(": ").append(sample.with()[i + 1]);
        }
        return b.toString();
    }

    /** The example files for their placeholders. */
    private static String files(String text) {
        Path small = GangCommandTest.small().toAbsolutePath();
        return text.replace("SMALL", small.toString())
                .replace("BATCH", small.resolveSibling("batch-small.json").toString())
                .replace("SELECT", small.resolveSibling("select-small.json").toString());
    }
}
