package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.Parameter;
import picocli.CommandLine;

/**
 * A simulate line read without picocli's model ({@link SimulateArguments}) gets exactly the values picocli gives it,
 * and anything it is unsure of is left to picocli.
 */
class SimulateArgumentsTest {
    @TempDir
    Path dir;

    /** The options as picocli sets them on a fresh command line, or the error picocli reports. */
    static String picocli(String... args) {
        CommandLine cl = Main.commandLine(args);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return "refused: " + e.getMessage();
        }
        SimulateCommand c =
                (SimulateCommand) cl.getSubcommands().get("simulate").getCommand();
        c.values = SchemaOptions.values(c.spec, c.schema());
        return describe(c);
    }

    /** The schema's values (given or by default) and the other options. */
    static String describe(SimulateCommand c) {
        List<String> parts = new ArrayList<>();
        for (Parameter<?> p : c.schema().all()) {
            parts.add(p.name() + (c.values.has(p) ? "=" : " default ") + c.values.get(p));
        }
        parts.addAll(List.of(
                String.valueOf(c.timings),
                String.valueOf(c.noProgress),
                String.valueOf(c.output.out),
                String.valueOf(c.output.force),
                String.valueOf(c.report.noReport),
                String.valueOf(c.report.png)));
        return String.join(" | ", parts);
    }

    @Test
    void theUsualLinesAreTakenWithPicocliValues() {
        String[][] lines = {
            {"simulate", "--workload", "t.swf.gz", "--policy", "easy"},
            {"simulate", "--workload", "t.swf.gz", "--policy", "EASY", "-o", "out"},
            {"simulate", "--policy", "conservative", "--workload", "dir/t.swf", "--no-report", "--out", "o"},
            {"simulate", "--workload=t.swf", "--policy=fcfs", "--out=a b", "--force", "--timings"},
            {"simulate", "--workload", "t", "--policy", " Easy ", "--processors", "128", "--jobs", "500"},
            {"simulate", "--workload", "t", "--policy", "easy", "--size", "Requested", "--no-kill", "--png"},
            {"simulate", "--workload", "t", "--policy", "easy", "--processors", "+7", "--jobs", " 3 "},
            {"simulate", "--workload", "x=y", "--policy", "easy", "-o", "simulate"},
            {"simulate", "--workload", "t", "--policy", "easy", "--no-progress"},
        };
        for (String[] line : lines) {
            SimulateCommand c = SimulateArguments.parse(line);
            assertThat(c).as(String.join(" ", line)).isNotNull();
            assertThat(describe(c)).as(String.join(" ", line)).isEqualTo(picocli(line));
        }
    }

    @Test
    void anythingUnusualIsLeftToPicocli() {
        String[][] lines = {
            {"simulate", "--help"},
            {"simulate", "--workload", "t", "--policy", "easy", "--help"},
            {"simulate", "--workload", "t", "--policy", "easy", "-h"},
            {"simulate", "--workload", "t", "--policy", "easy", "-V"},
            {"simulate", "--workload", "t", "--policy", "sjf"},
            {"simulate", "--workload", "t", "--policy", "easy", "--jobs", "0"},
            {"simulate", "--workload", "t", "--policy", "easy", "--jobs", "1.5"},
            {"simulate", "--workload", "t", "--policy", "easy", "--size", "both"},
            {"simulate", "--workload", "t", "--policy", "easy", "--policy", "easy"},
            {"simulate", "--workload", "t", "--policy", "easy", "-o", "a", "--out", "b"},
            {"simulate", "--workload", "t", "--policy", "easy", "--png", "--png"},
            {"simulate", "--workload", "t", "--policy", "easy", "--no-progress=true"},
            {"simulate", "--workload", "t", "--policy", "easy", "-oout"},
            {"simulate", "--workload", "t", "--policy", "easy", "-o=out"},
            {"simulate", "--workload", "t", "--policy", "easy", "--no-kill=true"},
            {"simulate", "--workload", "@args", "--policy", "easy"},
            {"simulate", "@args", "--workload", "t", "--policy", "easy"},
            {"simulate", "--workload", "--policy", "easy", "x"},
            {"simulate", "--workload", "-t", "--policy", "easy"},
            {"simulate", "--workload", "\"t\"", "--policy", "easy"},
            {"simulate", "--workload=", "--policy", "easy", "--no-report"},
            {"simulate", "--workload", "t", "--policy", "easy", "--"},
            {"simulate", "--workload", "t", "--policy", "easy", "extra"},
            {"simulate", "--workload", "t", "--policy", "easy", "--nope"},
            {"simulate", "--workload", "t", "--policy", "easy", "--out"},
            {"simulate", "--workload", "t", "--no-report", "--png"},
            {"simulate", "--policy", "easy", "--no-report", "--png"},
            {"Simulate", "--workload", "t", "--policy", "easy"},
            {"run", "--workload", "t", "--policy", "easy"},
            {"simulate", "--workload", "t\u0000", "--policy", "easy"},
        };
        for (String[] line : lines) {
            assertThat(SimulateArguments.parse(line)).as(String.join(" ", line)).isNull();
        }
    }

    @Test
    void onRandomLinesWhatIsTakenIsWhatPicocliParses() {
        String[] values = {
            "w.swf", "t.swf.gz", "dir/x", "x y", "easy", "EASY", "conservative", "fcfs", "sjf", "0", "1", "64", "+3",
            "-1", "1.5", "2147483648", "requested", "Allocated", "simulate", "help", "@f", "-o", "--png", "", "=", "a=b"
        };
        String[] options = {
            "--workload",
            "--policy",
            "--processors",
            "--jobs",
            "--size",
            "-o",
            "--out",
            "--no-kill",
            "--timings",
            "--no-progress",
            "--force",
            "--no-report",
            "--png",
            "-h",
            "--help",
            "-V",
            "--",
            "-ox",
            "-o=x",
            "--nope",
            "x"
        };
        Random random = new Random(25);
        int taken = 0;
        for (int n = 0; n < 4000; n++) {
            List<List<String>> parts = new ArrayList<>();
            if (random.nextInt(4) > 0) { // most lines have the two required options
                parts.add(option(random, "--workload", values));
                parts.add(option(random, "--policy", values));
            }
            for (int k = random.nextInt(6); k > 0; k--) {
                parts.add(option(random, options[random.nextInt(options.length)], values));
            }
            java.util.Collections.shuffle(parts, random);
            List<String> line = new ArrayList<>(List.of("simulate"));
            parts.forEach(line::addAll);
            String[] args = line.toArray(new String[0]);
            SimulateCommand c = SimulateArguments.parse(args);
            if (c != null) {
                taken++;
                assertThat(describe(c)).as(String.join(" ", args)).isEqualTo(picocli(args));
            }
        }
        assertThat(taken).as("lines taken without picocli").isGreaterThan(150);
    }

    /** {@code name} with a value (mostly a plausible one, as a separate argument or after '='), or alone. */
    private static List<String> option(Random random, String name, String[] values) {
        String value = values[random.nextInt(random.nextInt(3) == 0 ? values.length : 9)];
        if (name.equals("--policy") && random.nextInt(3) > 0) {
            value = random.nextBoolean() ? "easy" : "Conservative";
        }
        return switch (random.nextInt(5)) {
            case 0 -> List.of(name);
            case 1 -> List.of(name + "=" + value);
            default -> List.of(name, value);
        };
    }

    @Test
    void aLineTakenRunsAsPicocliRunsIt() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("tiny.swf"),
                "; MaxProcs: 4\n1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                        + "2 0 -1 50 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        for (String[] line : new String[][] {
            {
                "simulate",
                "--workload",
                trace.toString(),
                "--policy",
                "easy",
                "-o",
                dir.resolve("a").toString()
            },
            {"simulate", "--workload", dir.resolve("none.swf").toString(), "--policy", "easy", "--no-report"},
            {"simulate", "--workload", trace.toString(), "--policy", "easy", "--no-report", "--png"},
        }) {
            CliRunner.Result picocli = CliRunner.run(line);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            SimulateCommand c = SimulateArguments.parse(line);
            assertThat(c).isNotNull();
            int code = SimulateArguments.execute(c, new PrintWriter(out, true), new PrintWriter(err, true));
            assertThat(code).as(String.join(" ", line)).isEqualTo(picocli.exitCode());
            assertThat(out.toString()).isEqualTo(picocli.out());
            assertThat(err.toString()).isEqualTo(picocli.err());
        }
    }
}
