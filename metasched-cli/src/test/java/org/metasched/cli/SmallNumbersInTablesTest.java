package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangSummary;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemorySummary;
import org.metasched.pipeline.gang.GangPipeline;
import org.metasched.pipeline.memory.MemoryPipeline;
import org.metasched.service.JournalReplay;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The offline commands' tables (batch, select, journal replay) never show as 0 a number that is not 0: a cost of
 * about 1e-6 showed as 0 and an availability of 1e-9 as 0.000000, which read as "free" and "never available". Each
 * shows {@link Numbers#shown}, its first 4 significant digits; the JSON output is the data's number as before. Those
 * digits are wider than the columns were ({@code 0.00000118} in a 9-wide one): the columns widen to them, so the rows
 * stay aligned (as they do for a long id). gang's and memory's summaries follow the same rule on the terminal.
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
        assertAligned(jobLines(table.out()));
    }

    /** The lines of batch's table of jobs: from its heading to the end. */
    private static List<String> jobLines(String out) {
        List<String> lines = out.lines().toList();
        return lines.subList(
                lines.indexOf(lines.stream()
                        .filter(l -> l.startsWith("job "))
                        .findFirst()
                        .orElseThrow()),
                lines.size());
    }

    @Test
    void batchAndSelectTablesWidenToALongId() throws IOException {
        String batch =
                Files.readString(examples().resolve("batch-small.json")).replace("\"JA\"", "\"a-job-with-a-long-id\"");
        Path file = Files.writeString(dir.resolve("long-id.json"), batch);
        CliRunner.Result table = CliRunner.run("batch", "-i", file.toString(), "-f", "table");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).contains("a-job-with-a-long-id ");
        assertAligned(jobLines(table.out()));

        String select = Files.readString(examples().resolve("select-small.json"))
                .replaceAll("\"id\": \"(s[0-9])\"", "\"id\": \"node-with-a-long-name-$1\"");
        Path nodes = Files.writeString(dir.resolve("long-nodes.json"), select);
        CliRunner.Result s = CliRunner.run("select", "-i", nodes.toString(), "-s", "min-cost", "-f", "table");
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.out()).contains("node-with-a-long-name-s3 ");
        assertAligned(allocationLines(s.out()));
    }

    /** The lines of select's table of allocations: from its heading to the next blank line. */
    private static List<String> allocationLines(String out) {
        List<String> lines = out.lines().toList();
        int from = lines.indexOf(
                lines.stream().filter(l -> l.startsWith("node ")).findFirst().orElseThrow());
        int to = from;
        while (to < lines.size() && !lines.get(to).isEmpty()) {
            to++;
        }
        return lines.subList(from, to);
    }

    /** Every time of select-small.json times 1.23456e-9: the allocations' times are 13 characters, their column 12. */
    @Test
    void selectAllocationsStayAlignedWithTinyTimes() throws IOException {
        double f = 1.23456e-9;
        ObjectNode tree = (ObjectNode) JSON.readTree(Files.readString(examples().resolve("select-small.json")));
        tree.putArray("horizon").add(0.0).add(60 * f);
        for (JsonNode n : tree.get("nodes")) {
            JsonNode given = n.get("busy");
            ArrayNode busy = ((ObjectNode) n).putArray("busy");
            for (JsonNode b : given) {
                busy.addArray().add(b.get(0).asDouble() * f).add(b.get(1).asDouble() * f);
            }
        }
        ObjectNode job = (ObjectNode) tree.get("job");
        job.put("volume", job.get("volume").asDouble() * f);
        Path file = Files.writeString(dir.resolve("tiny-times.json"), tree.toString());
        CliRunner.Result table = CliRunner.run("select", "-i", file.toString(), "-s", "min-cost", "-f", "table");
        assertThat(table.exitCode()).as(table.err()).isZero();
        List<String> allocations = allocationLines(table.out());
        assertThat(allocations.get(1)).contains(" 0.00000003086 0.00000005556 0.00000002469");
        assertAligned(allocations);
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
        String cycle = replay(row).stream()
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

    /**
     * A cost of 1.23456e-7 ({@code 0.0000001235}, 12 characters in a 10-wide column) and a difference of 1.23456e-8:
     * the columns and the headings over them widen, every line of the table is as long as the heading's, and the
     * difference shows as the other columns do ({@code +0.00000001235}; it showed {@code +1.2e-08}).
     */
    @Test
    void journalReplayTableStaysAlignedAndShowsATinyDifferenceAsTheOtherColumns() {
        JournalReplay.Plan stored =
                new JournalReplay.Plan("css", "min-cost", "processor-time", true, 1e-8, 1, 1.23456e-7, 2e-5);
        JournalReplay.Plan replanned =
                new JournalReplay.Plan("css", "min-cost", "processor-time", true, 2.23456e-8, 1, 1.23456e-7, 2e-5);
        JournalReplay.Plan same = new JournalReplay.Plan("css", "min-cost", "processor-time", true, 190, 4, 715, 190);
        List<String> lines = replay(
                new JournalReplay.Row(1, 0, 1, 1, stored, replanned, false),
                new JournalReplay.Row(2, 60, 4, 4, same, same, true));
        String heading = lines.get(0);
        String header = lines.get(1);
        List<String> cycles = lines.subList(2, 4);
        String total = lines.get(4);
        assertThat(total).startsWith(" total ");
        assertThat(cycles.get(0).trim().split(" +", -1)[13]).isEqualTo("+0.00000001235");
        assertThat(cycles.get(0)).contains(" 0.0000001235 ").doesNotContain("e-");
        assertThat(total).contains(" +0.00000001235 ");
        List<String> table = new ArrayList<>(List.of(header));
        table.addAll(cycles);
        assertAligned(table);
        for (String l : List.of(cycles.get(0), cycles.get(1), total)) {
            assertThat(l).as(l).hasSameSizeAs(header);
        }
        // the headings start over the plans' first column and end with their last
        int stored1 = header.indexOf(" scheme ") + 1;
        int stored2 = header.indexOf(" scheme ", stored1) + 1;
        assertThat(heading.indexOf("stored ---")).isEqualTo(stored1);
        assertThat(heading.indexOf("re-planned ---")).isEqualTo(stored2);
        assertThat(heading.indexOf("-  re-planned") + 1).isEqualTo(stored2 - 2);
    }

    /** The table journal replay prints for {@code rows}, from the heading over the plans to the totals. */
    private static List<String> replay(JournalReplay.Row... rows) {
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            JournalCommand.Replay.print(o, new JournalReplay.Result(List.of(rows), true));
        }
        return w.toString().lines().limit(rows.length + 3).toList();
    }

    /**
     * gang's summary on the terminal: a LoC of 0.0004 % showed as {@code 0.000}, a utilization of 3e-5 as
     * {@code 0.0000}, an ART of 0.04 s as {@code 0.0}; the numbers that do not round to 0 show as before.
     */
    @Test
    void gangSummaryNeverShowsATinyNumberAsZero() {
        GangSummary s = new GangSummary(
                "1",
                List.of(128, 256),
                10,
                10,
                0,
                0.04,
                0.04,
                0.0004,
                List.of(1.23456e-5, 53.0712),
                0,
                3e-5,
                3e-5,
                0.52049,
                100,
                0,
                0,
                100,
                0,
                0,
                0);
        Map<String, double[]> overRuns = Map.of("art", new double[] {1e-6, 2e-7});
        GangPipeline.Result r = new GangPipeline.Result(
                Path.of("trace.swf"), GangConfig.DEFAULTS, null, List.of(s, s), overRuns, Map.of());
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            GangCommand.print(o, r);
        }
        assertThat(w.toString())
                .contains("ART           0.04 s\n")
                .contains("AWT           0.04 s\n")
                .contains("LoC           0.0004 % grid-wide; per cluster [0.00001235, 53.071]\n")
                .contains("utilization   0.00003 (D16), 0.5205 busy processors\n")
                .contains("art                    0.000001 +- 0.0000002 (95 %)\n");
    }

    /**
     * memory's summary on the terminal: utilizations of 2e-5 showed as {@code 0.0000}, a class's mean queue of
     * 1.23456e-7 as 0; its table of classes widens to the digits ({@code 0.0000001235} in the 10-wide mean pool).
     */
    @Test
    void memorySummaryNeverShowsATinyNumberAsZeroAndItsClassesStayAligned() {
        List<ClassSummary> classes = List.of(
                new ClassSummary(1, 1, 10, 1.5, 2.25, 0.5, 1, 1.23456e-7, 1.23456e-7),
                new ClassSummary(2, 2, 12, 2.5, 3.25, 0.75, 1.5, 0.25, 2));
        MemorySummary s = new MemorySummary("adaptive", 22, 2e-5, 0.7375, 1e-6, 2, 0.5, 1, 3, 0, 0, 20, classes);
        MemoryPipeline.Result r =
                new MemoryPipeline.Result(MemoryConfig.defaults(), null, List.of(s), Map.of(), Map.of());
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            MemoryCommand.print(o, r);
        }
        String out = w.toString();
        assertThat(out)
                .contains("utilization   cores 0.00002, memory 0.7375\n")
                .contains("flowtime (s)  mean 0.000001, p95 2; wait mean 0.5\n");
        List<String> lines = out.lines().toList();
        int from = lines.indexOf(
                lines.stream().filter(l -> l.startsWith("class ")).findFirst().orElseThrow());
        List<String> table = lines.subList(from, from + 3).stream() // one cell each, at the same places
                .map(l -> l.replace(" (", "_(")
                        .replace(" GiB)", "_GiB)")
                        .replace("mean ", "mean_")
                        .replace("p95 ", "p95_"))
                .toList();
        assertThat(table.get(0)).contains(" mean_queue").contains(" mean_pool");
        assertThat(table.get(1)).contains(" 0.0000001235 0.0000001235");
        assertAligned(table);
    }

    /**
     * The lines of a table whose cells have no spaces: as many cells in every line, and each column's cells end at
     * one position (right-aligned) or start at one (left-aligned) in every line.
     */
    static void assertAligned(List<String> lines) {
        List<List<int[]>> cells =
                lines.stream().map(SmallNumbersInTablesTest::cells).toList();
        String table = String.join("\n", lines);
        for (List<int[]> c : cells) {
            assertThat(c).as(table).hasSameSizeAs(cells.get(0));
        }
        for (int i = 0; i < cells.get(0).size(); i++) {
            Set<Integer> starts = new HashSet<>();
            Set<Integer> ends = new HashSet<>();
            for (List<int[]> c : cells) {
                starts.add(c.get(i)[0]);
                ends.add(c.get(i)[1]);
            }
            assertThat(starts.size() == 1 || ends.size() == 1)
                    .as("column %d of%n%s", i + 1, table)
                    .isTrue();
        }
    }

    /** Start and end of each run of characters other than spaces. */
    private static List<int[]> cells(String line) {
        List<int[]> cells = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            if (line.charAt(i) == ' ') {
                i++;
                continue;
            }
            int start = i;
            while (i < line.length() && line.charAt(i) != ' ') {
                i++;
            }
            cells.add(new int[] {start, i});
        }
        return cells;
    }
}
