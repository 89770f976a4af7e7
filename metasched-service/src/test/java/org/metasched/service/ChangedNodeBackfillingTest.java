package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * Backfilling after an owner made a node slower: a reservation keeps the lengths it was made with, which the node no
 * longer gives, so a re-search on the current nodes may find only a later window. Such a job keeps its reservation
 * (every early end, cancellation and forced withdrawal on the VO was a 500: {@code job j2 moved later while
 * compressing}); one that finds an earlier window moves there, with the node's current lengths.
 */
class ChangedNodeBackfillingTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static void node(Client c, String id, double performance, double price, String busy) {
        Client.Response r = c.put(
                "/v1/nodes/" + id,
                ALICE,
                "{\"performance\":" + performance + ",\"price\":" + price + ",\"busy\":" + busy + "}");
        assertThat(r.status()).as(r.toString()).isIn(200, 201);
    }

    private static void submit(Client c, int nodes) {
        Client.Response r = c.post(
                "/v1/jobs", CAROL, "{\"nodes\":" + nodes + ",\"volume\":30,\"budget\":1000,\"criterion\":\"start\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
    }

    private static JsonNode reservation(Client c, String job) {
        Client.Response r = c.get("/v1/jobs/" + job, CAROL);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json().get("reservation");
    }

    /** The reservation's slots as {@code node start end}, one per line. */
    private static String slots(Client c, String job) {
        StringBuilder s = new StringBuilder();
        for (JsonNode sl : reservation(c, job).get("slots")) {
            s.append(sl.get("node").asString())
                    .append(' ')
                    .append(sl.get("start").asDouble())
                    .append(' ')
                    .append(sl.get("end").asDouble())
                    .append('\n');
        }
        return s.toString();
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aReservationTheSlowerNodeCannotGiveEarlierStaysAsItIs(TestDatabases db) {
        Map<String, String> settings = Map.of("scheme", "backfill", "backfilling", "on");
        try (TestService s = TestService.start(db, dir, settings)) {
            Client c = s.client;
            node(c, "a1", 3, 1, "[]");
            node(c, "a2", 3, 1, "[]");
            node(c, "a3", 3, 5, "[[10,1000]]"); // free only before 10
            for (int i = 0; i < 3; i++) {
                submit(c, 2); // j1..j3 on a1 and a2 at 0, 10 and 20, each task 30 / 3 = 10 long
            }
            submit(c, 1); // j4 on a3 at 0
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(slots(c, "j2")).isEqualTo("a1 10.0 20.0\na2 10.0 20.0\n");
            assertThat(slots(c, "j3")).isEqualTo("a1 20.0 30.0\na2 20.0 30.0\n");
            assertThat(slots(c, "j4")).isEqualTo("a3 0.0 10.0\n");
            // a1 is three times slower now: a task on it takes 30; the reservations keep their lengths
            node(c, "a1", 1, 1, "[]");
            assertThat(slots(c, "j2")).isEqualTo("a1 10.0 20.0\na2 10.0 20.0\n");

            // withdrawing a3 cancels j4: j2's re-search on a1 finds 30 free only after j3, at 30
            Client.Response del = c.delete("/v1/nodes/a3?force=true", ALICE);
            assertThat(del.status()).as(del.toString()).isEqualTo(200);
            assertThat(slots(c, "j2")).isEqualTo("a1 10.0 20.0\na2 10.0 20.0\n");
            assertThat(slots(c, "j3")).isEqualTo("a1 20.0 30.0\na2 20.0 30.0\n");

            // j1 ends at 2: j2 still finds nothing earlier; j3 would start at 20 again, but cost 40 instead of 20
            assertThat(c.post("/v1/clock", OP, "{\"to\":5}").status()).isEqualTo(200);
            Client.Response fin = c.post("/v1/jobs/j1/finished", CAROL, "{\"runtime\":2}");
            assertThat(fin.status()).as(fin.toString()).isEqualTo(200);
            assertThat(slots(c, "j2")).isEqualTo("a1 10.0 20.0\na2 10.0 20.0\n");
            assertThat(slots(c, "j3")).isEqualTo("a1 20.0 30.0\na2 20.0 30.0\n");
            assertThat(reservation(c, "j3").get("cost").asDouble()).isEqualTo(20.0);

            // cancelling j2 frees a1 from 5 on: j3 moves there, with a1's current length
            Client.Response cancel = c.delete("/v1/jobs/j2", CAROL);
            assertThat(cancel.status()).as(cancel.toString()).isEqualTo(200);
            assertThat(slots(c, "j3")).isEqualTo("a1 5.0 35.0\na2 5.0 15.0\n");
            assertThat(reservation(c, "j3").get("cost").asDouble()).isEqualTo(40.0);
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
