package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesATidyTableAndTheSameNumbersWhateverTheThreads() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        CliRunner.Result r =
                CliRunner.run("reproduce", "p000-table2", "--runs", "2", "--threads", "1", "--out", a.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("bf-finish").contains("paper");
        List<String> csv = Files.readAllLines(a.resolve("table.csv"));
        assertThat(csv.get(0)).isEqualTo("queueLength,algorithm,meanFinish,meanCost,runs");
        assertThat(csv).hasSize(1 + 4 * 5);
        assertThat(csv.get(1)).startsWith("50,bf-start,");
        CliRunner.run("reproduce", "p000-table2", "--runs", "2", "--threads", "2", "--out", b.toString());
        assertThat(Files.readAllLines(b.resolve("table.csv"))).isEqualTo(csv);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a", "b");
        }
    }

    @Test
    void badTargetAndBadRunsAreBadInput() {
        CliRunner.Result t = CliRunner.run(
                "reproduce", "p000-table9", "--out", dir.resolve("x").toString());
        assertThat(t.exitCode()).isEqualTo(2);
        assertThat(t.err()).contains("unknown target 'p000-table9'");
        CliRunner.Result r = CliRunner.run(
                "reproduce",
                "p000-table2",
                "--runs",
                "0",
                "--out",
                dir.resolve("y").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--runs: must be >= 1, got 0");
        assertThat(Files.exists(dir.resolve("x"))).isFalse();
        assertThat(Files.exists(dir.resolve("y"))).isFalse();
    }
}
