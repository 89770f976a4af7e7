package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.service.JournalReplay;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The offline commands' tables (batch, select, journal replay) never show as 0 a number that is not 0: a cost of
 * about 1e-6 showed as 0 and an availability of 1e-9 as 0.000000, which read as "free" and "never available". Each
 * shows {@link Numbers#shown}, its first 4 significant digits; the JSON output is the data's number as before.
 */
class SmallNumbersInTablesTest {
    static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    /** {@code example}'s prices and budgets ({@code jobs} a list or {@code job} one) times 1e-8. */
    private Path tinyPrices(String example, String jobs) throws IOException {
        ObjectNode tree = (ObjectNode) JSON.readTree(Files.readString(examples().resolve(example)));
        for (JsonNode n : tree.get("nodes")) {
            ((ObjectNode) n).put("price", n.get("price").asDouble() * 1e-8);
        }
        JsonNode j = tree.get(jobs);
        for (JsonNode job : j.isArray() ? j : List.of(j)) {
            ((ObjectNode) job).put("budget", job.get("budget").asDouble() * 1e-8);
        }
        return Files.writeString(dir.resolve(example), tree.toString());
    }

    private static Path examples() {
        return BatchCommandTest.example().getParent();
    }

    @Test
    void batchTableShowsATinyCost() throws IOException {
        Path file = tinyPrices("batch-small.json", "jobs");
        CliRunner.Result json = CliRunner.run("batch", "-i", file.toString());
        CliRunner.Result table = CliRunner.run("batch", "-i", file.toString(), "-f", "table");
        assertThat(table.exitCode()).as(table.err()).isZero();
        JsonNode plan = JSON.readTree(json.out());
        for (JsonNode j : plan.get("jobs")) {
            double cost = j.get("alternatives")
                    .get(j.get("chosen").asInt())
                    .get("cost")
                    .asDouble();
            assertThat(cost).isStrictlyBetween(0.0, 0.00005); // rounds to 0 at 4 decimals
            String row = table.out()
                    .lines()
                    .filter(l -> l.startsWith(j.get("id").asString() + " "))
                    .findFirst()
                    .orElseThrow();
            assertThat(row.trim().split(" +", -1)[6]).as(row).isEqualTo(Numbers.shown(cost));
        }
        assertThat(table.out()).contains(" 0.00000118 "); // JA's 1.18e-6
    }

    @Test
    void selectTableShowsATinyCostAndATinyAvailability() throws IOException {
        Path file = tinyPrices("select-small.json", "job");
        CliRunner.Result json = CliRunner.run("select", "-i", file.toString(), "-s", "min-cost");
        CliRunner.Result table = CliRunner.run("select", "-i", file.toString(), "-s", "min-cost", "-f", "table");
        assertThat(table.exitCode()).as(table.err()).isZero();
        double cost = JSON.readTree(json.out()).get("cost").asDouble();
        assertThat(cost).isStrictlyBetween(0.0, 0.00005);
        assertThat(table.out())
                .contains("cost           0.00000152\n")
                .contains("cost           " + Numbers.shown(cost));

        ObjectNode tree = (ObjectNode) JSON.readTree(Files.readString(examples().resolve("select-availability.json")));
        for (JsonNode n : tree.get("nodes")) {
            ((ObjectNode) n).put("occupancy", 0.999); // three nodes free together: 1e-9
        }
        Path busy = Files.writeString(dir.resolve("busy.json"), tree.toString());
        CliRunner.Result a =
                CliRunner.run("select", "-i", busy.toString(), "-s", "availability-knapsack", "-f", "table");
        assertThat(a.exitCode()).as(a.err()).isZero();
        assertThat(a.out()).contains("availability   0.000000001\n");
    }

    @Test
    void journalReplayTableShowsTinyCostsAndTimes() {
        JournalReplay.Plan stored =
                new JournalReplay.Plan("css", "min-cost", "processor-time", true, 3e-6, 1, 3e-6, 2e-5);
        JournalReplay.Plan replanned =
                new JournalReplay.Plan("css", "min-cost", "processor-time", true, 3e-6, 1, 3e-6, 2e-5);
        JournalReplay.Row row = new JournalReplay.Row(1, 4e-5, 1, 1, stored, replanned, true);
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            JournalCommand.Replay.print(o, new JournalReplay.Result(List.of(row), true));
        }
        String cycle = w.toString()
                .lines()
                .filter(l -> l.startsWith("     1 "))
                .findFirst()
                .orElseThrow();
        assertThat(cycle.trim().split(" +", -1))
                .containsExactly(
                        "1",
                        "0.00004",
                        "1",
                        "css",
                        "0.000003",
                        "1",
                        "0.000003",
                        "0.00002",
                        "css",
                        "0.000003",
                        "1",
                        "0.000003",
                        "0.00002",
                        "0",
                        "yes");
    }
}
