package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The client's job table speaks of one node in the singular ("request 1 node, ..."), of more in the plural. */
class ClientTablesTest {
    private static String request(int nodes) {
        return request(nodes, "60");
    }

    private static String request(int nodes, String volume) {
        return request(nodes, volume, "");
    }

    private static String request(int nodes, String volume, String more) {
        JsonNode j = JsonMapper.builder()
                .build()
                .readTree("{\"id\":\"j1\",\"state\":\"queued\",\"user\":\"user\",\"nodes\":"
                        + nodes
                        + ",\"volume\":" + volume
                        + ",\"budget\":600," + more + "\"criterion\":\"cost\",\"deadline\":null,\"submitted\":0,"
                        + "\"cyclesWaited\":0,\"started\":null,\"ended\":null}");
        StringWriter out = new StringWriter();
        try (PrintWriter o = new PrintWriter(out)) {
            ClientTables.job(o, j);
        }
        return out.toString()
                .lines()
                .filter(l -> l.startsWith("request"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void oneNodeIsSingular() {
        assertThat(request(1)).isEqualTo("request       1 node, volume 60, budget 600, criterion cost");
        assertThat(request(2)).isEqualTo("request       2 nodes, volume 60, budget 600, criterion cost");
    }

    /** The nodes' limits of a request are shown when it has them (they were left out). */
    @Test
    void theNodesLimitsAreShown() {
        assertThat(request(2, "60", "\"minPerformance\":0,\"maxPrice\":null,"))
                .isEqualTo("request       2 nodes, volume 60, budget 600, criterion cost");
        assertThat(request(2, "60", "\"minPerformance\":2.5,\"maxPrice\":4,"))
                .isEqualTo("request       2 nodes, volume 60, budget 600, criterion cost, min performance 2.5, max"
                        + " price 4");
    }

    /** A volume of 1e-6 showed as 0 (4 decimals): a value that is not 0 is never shown as 0 (NumbersTest). */
    @Test
    void aTinyVolumeIsNotShownAsZero() {
        assertThat(request(1, "1.0E-6")).isEqualTo("request       1 node, volume 0.000001, budget 600, criterion cost");
        assertThat(request(1, "60.123456"))
                .isEqualTo("request       1 node, volume 60.1235, budget 600, criterion cost");
    }

    /**
     * A cycle whose every waiting job was left out of the batch (too-few-nodes) listed no job at all: its jobs are
     * shown under the batch's, with what became of them and why.
     */
    @Test
    void theJobsLeftOutOfACycleAreShownWithTheirReasons() {
        JsonNode c = JsonMapper.builder()
                .build()
                .readTree("{\"cycle\":3,\"time\":0,\"scheme\":\"css\",\"problem\":\"min-time\",\"feasible\":true,"
                        + "\"limit\":null,\"objective\":0,\"jobs\":[],\"reserved\":[],\"queued\":[\"j2\"],"
                        + "\"failed\":[\"j1\"],\"dropped\":[],\"reasons\":{"
                        + "\"j1\":\"no window in 3 cycles (last: cycle 3: it needs 2 nodes, the VO has 1 now)\","
                        + "\"j2\":\"cycle 3: it needs 3 nodes, the VO has 1 now\"}}");
        StringWriter out = new StringWriter();
        try (PrintWriter o = new PrintWriter(out)) {
            ClientTables.cycle(o, c);
        }
        assertThat(out.toString().lines().toList())
                .containsSubsequence(
                        "jobs       0 reserved, 1 queued, 1 failed",
                        "job       sub  alts  chosen     start    finish      cost  procTime  outcome",
                        "j1          -     -       -         -         -         -         -  failed, not in the batch:"
                                + " no window in 3 cycles (last: cycle 3: it needs 2 nodes, the VO has 1 now)",
                        "j2          -     -       -         -         -         -         -  queued, not in the batch:"
                                + " cycle 3: it needs 3 nodes, the VO has 1 now");
    }
    /** The jobs' table shows what an ended job paid beside what it reserved ('-' before it ends). */
    @Test
    void theJobsTableShowsWhatAnEndedJobPaid() {
        String slots = "\"slots\":[{\"node\":\"a1\",\"start\":0,\"end\":5,\"plannedEnd\":20}]";
        JsonNode list = JsonMapper.builder()
                .build()
                .readTree("[{\"id\":\"j1\",\"state\":\"done\",\"user\":\"carol\",\"nodes\":1,\"volume\":20,"
                        + "\"budget\":100,\"criterion\":\"cost\",\"reservation\":{\"start\":0,\"finish\":20,"
                        + "\"cost\":80,\"paid\":20," + slots + "}},"
                        + "{\"id\":\"j2\",\"state\":\"reserved\",\"user\":\"carol\",\"nodes\":1,\"volume\":20,"
                        + "\"budget\":100,\"criterion\":\"cost\",\"reservation\":{\"start\":20,\"finish\":40,"
                        + "\"cost\":80,\"paid\":null," + slots + "}}]");
        StringWriter out = new StringWriter();
        try (PrintWriter o = new PrintWriter(out)) {
            ClientTables.jobs(o, list);
        }
        assertThat(out.toString().lines().toList())
                .containsExactly(
                        "job      state     user     nodes   volume   budget crit         start    finish      cost"
                                + "      paid  slots",
                        "j1       done      carol        1       20      100 cost             0        20        80"
                                + "        20  a1",
                        "j2       reserved  carol        1       20      100 cost            20        40        80"
                                + "         -  a1");
    }
}
