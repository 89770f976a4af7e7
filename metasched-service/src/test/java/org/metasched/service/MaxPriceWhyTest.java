package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.Node;
import tools.jackson.databind.JsonNode;

/**
 * A job whose maxPrice fewer nodes than it asks for meet (counting only nodes that also meet its minPerformance, as
 * the window searches do) waits until max-cycles, and its why says so plainly (kind max-price, with the limit and the
 * cheapest price of a node fast enough for it): it said no-window, "no 1 slot priced <= 1 is free at once", as if the
 * slots were only busy. A quote of it says the same; once a cheap enough node is published, the next cycle plans it.
 */
class MaxPriceWhyTest {
    private static final String OP = TestService.OPERATOR;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    @Test
    void aJobNoNodeIsCheapEnoughForWaitsWithAPlainWhyAndIsPlannedOnceOneIs() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("max-cycles", "3"))) {
            Client c = s.client;
            node(c, "a1", 2, 3);
            node(c, "a2", 4, 5);
            String dear = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"maxPrice\":1}");
            String pair = submit(c, "{\"nodes\":2,\"volume\":40,\"budget\":1000,\"maxPrice\":4}");
            // a1 is cheap enough but too slow: the price is counted on the nodes fast enough only
            String fast = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":4,\"maxPrice\":4}");
            String fine = submit(c, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"maxPrice\":3}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(state(c, fine)).isEqualTo("running"); // its window starts at the cycle's time

            JsonNode why = why(c, dear);
            assertThat(why.get("kind").asString()).isEqualTo("max-price");
            assertThat(why.get("message").asString())
                    .isEqualTo("cycle 1: no node is priced within its maximum price 1: the cheapest, a1, costs 3");
            assertThat(why.get("maxPrice").asDouble()).isEqualTo(1.0);
            assertThat(why.get("cheapestPrice").asDouble()).isEqualTo(3.0);
            assertThat(why.get("cheapest").isNull()).isTrue();
            assertThat(c.get("/v1/jobs/" + dear, CAROL).json().get("reason").asString())
                    .isEqualTo(why.get("message").asString());
            assertThat(why(c, pair).get("message").asString())
                    .isEqualTo("cycle 1: it needs 2 nodes priced within its maximum price 4, 1 of the VO's 2 nodes"
                            + " meets it now");
            JsonNode fastWhy = why(c, fast);
            assertThat(fastWhy.get("kind").asString()).isEqualTo("max-price");
            assertThat(fastWhy.get("message").asString())
                    .isEqualTo("cycle 1: no node of at least its minimum performance 4 is priced within its maximum"
                            + " price 4: the cheapest, a2, costs 5");
            assertThat(fastWhy.get("cheapestPrice").asDouble()).isEqualTo(5.0);

            // a quote of it says the same, now
            Client.Response q = c.post(
                    "/v1/quotes",
                    CAROL,
                    "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":4,\"maxPrice\":4}");
            assertThat(q.status()).as(q.body()).isEqualTo(201);
            assertThat(q.json().get("reason").asString())
                    .isEqualTo(
                            "now: no node of at least its minimum performance 4 is priced within its maximum price 4:"
                                    + " the cheapest, a2, costs 5");

            // a cheap fast node is published: the next cycle plans the fast job and the pair; the job whose limit no
            // node meets still waits, and fails at max-cycles
            node(c, "a3", 4, 2);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(state(c, fast)).isEqualTo("running"); // its window starts at the cycle's time
            assertThat(state(c, pair)).isEqualTo("reserved");
            assertThat(why(c, dear).get("message").asString())
                    .isEqualTo("cycle 2: no node is priced within its maximum price 1: the cheapest, a3, costs 2");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            JsonNode failed = c.get("/v1/jobs/" + dear, CAROL).json();
            assertThat(failed.get("state").asString()).isEqualTo("failed");
            assertThat(failed.get("reason").asString())
                    .isEqualTo("no window in 3 cycles (last: cycle 3: no node is priced within its maximum price 1: the"
                            + " cheapest, a3, costs 2)");
        }
    }

    @Test
    void theCountIsOfNodesMeetingBothLimitsWithTheSearchesTolerance() {
        List<Node> nodes = List.of(new Node(0, "a1", 2, 1), new Node(1, "a2", 4, 3), new Node(2, "a3", 8, 3 + 1e-12));
        assertThat(Why.aboveMaxPrice(1, nodes, 3, 0, Double.POSITIVE_INFINITY)).isNull();
        assertThat(Why.aboveMaxPrice(1, nodes, 3, 0, 3)).isNull(); // 3 + 1e-12 is within the tolerance
        assertThat(Why.aboveMaxPrice(1, nodes, 2, 4, 3)).isNull();
        Why w = Why.aboveMaxPrice(1, nodes, 3, 2, 2.5);
        assertThat(w.kind()).isEqualTo("max-price");
        assertThat(w.message())
                .isEqualTo("cycle 1: it needs 3 nodes priced within its maximum price 2.5 and of at least its"
                        + " minimum performance 2, 1 of the VO's 3 nodes meets both now");
        assertThat(Why.aboveMaxPrice(1, nodes, 1, 4, 2).figures()).containsEntry("cheapestPrice", 3.0);
    }

    private static void node(Client c, String id, double performance, double price) {
        Client.Response r = c.put(
                "/v1/nodes/" + id, TestService.ALICE, "{\"performance\":" + performance + ",\"price\":" + price + "}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    private static String submit(Client c, String body) {
        Client.Response r = c.post("/v1/jobs", CAROL, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static JsonNode why(Client c, String job) {
        return c.get("/v1/jobs/" + job + "/why", CAROL).json().get("why");
    }

    private static String state(Client c, String job) {
        return c.get("/v1/jobs/" + job, CAROL).json().get("state").asString();
    }
}
