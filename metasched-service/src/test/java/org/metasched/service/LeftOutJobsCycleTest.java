package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * QA: a job a cycle leaves out of its batch (too-few-nodes: a node was withdrawn after its submission; too-small: its
 * task is tiny beside a fast node) got its why and counted the cycle toward max-cycles only when another job was
 * planned in the same cycle. Alone, no cycle was recorded, {@code POST /v1/cycles} answered "no job is waiting (or no
 * node is published): nothing to plan", its why stayed "not-planned" and it never failed. A cycle of only such jobs is
 * now a cycle like any other.
 */
class LeftOutJobsCycleTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    @Test
    void aLoneJobThatNeedsMoreNodesThanTheVoHasWaitsWithItsWhyAndFailsAfterMaxCycles() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("max-cycles", "3"))) {
            Client c = s.client;
            node(c, "a1", 4);
            node(c, "a2", 4);
            String pair = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000}");
            assertThat(c.delete("/v1/nodes/a2", ALICE).status()).isEqualTo(200);
            String tooFew = "it needs 2 nodes, the VO has 1 now";
            for (int n = 1; n <= 3; n++) {
                Client.Response r = c.post("/v1/cycles", OP, null);
                assertThat(r.status()).as(r.body()).isEqualTo(201);
                assertThat(r.json().get("cycle").asLong()).isEqualTo(n);
                assertThat(r.json().get("jobs")).isEmpty();
                if (n < 3) {
                    assertThat(ids(r.json().get("queued"))).containsExactly(pair);
                    JsonNode why = c.get("/v1/jobs/" + pair + "/why", CAROL).json();
                    assertThat(why.get("state").asString()).isEqualTo("queued");
                    assertThat(why.get("why").get("kind").asString()).isEqualTo("too-few-nodes");
                    assertThat(why.get("why").get("message").asString()).isEqualTo("cycle " + n + ": " + tooFew);
                    assertThat(c.get("/v1/jobs/" + pair, CAROL)
                                    .json()
                                    .get("cyclesWaited")
                                    .asInt())
                            .isEqualTo(n);
                }
            }
            JsonNode failed = c.get("/v1/jobs/" + pair, CAROL).json();
            assertThat(failed.get("state").asString()).isEqualTo("failed");
            assertThat(failed.get("reason").asString())
                    .isEqualTo("no window in 3 cycles (last: cycle 3: " + tooFew + ")");
            JsonNode cycles = c.get("/v1/cycles", OP).json().get("cycles");
            assertThat(cycles).hasSize(3);
            assertThat(cycles.get(2).get("jobs").asInt()).isZero();
            assertThat(cycles.get(2).get("failed").asInt()).isEqualTo(1);
            assertThat(kinds(c)).contains("job.failed").containsSubsequence("cycle.completed", "cycle.completed");

            // the same job beside a plannable one is told and failed the same way
            String again = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000}");
            node(c, "a2", 4);
            String pair2 = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000}");
            assertThat(c.delete("/v1/nodes/a2", ALICE).status()).isEqualTo(200);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + again, CAROL).json().get("state").asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            assertThat(c.get("/v1/jobs/" + pair2 + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("message")
                            .asString())
                    .isEqualTo("cycle 4: " + tooFew);

            // nothing to plan says which of the two is missing
            assertThat(c.delete("/v1/jobs/" + pair2, CAROL).status()).isEqualTo(200);
            Client.Response none = c.post("/v1/cycles", OP, null);
            assertThat(none.status()).isEqualTo(200);
            assertThat(none.json().get("cycle").isNull()).isTrue();
            assertThat(none.json().get("detail").asString()).isEqualTo("no job is waiting: nothing to plan");
            submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000}");
            assertThat(c.delete("/v1/nodes/a1?force=true", ALICE).status()).isEqualTo(200);
            Client.Response noNode = c.post("/v1/cycles", OP, null);
            assertThat(noNode.status()).isEqualTo(200);
            assertThat(noNode.json().get("detail").asString())
                    .isEqualTo("no node is published: nothing to plan (1 job waits; a cycle plans once an owner"
                            + " publishes one)");
            assertThat(c.get("/v1/cycles", OP).json().get("cycles")).hasSize(4);
        }
    }

    @Test
    void aLoneJobOfTinyTasksWaitsWithItsWhyAndFailsAfterMaxCycles() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("max-cycles", "2"))) {
            Client c = s.client;
            node(c, "a1", 4);
            // accepted while the fastest node is slow, too small for the cycle once a fast node is published
            String tiny = submit(c, "{\"nodes\":1,\"volume\":0.01,\"budget\":600}");
            node(c, "a2", 100);
            Client.Response first = c.post("/v1/cycles", OP, null);
            assertThat(first.status()).as(first.body()).isEqualTo(201);
            assertThat(ids(first.json().get("queued"))).containsExactly(tiny);
            JsonNode why = c.get("/v1/jobs/" + tiny + "/why", CAROL).json().get("why");
            assertThat(why.get("kind").asString()).isEqualTo("too-small");
            assertThat(why.get("message").asString()).startsWith("cycle 1: its volume 0.01 is a task of 0.0001");
            Client.Response second = c.post("/v1/cycles", OP, null);
            assertThat(second.status()).as(second.body()).isEqualTo(201);
            assertThat(ids(second.json().get("failed"))).containsExactly(tiny);
            JsonNode failed = c.get("/v1/jobs/" + tiny, CAROL).json();
            assertThat(failed.get("state").asString()).isEqualTo("failed");
            assertThat(failed.get("reason").asString()).startsWith("no window in 2 cycles (last: cycle 2: its volume");
        }
    }

    /**
     * drop-unplaceable (on by default) drops a job with no window when it is alone in the batch too: the cycle plans the
     * empty batch and is feasible, as when the job is beside a job that has a window (it was recorded as infeasible,
     * with nothing dropped).
     */
    @Test
    void aLoneJobWithNoWindowIsDroppedAndTheCycleIsFeasible() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            node(c, "a1", 1);
            String poor = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1}"); // 40 at price 1: over its budget
            Client.Response alone = c.post("/v1/cycles", OP, null);
            assertThat(alone.status()).as(alone.body()).isEqualTo(201);
            assertThat(ids(alone.json().get("dropped"))).as(alone.body()).containsExactly(poor);
            assertThat(ids(alone.json().get("queued"))).containsExactly(poor);
            JsonNode cycle = c.get("/v1/cycles", OP).json().get("cycles").get(0);
            assertThat(cycle.get("feasible").asBoolean()).as(cycle.toString()).isTrue();
            assertThat(cycle.get("jobs").asInt()).isZero();
            String alonesWhy = c.get("/v1/jobs/" + poor + "/why", CAROL)
                    .json()
                    .get("why")
                    .get("message")
                    .asString();

            // beside a job with a window: dropped the same way, the other one planned
            String rich = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":100}");
            Client.Response beside = c.post("/v1/cycles", OP, null);
            assertThat(beside.status()).as(beside.body()).isEqualTo(201);
            assertThat(ids(beside.json().get("dropped"))).containsExactly(poor);
            assertThat(c.get("/v1/jobs/" + rich, CAROL).json().get("state").asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            assertThat(c.get("/v1/cycles", OP)
                            .json()
                            .get("cycles")
                            .get(1)
                            .get("feasible")
                            .asBoolean())
                    .isTrue();
            assertThat(alonesWhy).startsWith("cycle 1");
        }
    }

    /**
     * A job whose reservation a forced withdrawal cancelled says so in its why: it said "not-planned: no cycle has
     * planned it yet" (or an earlier cycle's reason, never cleared), with the cycle that had planned it in its history.
     */
    @Test
    void aJobRequeuedByAForcedWithdrawalSaysWhyItWaitsAgain() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            node(c, "a1", 1);
            String job = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":100}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + job, CAROL).json().get("state").asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            assertThat(c.post("/v1/clock", OP, "{\"to\":10}").status()).isEqualTo(200);
            node(c, "a2", 1);
            // the reservation [0, 40) began at 0 and runs: withdraw before it, at a node reserved later
            String later = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + later, CAROL).json().get("state").asString())
                    .isEqualTo("reserved");
            assertThat(c.delete("/v1/nodes/a2?force=true", ALICE).status()).isEqualTo(200);
            JsonNode why = c.get("/v1/jobs/" + later + "/why", CAROL).json();
            assertThat(why.get("state").asString()).isEqualTo("queued");
            assertThat(why.get("why").get("kind").asString()).as(why.toString()).isEqualTo("requeued");
            assertThat(why.get("why").get("cycle").asLong()).isEqualTo(2);
            assertThat(why.get("why").get("message").asString())
                    .isEqualTo("cycle 2 reserved it 40-80, cancelled at 10 when node a2 was withdrawn; it waits for"
                            + " the next cycle");
            // the next cycle's reason replaces it
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + later + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("kind")
                            .asString())
                    .isEqualTo("too-few-nodes");
        }
    }

    private static void node(Client c, String id, double performance) {
        Client.Response r = c.put("/v1/nodes/" + id, ALICE, "{\"performance\":" + performance + ",\"price\":1}");
        assertThat(r.status()).as(r.body()).isIn(200, 201);
    }

    private static String submit(Client c, String body) {
        Client.Response r = c.post("/v1/jobs", CAROL, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }

    private static List<String> kinds(Client c) {
        List<String> out = new ArrayList<>();
        c.get("/v1/events?after=0&limit=1000", OP)
                .json()
                .get("events")
                .forEach(e -> out.add(e.get("kind").asString()));
        return out;
    }
}
