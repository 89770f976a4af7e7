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
    void theDefaultScenarioOpensWithTheReportPathAndIsReproducible() throws IOException {
        Path a = dir.resolve("a");
        CliRunner.Result r = CliRunner.run("run", "--runs", "3", "--out", a.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("report: " + a.resolve("report.html"));
        assertThat(Files.readString(a.resolve("report.html"))).contains("P000").contains("Window searches");
        List<String> csv = Files.readAllLines(a.resolve("strategies.csv"));
        assertThat(csv.get(0)).isEqualTo("strategy,found,start,finish,runtime,cost,processorTime");
        assertThat(csv).hasSize(1 + org.metasched.window.WindowSearches.names().size());
        List<String> table = Files.readAllLines(a.resolve("table.csv"));
        assertThat(table).hasSize(1 + 2 * 5);
        Path b = dir.resolve("b");
        CliRunner.run("run", "--runs", "3", "--threads", "1", "--out", b.toString());
        assertThat(Files.readAllLines(b.resolve("strategies.csv"))).isEqualTo(csv);
        assertThat(Files.readAllLines(b.resolve("table.csv"))).isEqualTo(table);
    }

    @Test
    void badRunsIsBadInputAndWritesNothing() {
        CliRunner.Result r =
                CliRunner.run("run", "--runs", "0", "--out", dir.resolve("c").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--runs: must be >= 1, got 0");
        assertThat(Files.exists(dir.resolve("c"))).isFalse();
    }
}
