package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/nodes/{id}} names the jobs holding the node exactly as {@code GET /v1/view} does: a user its own, the
 * operator all, an owner none; the others' are there with {@code job} null (it showed every user's job ids).
 */
class NodeReservationsVisibilityTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    /** The reservations' job ids of node a1 (null for hidden ones), by start. */
    private static List<String> nodeJobs(Client c, String token) {
        Client.Response r = c.get("/v1/nodes/a1", token);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        for (JsonNode h : r.json().get("reservations")) {
            out.add(h.get("job").isNull() ? null : h.get("job").asString());
        }
        return out;
    }

    /** The view's reservations' job ids (null for anonymised ones), by start: the same order on one node. */
    private static List<String> viewJobs(Client c, String token) {
        Client.Response r = c.get("/v1/view", token);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        List<JsonNode> all = new ArrayList<>();
        r.json().get("reservations").forEach(all::add);
        all.sort((a, b) ->
                Double.compare(a.get("start").asDouble(), b.get("start").asDouble()));
        List<String> out = new ArrayList<>();
        for (JsonNode h : all) {
            out.add(h.get("job").isNull() ? null : h.get("job").asString());
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aNodeNamesOnlyTheJobsTheCallerSeesInTheView(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            for (String user : List.of(CAROL, DAVE)) {
                Client.Response j = c.post("/v1/jobs", user, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
                assertThat(j.status()).as(j.toString()).isEqualTo(201);
            }
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(nodeJobs(c, OP)).containsExactly("j1", "j2");
            assertThat(nodeJobs(c, CAROL)).containsExactly("j1", null);
            assertThat(nodeJobs(c, DAVE)).containsExactly(null, "j2");
            assertThat(nodeJobs(c, ALICE)).containsExactly(null, null);
            for (String token : List.of(OP, CAROL, DAVE, ALICE)) {
                assertThat(nodeJobs(c, token)).isEqualTo(viewJobs(c, token));
            }
            // the owner's PUT answers the node as its GET does
            Client.Response put = c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":2}");
            assertThat(put.json().get("reservations").get(0).get("job").isNull())
                    .isTrue();
            // nor do the conflicts name them: the owner's busy time over a reservation, a quote taken by another user
            Client.Response busy = c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":2,\"busy\":[[0,5]]}");
            assertThat(busy.status()).as(busy.toString()).isEqualTo(409);
            assertThat(busy.detail())
                    .isEqualTo("busy interval [0, 5) overlaps a reservation [0, 10) on node a1; choose other times");
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            Client.Response d = c.post("/v1/quotes", DAVE, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            assertThat(c.post("/v1/quotes/" + d.json().get("id").asString() + "/accept", DAVE, null)
                            .status())
                    .isEqualTo(201);
            Client.Response taken = c.post("/v1/quotes/" + q.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(taken.status()).as(taken.toString()).isEqualTo(409);
            assertThat(taken.detail()).contains("another user's job holds node a1 in [20, 30)");
            assertThat(taken.detail()).doesNotContain("j3");
        }
    }
}
