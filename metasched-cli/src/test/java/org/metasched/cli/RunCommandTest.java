package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
    @TempDir
    Path dir;

    @Test
    void noArgumentsPrintsHelp() {
        CliRunner.Result r = CliRunner.run();
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: metasched").contains("select").contains("run");
    }

    @Test
    void theDefaultScenarioIsReproducibleAndNamesItsReportOnce() throws IOException {
        Path a = dir.resolve("a");
        CliRunner.Result r = CliRunner.run("run", "--runs", "3", "--out", a.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("metasched default scenario, seed 1");
        assertThat(r.out()
                        .split(
                                java.util.regex.Pattern.quote(
                                        a.resolve("report.html").toString()),
                                -1))
                .hasSize(2);
        assertThat(Files.readString(a.resolve("report.html"))).contains("P000").contains("Window searches");
        List<String> csv = Files.readAllLines(a.resolve("strategies.csv"));
        assertThat(csv.get(0)).isEqualTo("strategy,found,start,finish,runtime,cost,processorTime");
        assertThat(csv).hasSize(1 + org.metasched.window.WindowSearches.names().size());
        List<String> table = Files.readAllLines(a.resolve("table.csv"));
        assertThat(table).hasSize(1 + 2 * 5);
        assertThat(OutputGuard.tree(a))
                .containsExactly("", ".metasched-output", "report.html", "strategies.csv", "table.csv");
        Path b = dir.resolve("b");
        CliRunner.run("run", "--runs", "3", "--threads", "1", "--out", b.toString());
        assertThat(Files.readAllLines(b.resolve("strategies.csv"))).isEqualTo(csv);
        assertThat(Files.readAllLines(b.resolve("table.csv"))).isEqualTo(table);
    }

    @Test
    void pngOnRequestAndNoReportOnRequest() throws IOException {
        Path png = dir.resolve("png");
        assertThat(CliRunner.run("run", "--runs", "1", "--png", "-o", png.toString())
                        .exitCode())
                .isZero();
        assertThat(png.resolve("advantage.png")).exists();
        assertThat(png.resolve("strategy-finish.png")).exists();
        Path bare = dir.resolve("bare");
        CliRunner.Result r = CliRunner.run("run", "--runs", "1", "--no-report", "-o", bare.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(OutputGuard.tree(bare)).containsExactly("", ".metasched-output", "strategies.csv", "table.csv");
        assertThat(r.out()).doesNotContain("report.html");
        CliRunner.Result both = CliRunner.run(
                "run", "--no-report", "--png", "-o", dir.resolve("x").toString());
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("--png").contains("--no-report").hasLineCount(1);
    }

    @Test
    void neverReplacesWhatItDidNotWrite() throws IOException {
        OutputGuard.check(dir, "run", "--runs", "1", "--no-progress");
    }

    @Test
    void anUnwritableOutputIsBadInput() throws IOException {
        OutputGuard.unwritableParent(dir, "run", "--runs", "1");
    }

    @Test
    void badRunsIsBadInputAndWritesNothing() {
        for (String bad : new String[] {"0", "-3", "abc", "1.5", "99999999999"}) {
            CliRunner.Result r = CliRunner.run(
                    "run", "--runs", bad, "--out", dir.resolve("c").toString());
            assertThat(r.exitCode()).as(bad).isEqualTo(2);
            assertThat(r.err()).as(bad).startsWith("metasched run: --runs: ").hasLineCount(1);
        }
        assertThat(Files.exists(dir.resolve("c"))).isFalse();
    }

    /** Like reproduce's targets, run takes at most a hundred times its default runs (it ran out of memory). */
    @Test
    void tooManyRunsAreRefusedBeforeTheWork() {
        for (String many : new String[] {"4001", "99999999"}) {
            CliRunner.Result r = CliRunner.run(
                    "run", "--runs", many, "--out", dir.resolve("c").toString());
            assertThat(r.exitCode()).as(many).isEqualTo(2);
            assertThat(r.err())
                    .as(many)
                    .startsWith("metasched run: --runs " + many + ": ")
                    .contains("the limit is 4 000 runs")
                    .hasLineCount(1);
        }
        assertThat(Files.exists(dir.resolve("c"))).isFalse();
    }
}
