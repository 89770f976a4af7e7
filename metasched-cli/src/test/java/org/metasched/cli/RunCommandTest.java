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
    void theDefaultScenarioComparesEveryStrategyAndIsReproducible() throws IOException {
        CliRunner.Result r = CliRunner.run("run", "--out", dir.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> csv = Files.readAllLines(dir.resolve("strategies.csv"));
        assertThat(csv.get(0)).isEqualTo("strategy,found,start,finish,runtime,cost,processorTime");
        assertThat(csv).hasSize(1 + org.metasched.window.WindowSearches.names().size());
        CliRunner.Result again =
                CliRunner.run("run", "--out", dir.resolve("again").toString());
        assertThat(Files.readAllLines(dir.resolve("again").resolve("strategies.csv")))
                .isEqualTo(csv);
    }
}
