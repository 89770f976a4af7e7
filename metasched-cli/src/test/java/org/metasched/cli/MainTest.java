package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MainTest {

    @Test
    void aCommandBuiltAloneHasTheSameNameAndHelpAsInTheFullCommandLine() {
        CommandLine full = Main.commandLine();
        assertThat(full.getSubcommands().keySet())
                .startsWith("run", "select", "simulate", "reproduce")
                .contains("help")
                .containsAll(Main.commandNames());
        for (String name : Main.commandNames()) {
            CommandLine alone = Main.commandLine(new String[] {name, "--help"});
            assertThat(alone.getSubcommands().keySet()).as(name).containsExactly(name);
            assertThat(alone.getSubcommands().get(name).getUsageMessage())
                    .as(name)
                    .isEqualTo(full.getSubcommands().get(name).getUsageMessage())
                    .contains("Usage: metasched " + name);
        }
    }

    @Test
    void everyHelpHasGroupedOptionsAnExampleAndTheExitCodesAndNoUnresolvedVariable() {
        CommandLine full = Main.commandLine();
        for (String name : Main.commandNames()) {
            String help = full.getSubcommands().get(name).getUsageMessage();
            assertThat(help)
                    .as(name)
                    .contains("\nGeneral:\n")
                    .contains("\nExit codes:\n")
                    .contains("  2   Bad input")
                    .contains("Example: metasched " + name)
                    .doesNotContain("${")
                    .doesNotContain("null)");
            assertThat(help.indexOf("Exit codes:")).as(name).isLessThan(help.indexOf("Example:"));
        }
        assertThat(full.getUsageMessage()).contains("Exit codes:").contains("Example: metasched run");
        String simulate = full.getSubcommands().get("simulate").getUsageMessage();
        assertThat(simulate.indexOf("Inputs:"))
                .isLessThan(simulate.indexOf("Policy:"))
                .isGreaterThan(0);
        assertThat(simulate.indexOf("Policy:")).isLessThan(simulate.indexOf("Outputs:"));
        assertThat(simulate).contains("fcfs, easy, conservative"); // from the policy registry
        assertThat(full.getSubcommands().get("select").getUsageMessage()).contains("min-proc-time-exact, csa");
        assertThat(full.getSubcommands().get("reproduce").getUsageMessage().replaceAll("\\s+", " "))
                .contains("p000-table2 paper P000, Table 2")
                .contains("Defaults: --runs 2000, --seed 2020");
        assertThat(full.getSubcommands().get("run").getUsageMessage().replaceAll("\\s+", " "))
                .contains("at least 1 (default: 40).");
        // in a group, the command's own parameters (its schema's) come before the written ones such as --runs
        String memory = full.getSubcommands().get("memory").getUsageMessage();
        List<Integer> at = new ArrayList<>();
        for (String option : new String[] {"--load=", "--duration=", "--mean-service=", "--runs=", "--seed="}) {
            at.add(memory.indexOf("\n      " + option));
        }
        assertThat(at).as(memory).doesNotContain(-1).isSorted();
    }

    /**
     * The help lists a command's options by group and order ({@link HelpLayout}); two options of one order (or none)
     * would be listed in the order picocli happens to find their fields. So every option of every command, nested
     * ones too, has an order of its own; only the standard -h and -V have none, and a schema's option may share its
     * number with a written one (HelpLayout lists a group's schema options first).
     */
    @Test
    void noTwoOptionsOfACommandShareAnOrder() {
        List<String> commands = new ArrayList<>();
        everyCommand(Main.commandLine(), "metasched", commands);
        assertThat(commands).contains("metasched reproduce", "metasched quote accept", "metasched journal replay");
    }

    /**
     * A command's inputs are one section: its positional parameters and the options that say what to do (a client
     * command's --price, --criterion, --amount ...) under one "Inputs:" heading, never among the connection's options
     * under "General:".
     */
    @Test
    void theInputsOfEveryCommandAreOneSection() {
        List<String> commands = new ArrayList<>();
        everyCommand(Main.commandLine(), "metasched", commands);
        CommandLine full = Main.commandLine();
        for (String command : commands) {
            CommandLine cl = full;
            for (String word : command.split(" ", -1)) {
                cl = word.equals("metasched") ? cl : cl.getSubcommands().get(word);
            }
            String help = cl.getUsageMessage();
            assertThat(help.indexOf("\nInputs:\n")).as(command).isEqualTo(help.lastIndexOf("\nInputs:\n"));
        }
        String put =
                full.getSubcommands().get("nodes").getSubcommands().get("put").getUsageMessage();
        assertThat(put.indexOf("\n      --price=C"))
                .isGreaterThan(put.indexOf("\n      NODE "))
                .isLessThan(put.indexOf("\nOutputs:"));
    }

    /**
     * No help at 80 columns breaks a file name, path or address across two lines: picocli wraps where the JDK's line
     * BreakIterator allows, which is after any '.' or ':' inside a word ('report.' / 'html', 'http://127.' /
     * '0.0.1:8080', 'spark:' / '//HOST:7077'). A line's last word and the next line's first, joined, must not be one
     * word of the same help printed without wrapping (a break after a comma, in a list, is allowed).
     */
    @Test
    void noHelpBreaksAFileNameOrAddressAcrossLines() {
        List<String> commands = new ArrayList<>();
        everyCommand(Main.commandLine(), "metasched", commands);
        List<String> broken = new ArrayList<>();
        for (String command : commands) {
            CommandLine cl = Main.commandLine();
            for (String word : command.split(" ", -1)) {
                cl = word.equals("metasched") ? cl : cl.getSubcommands().get(word);
            }
            CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
            String[] lines = cl.getUsageMessage().split("\n", -1);
            int width = usage.width();
            usage.width(10_000);
            java.util.Set<String> words =
                    new java.util.HashSet<>(List.of(cl.getUsageMessage().split("\\s+", -1)));
            usage.width(width);
            for (int i = 0; i + 1 < lines.length; i++) {
                String[] a = lines[i].strip().split(" ", -1);
                String b = lines[i + 1].strip().split(" ", -1)[0];
                String last = a[a.length - 1];
                if (!last.isEmpty() && !last.endsWith(",") && !b.isEmpty() && words.contains(last + b)) {
                    broken.add(command + ": '" + last + "' / '" + b + "'");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    private static void everyCommand(CommandLine cl, String name, List<String> seen) {
        seen.add(name);
        Map<String, String> taken = new HashMap<>();
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            assertThat(o.order())
                    .as(name + " " + o.longestName() + ": no order")
                    .isNotNegative();
            String key = o.order() + (o.userObject() instanceof org.metasched.model.Parameter<?> ? " schema" : "");
            assertThat(taken.put(key, o.longestName()))
                    .as(name + " " + o.longestName() + ": order " + o.order() + " is taken")
                    .isNull();
        }
        for (Map.Entry<String, CommandLine> sub : cl.getSubcommands().entrySet()) {
            if (!sub.getKey().equals("help")) {
                everyCommand(sub.getValue(), name + " " + sub.getKey(), seen);
            }
        }
    }

    @Test
    void everyUsageMessageFormatsWithoutPicocliWarnings() {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CommandLine full = Main.commandLine();
            full.getUsageMessage();
            for (CommandLine sub : full.getSubcommands().values()) {
                sub.getUsageMessage();
            }
        } finally {
            System.setErr(stderr);
        }
        // e.g. a bare '%' in a description: picocli warns and prints "%n" literally
        assertThat(captured.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void anUnknownCommandIsNamedTheSameWayWithAndWithoutHelp() {
        CliRunner.Result bogus = CliRunner.run("bogus");
        assertThat(bogus.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(bogus.err()).isEqualTo("metasched: unknown command 'bogus'; 'metasched help' lists the commands\n");
        CliRunner.Result help = CliRunner.run("help", "bogus");
        assertThat(help.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(help.err()).isEqualTo(bogus.err());
        CliRunner.Result typo = CliRunner.run("simulat", "--policy", "easy");
        assertThat(typo.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(typo.err())
                .contains("unknown command 'simulat' (did you mean 'simulate'?)")
                .hasLineCount(1);
    }

    @Test
    void commandNamesAreCaseInsensitiveLikeEveryOtherName() {
        CliRunner.Result r = CliRunner.run("SELECT", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: metasched select");
    }

    @Test
    void anUnknownOptionIsNamedEvenWhenRequiredOnesAreMissing() {
        CliRunner.Result r = CliRunner.run("simulate", "-x", "D");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("metasched simulate: unknown option '-x'; try 'metasched simulate --help'\n");
        CliRunner.Result p = CliRunner.run("reproduce", "--bogus", "2");
        assertThat(p.err())
                .startsWith("metasched reproduce: unknown option '--bogus'")
                .hasLineCount(1);
        CliRunner.Result v = CliRunner.run("run", "--seed", "-5", "--frobnicate");
        assertThat(v.err()).startsWith("metasched run: unknown option '--frobnicate'");
    }

    /**
     * A file given without the option that names it ('simulate t.swf --policy easy') is named, with the option it
     * lacks, where picocli said only that the option was missing. With more than one option missing, picocli's line.
     */
    @Test
    void aValueWithoutItsOptionIsNamedWithTheOptionItLacks() {
        String[][] cases = {
            {"simulate", "t.swf", "--policy", "easy", "--workload"},
            {"select", "p.json", "-s", "amp", "--input"},
            {"batch", "-f", "table", "b.json", "--input"},
            {"sweep", "s.yaml", "--threads", "2", "--spec"},
            {"gang", "--seed", "-5", "t.swf", "--workload"}
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOf(c, c.length - 1);
            String value = c[0].equals("gang") ? "t.swf" : c[0].equals("batch") ? "b.json" : c[1];
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .isEqualTo("metasched " + c[0] + ": unexpected argument '" + value + "' (did you mean '"
                            + c[c.length - 1] + " " + value + "'?); try 'metasched " + c[0] + " --help'\n");
        }
        assertThat(CliRunner.run("simulate", "t.swf").err())
                .startsWith("metasched simulate: missing required options")
                .hasLineCount(1);
        assertThat(CliRunner.run("simulate", "--policy", "easy").err())
                .isEqualTo("metasched simulate: missing required option: '--workload=FILE'; try 'metasched simulate"
                        + " --help'\n");
    }

    /**
     * A typo in an option is answered with the nearest of the command's options, whether or not a required option is
     * missing too; picocli's own guess offered --no-report for --no-kil. The word after an unknown option is taken for
     * its value, not counted as "1 more"; a short or a far name gets no guess.
     */
    @Test
    void aMistypedOptionGetsTheNearestOptionAsAGuess() {
        String w = "--workload";
        String[][] cases = {
            {"--no-kil", "--no-kill", "simulate", w, "t.swf", "--policy", "easy", "--no-kil"},
            {"--polcy", "--policy", "simulate", w, "t.swf", "--polcy", "easy"},
            {"--worklaod", "--workload", "simulate", "--worklaod", "t.swf", "--policy", "easy"},
            {"-workload", "--workload", "gang", "-workload", "t.swf"},
            {"--cluster", "--clusters", "gang", w, "t.swf", "--cluster", "8,16"},
            {"--strategie", "--strategy", "select", "-i", "p.json", "--strategie", "amp"},
            {"--Seed=4", "--seed", "run", "--Seed=4"}
        };
        for (String[] c : cases) {
            CliRunner.Result r = CliRunner.run(java.util.Arrays.copyOfRange(c, 2, c.length));
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", c))
                    .isEqualTo("metasched " + c[2] + ": unknown option '" + c[0] + "' (did you mean '" + c[1]
                            + "'?); try 'metasched " + c[2] + " --help'\n");
        }
        assertThat(CliRunner.run("run", "--frobnicate", "--bogus").err())
                .isEqualTo("metasched run: unknown option '--frobnicate' (and 1 more); try 'metasched run --help'\n");
        assertThat(Errors.distance("--worklaod", "--workload")).isEqualTo(1);
        assertThat(Errors.distance("abc", "")).isEqualTo(3);
    }

    @Test
    void imagesAreWarmedUpOnlyWhenAsked() {
        assertThat(Main.drawsImages("simulate", "--workload", "t.swf", "--policy", "easy"))
                .isFalse();
        assertThat(Main.drawsImages("run", "--png")).isTrue();
        assertThat(Main.drawsImages("run", "--png", "--help")).isFalse();
        assertThat(Main.drawsImages()).isFalse();
    }

    /** Every command's help lists -V/--version; each answers it (it printed nothing before). */
    @Test
    void everyCommandAnswersVersion() {
        for (String[] args : new String[][] {
            {"simulate", "-V"},
            {"select", "--version"},
            {"sweep-merge", "-V"},
            {"quote", "accept", "-V"},
            {"journal", "replay", "--version"}
        }) {
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).as(String.join(" ", args)).isZero();
            assertThat(r.out()).as(String.join(" ", args)).startsWith("metasched ");
        }
        for (String name : Main.commandNames()) {
            CliRunner.Result r = CliRunner.run(name, "-V");
            assertThat(r.out()).as(name + " -V").startsWith("metasched ");
        }
    }

    /** help takes one command: a further word is an unexpected argument, exit 2 (it was ignored, exit 0). */
    @Test
    void helpRefusesAnArgumentAfterTheCommand() {
        CliRunner.Result r = CliRunner.run("help", "simulate", "extra");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("metasched help: unexpected argument 'extra'; try 'metasched help --help'\n");
        CliRunner.Result plain = CliRunner.run("help", "simulate");
        assertThat(plain.exitCode()).isZero();
        assertThat(plain.out()).startsWith("Usage: metasched simulate");
        assertThat(CliRunner.run("help").exitCode()).isZero();
    }

    @Test
    void versionBuildsNoCommand() {
        StringWriter out = new StringWriter();
        CommandLine cl = Main.commandLine(new String[] {"--version"});
        assertThat(cl.getSubcommands()).isEmpty();
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("--version")).isZero();
        assertThat(out.toString()).startsWith("metasched ");
    }

    /**
     * A command whose result cannot be written to standard output (a full device, a closed pipe) exits with code 2
     * and says so, on every path: picocli's commands and help, and simulate's own line reader. PrintStream and
     * PrintWriter swallow the error: before, each of these exited 0.
     */
    @Test
    void anOutputThatCannotBeWrittenIsAnErrorOnEveryPath(@TempDir Path dir) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        try {
            System.setOut(new PrintStream(full, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            for (String[] args : new String[][] {
                {"select", "--input", "../examples/select-small.json", "--strategy", "min-cost"},
                {"simulate", "--workload", "../examples/small.swf", "--policy", "easy", "-o", dir.toString()},
                {"help", "select"},
                {"batch", "--help"}
            }) {
                err.reset();
                assertThat(Main.execute(args)).as(String.join(" ", args)).isEqualTo(2);
                assertThat(err.toString(StandardCharsets.UTF_8))
                        .as(String.join(" ", args))
                        .isEqualTo("metasched: standard output: cannot be written (a full device?); what was printed"
                                + " is incomplete\n");
            }
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        // a command that fails keeps its own code and message
        CommandLine cl = Main.commandLine(new String[] {"select"});
        StringWriter errors = new StringWriter();
        cl.setOut(new PrintWriter(Writer.nullWriter()) {
            @Override
            public boolean checkError() {
                return true;
            }
        });
        cl.setErr(new PrintWriter(errors, true));
        assertThat(cl.execute("select", "--input", "no-such-file.json")).isEqualTo(2);
        assertThat(errors.toString()).doesNotContain("standard output");
    }
}
