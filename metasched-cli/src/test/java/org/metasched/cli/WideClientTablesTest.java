package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A quote's windows and a cycle's jobs keep their columns in line whatever a cell's length, as the other client tables
 * do ({@link WideColumns}): a cost of -3000000000002.469 or a time near 9e15 pushed every later column of its row out
 * of line. Cells that fit print as before.
 */
class WideClientTablesTest {
    private static String print(BiConsumer<PrintWriter, JsonNode> table, String json) {
        StringWriter out = new StringWriter();
        try (PrintWriter o = new PrintWriter(out)) {
            table.accept(o, JsonMapper.builder().build().readTree(json));
        }
        return out.toString();
    }

    private static String quote(String start, String cost) {
        return "{\"id\":\"q1\",\"status\":\"open\",\"time\":0,\"expires\":60,\"windows\":["
                + "{\"criterion\":\"finish\",\"start\":" + start + ",\"finish\":30,\"runtime\":30,\"cost\":" + cost
                + ",\"processorTime\":45,\"slots\":[{\"node\":\"a1\",\"owner\":\"alice\"},{\"node\":\"b1\","
                + "\"owner\":\"bob\"}]},"
                + "{\"criterion\":\"csa\",\"start\":0,\"finish\":40,\"runtime\":40,\"cost\":90,\"processorTime\":60,"
                + "\"slots\":[{\"node\":\"a2\",\"owner\":\"alice\"}]}]}";
    }

    private static String cycle(String start, String cost) {
        return "{\"cycle\":1,\"time\":0,\"scheme\":\"css\",\"problem\":\"min-time\",\"feasible\":true,\"limit\":1185,"
                + "\"objective\":291,\"reserved\":[\"j1\"],\"queued\":[\"j2\"],\"failed\":[\"j3\"],\"dropped\":[],"
                + "\"jobs\":[{\"id\":\"j1\",\"subBatch\":1,\"chosen\":1,\"alternatives\":[{},{\"start\":" + start
                + ",\"finish\":214,\"cost\":" + cost + ",\"processorTime\":42}]},"
                + "{\"id\":\"j2\",\"subBatch\":1,\"chosen\":null,\"alternatives\":[]}],"
                + "\"reasons\":{\"j3\":\"cycle 1: it needs 3 nodes, the VO has 2 now\"}}";
    }

    /**
     * Whether {@code lastCells}, the last cells of the rows after the line starting {@code header}, start where that
     * line's last column does.
     */
    private static void inLine(String out, String header, List<String> lastCells) {
        List<String> lines = out.lines().toList();
        int h = lines.indexOf(
                lines.stream().filter(l -> l.startsWith(header)).findFirst().orElseThrow());
        int column = lines.get(h).lastIndexOf("  ") + 2;
        for (int i = 0; i < lastCells.size(); i++) {
            assertThat(lines.get(h + 1 + i).indexOf(lastCells.get(i))).as(out).isEqualTo(column);
        }
    }

    @Test
    void aQuoteThatFitsPrintsAsBefore() {
        assertThat(print(MoneyCommands::quote, quote("0", "117")))
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "quote      q1 (open; made at 0, accept before 60)",
                        "",
                        "criterion      start    finish   runtime      cost  procTime  slots (node/owner)",
                        "finish             0        30        30       117        45  a1/alice,b1/bob",
                        "csa                0        40        40        90        60  a2/alice",
                        ""));
    }

    @Test
    void aWideQuoteCellWidensItsColumn() {
        String out = print(MoneyCommands::quote, quote("9007199254740000", "-3000000000002.469"));
        assertThat(out).contains("finish     9007199254740000        30        30 -3000000000002.469        45  a1/");
        inLine(out, "criterion", List.of("a1/alice,b1/bob", "a2/alice"));
    }

    @Test
    void aCycleThatFitsPrintsAsBefore() {
        assertThat(print(ClientTables::cycle, cycle("184", "117")))
                .endsWith(String.join(
                        System.lineSeparator(),
                        "job       sub  alts  chosen     start    finish      cost  procTime  outcome",
                        "j1          1     2       1       184       214       117        42  reserved",
                        "j2          1     0       -         -         -         -         -  queued",
                        "j3          -     -       -         -         -         -         -  failed, not in the batch:"
                                + " cycle 1: it needs 3 nodes, the VO has 2 now",
                        ""));
    }

    @Test
    void aWideCycleCellWidensItsColumn() {
        String out = print(ClientTables::cycle, cycle("9007199254740000", "-3000000000002.469"));
        assertThat(out).contains("j1          1     2       1 9007199254740000       214 -3000000000002.469        42");
        inLine(out, "job ", List.of("reserved", "queued", "failed, not in the batch"));
    }

    /** A job's slots and a node's reservations, one line each, keep their columns in line too. */
    @Test
    void aJobsSlotsAndANodesReservationsKeepTheirColumns() {
        String job = print(
                ClientTables::job,
                "{\"id\":\"j1\",\"state\":\"reserved\",\"user\":\"carol\",\"nodes\":2,\"volume\":60,"
                        + "\"budget\":600,\"criterion\":\"cost\",\"deadline\":null,\"submitted\":0,"
                        + "\"cyclesWaited\":0,\"cycle\":1,\"ended\":null,\"reservation\":{\"start\":0,"
                        + "\"finish\":9007199254740000,\"cost\":5,\"processorTime\":9,\"slots\":["
                        + "{\"node\":\"a1\",\"start\":0,\"end\":9007199254740000},"
                        + "{\"node\":\"b1\",\"start\":0,\"end\":30}]}}");
        assertThat(job)
                .contains("  slot        a1                 0 9007199254740000" + System.lineSeparator()
                        + "  slot        b1                 0               30" + System.lineSeparator());
        String node = print(
                ClientTables::node,
                "{\"id\":\"a1\",\"owner\":\"alice\",\"performance\":1,\"price\":1,\"busy\":[],"
                        + "\"reservations\":[{\"job\":\"j1\",\"start\":10,\"end\":20},"
                        + "{\"job\":\"j2\",\"start\":9007199254740000,\"end\":9007199254740010}]}");
        assertThat(node)
                .contains("  reserved    j1                     10               20" + System.lineSeparator()
                        + "  reserved    j2       9007199254740000 9007199254740010" + System.lineSeparator());
    }
}
