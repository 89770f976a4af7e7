package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A job whose minPerformance fewer nodes than it asks for meet is accepted (a faster node may be published) and waits
 * until max-cycles, and its why says so plainly (kind min-performance, with the value and the fastest node's
 * performance): it said no-window, "no 1 slot of performance >= 10 is free at once", as if the slots were only busy.
 * A quote of it says the same; once a fast enough node is published, the next cycle plans it.
 */
class MinPerformanceWhyTest {
    private static final String OP = TestService.OPERATOR;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    @Test
    void aJobNoNodeIsFastEnoughForWaitsWithAPlainWhyAndIsPlannedOnceOneIs() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("max-cycles", "3"))) {
            Client c = s.client;
            node(c, TestService.ALICE, "a1", 2);
            node(c, TestService.ALICE, "a2", 4);
            String slow = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":10}");
            String pair = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000,\"minPerformance\":10}");
            String fine = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":4}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(state(c, fine)).isEqualTo("running"); // its window starts at the cycle's time

            JsonNode why = c.get("/v1/jobs/" + slow + "/why", CAROL).json().get("why");
            assertThat(why.get("kind").asString()).isEqualTo("min-performance");
            assertThat(why.get("message").asString())
                    .isEqualTo("cycle 1: no node meets its minimum performance 10: the fastest, a2, has performance 4");
            assertThat(why.get("minPerformance").asDouble()).isEqualTo(10.0);
            assertThat(why.get("fastest").asDouble()).isEqualTo(4.0);
            assertThat(c.get("/v1/jobs/" + slow, CAROL).json().get("reason").asString())
                    .isEqualTo(why.get("message").asString());
            assertThat(c.get("/v1/jobs/" + pair + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("message")
                            .asString())
                    .isEqualTo("cycle 1: no node meets its minimum performance 10: the fastest, a2, has performance 4");

            // a quote of it says the same, now
            Client.Response q =
                    c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":10}");
            assertThat(q.status()).as(q.body()).isEqualTo(201);
            assertThat(q.json().get("reason").asString())
                    .isEqualTo("now: no node meets its minimum performance 10: the fastest, a2, has performance 4");

            // a fast node is published: the next cycle plans the job; the pair, for which one fast node is not enough,
            // still waits, and fails at max-cycles
            node(c, TestService.ALICE, "a3", 12);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(state(c, slow)).isEqualTo("running"); // its window starts at the cycle's time
            JsonNode pairWhy = c.get("/v1/jobs/" + pair + "/why", CAROL).json().get("why");
            assertThat(pairWhy.get("kind").asString()).isEqualTo("min-performance");
            assertThat(pairWhy.get("message").asString())
                    .isEqualTo("cycle 2: it needs 2 nodes of at least its minimum performance 10, 1 of the VO's 3"
                            + " nodes meets it now");
            assertThat(pairWhy.get("fastest").asDouble()).isEqualTo(12.0);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            JsonNode failed = c.get("/v1/jobs/" + pair, CAROL).json();
            assertThat(failed.get("state").asString()).isEqualTo("failed");
            assertThat(failed.get("reason").asString())
                    .isEqualTo("no window in 3 cycles (last: cycle 3: it needs 2 nodes of at least its minimum"
                            + " performance 10, 1 of the VO's 3 nodes meets it now)");
        }
    }

    /**
     * min-performance and max-price count the VO's nodes whether or not they have free time in the cycle's horizon,
     * as their messages say ("2 of the VO's 3 nodes meet it now"): a job that enough nodes meet waits for their free
     * time, not for a new node, and is no-window; counting only the nodes with free time would call it
     * min-performance (or max-price) and tell its user to wait for a faster (or cheaper) node that it does not need.
     */
    @Test
    void aNodeWithNoFreeTimeInTheHorizonIsCountedAsTheMessagesSay() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            Client.Response busy = c.put(
                    "/v1/nodes/a1",
                    TestService.ALICE,
                    "{\"performance\":10,\"price\":1,\"busy\":[[0,1000000]]}"); // the whole horizon
            assertThat(busy.status()).as(busy.body()).isEqualTo(201);
            Client.Response free = c.put("/v1/nodes/a2", TestService.ALICE, "{\"performance\":10,\"price\":1}");
            assertThat(free.status()).as(free.body()).isEqualTo(201);
            Client.Response slow = c.put("/v1/nodes/a3", TestService.ALICE, "{\"performance\":2,\"price\":5}");
            assertThat(slow.status()).as(slow.body()).isEqualTo(201);
            String fastPair = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000,\"minPerformance\":10}");
            String fastThree = submit(c, "{\"nodes\":3,\"volume\":40,\"budget\":1000,\"minPerformance\":10}");
            String cheapPair = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000,\"maxPrice\":1}");
            String cheapThree = submit(c, "{\"nodes\":3,\"volume\":40,\"budget\":1000,\"maxPrice\":1}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);

            JsonNode pair = why(c, fastPair);
            assertThat(pair.get("kind").asString()).as(pair.toString()).isEqualTo("no-window");
            assertThat(pair.get("message").asString())
                    .isEqualTo("cycle 1 found no window: no 2 slots of performance >= 10 are free at once before time"
                            + " 600, at any price");
            JsonNode three = why(c, fastThree);
            assertThat(three.get("kind").asString()).isEqualTo("min-performance");
            assertThat(three.get("message").asString())
                    .isEqualTo("cycle 1: it needs 3 nodes of at least its minimum performance 10, 2 of the VO's 3"
                            + " nodes meet it now");
            JsonNode cheap = why(c, cheapPair);
            assertThat(cheap.get("kind").asString()).as(cheap.toString()).isEqualTo("no-window");
            assertThat(cheap.get("message").asString())
                    .isEqualTo("cycle 1 found no window: no 2 slots priced <= 1 are free at once before time 600, at"
                            + " any price");
            JsonNode cheapest = why(c, cheapThree);
            assertThat(cheapest.get("kind").asString()).isEqualTo("max-price");
            assertThat(cheapest.get("message").asString())
                    .isEqualTo("cycle 1: it needs 3 nodes priced within its maximum price 1, 2 of the VO's 3 nodes"
                            + " meet it now");
        }
    }

    private static JsonNode why(Client c, String job) {
        return c.get("/v1/jobs/" + job + "/why", CAROL).json().get("why");
    }

    private static void node(Client c, String owner, String id, double performance) {
        Client.Response r = c.put("/v1/nodes/" + id, owner, "{\"performance\":" + performance + ",\"price\":1}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    private static String submit(Client c, String body) {
        Client.Response r = c.post("/v1/jobs", CAROL, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static String state(Client c, String job) {
        return c.get("/v1/jobs/" + job, CAROL).json().get("state").asString();
    }
}
