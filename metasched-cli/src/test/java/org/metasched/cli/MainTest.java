package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {

    @Test
    void aCommandBuiltAloneHasTheSameNameAndHelpAsInTheFullCommandLine() {
        CommandLine full = Main.commandLine();
        assertThat(full.getSubcommands().keySet()).containsExactly("run", "select", "simulate", "reproduce", "help");
        for (String name : new String[] {"run", "select", "simulate", "reproduce"}) {
            CommandLine alone = Main.commandLine(new String[] {name, "--help"});
            assertThat(alone.getSubcommands().keySet()).as(name).containsExactly(name);
            assertThat(alone.getSubcommands().get(name).getUsageMessage())
                    .as(name)
                    .isEqualTo(full.getSubcommands().get(name).getUsageMessage())
                    .contains("Usage: metasched " + name);
        }
    }

    @Test
    void everyUsageMessageFormatsWithoutPicocliWarnings() {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
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
        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpAndUnknownCommandsSeeEveryCommand() {
        assertThat(CliRunner.run("help").out()).contains("simulate", "reproduce", "select", "run");
        CliRunner.Result typo = CliRunner.run("simulat", "--policy", "easy");
        assertThat(typo.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(typo.err()).contains("'simulat'").contains("simulate");
    }

    @Test
    void reportWritingCommandsAreRecognisedBeforeParsing() {
        assertThat(Main.writesReport("simulate", "--workload", "t.swf", "--policy", "easy"))
                .isTrue();
        assertThat(Main.writesReport("run")).isTrue();
        assertThat(Main.writesReport("reproduce", "p000-table2")).isTrue();
        assertThat(Main.writesReport("simulate", "--workload", "t.swf", "--no-report"))
                .isFalse();
        assertThat(Main.writesReport("simulate", "--help")).isFalse();
        assertThat(Main.writesReport("select", "--input", "p.json")).isFalse();
        assertThat(Main.writesReport()).isFalse();
    }

    @Test
    void versionWorks() {
        StringWriter out = new StringWriter();
        CommandLine cl = Main.commandLine(new String[] {"--version"});
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("--version")).isZero();
        assertThat(out.toString()).startsWith("metasched ");
    }
}
