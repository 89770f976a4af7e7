package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * A quote accepted after its window began: the window moves to start at the acceptance if its slots are free for the
 * whole moved length (the same nodes and prices), else 409 with a fresh quote; never a reservation in the past (the job
 * was done at once, ended before it was submitted, and charged).
 */
class LateAcceptanceTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aWindowThatBeganStartsAtTheAcceptanceOrIsRefused(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":2,\"busy\":[[40,100]]}")
                            .status())
                    .isEqualTo(201);
            Client.Response q1 = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":30,\"budget\":100}");
            JsonNode w1 = q1.json().get("windows").get(0);
            assertThat(w1.get("start").asDouble()).isEqualTo(0.0);
            assertThat(w1.get("finish").asDouble()).isEqualTo(30.0);
            c.post("/v1/clock", OP, "{\"to\":15}");
            // moved to [15, 45) it would meet the owner's busy time from 40
            Client.Response refused = c.post("/v1/quotes/" + q1.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
            assertThat(refused.detail())
                    .isEqualTo("the finish window of quote q1 began at 0 and cannot start now instead (15 to 45):"
                            + " node a1's owner is busy in [40, 100); a fresh quote is attached");
            assertThat(refused.json().get("quote").get("time").asDouble()).isEqualTo(15.0);
            assertThat(c.get("/v1/jobs", OP).json().get("jobs")).isEmpty();

            assertThat(c.put("/v1/nodes/a2", ALICE, "{\"performance\":1,\"price\":2,\"busy\":[]}")
                            .status())
                    .isEqualTo(201);
            Client.Response q2 = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":30,\"budget\":100}");
            JsonNode w2 = q2.json().get("windows").get(0);
            assertThat(w2.get("start").asDouble()).isEqualTo(15.0);
            assertThat(w2.get("slots").get(0).get("node").asString()).isEqualTo("a2");
            c.post("/v1/clock", OP, "{\"to\":50}");
            Client.Response a = c.post("/v1/quotes/" + q2.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(a.status()).as(a.toString()).isEqualTo(201);
            JsonNode job = a.json();
            assertThat(job.get("state").asString()).isEqualTo("running");
            assertThat(job.get("submitted").asDouble()).isEqualTo(50.0);
            JsonNode r = job.get("reservation");
            assertThat(r.get("start").asDouble()).isEqualTo(50.0);
            assertThat(r.get("finish").asDouble()).isEqualTo(80.0);
            assertThat(r.get("cost").asDouble()).isEqualTo(60.0);
            assertThat(r.get("slots").get(0).get("node").asString()).isEqualTo("a2");
            assertThat(r.get("slots").get(0).get("start").asDouble()).isEqualTo(50.0);
            assertThat(r.get("slots").get(0).get("end").asDouble()).isEqualTo(80.0);

            c.post("/v1/clock", OP, "{\"to\":100}");
            JsonNode done = c.get("/v1/jobs/" + job.get("id").asString(), CAROL).json();
            assertThat(done.get("state").asString()).isEqualTo("done");
            assertThat(done.get("ended").asDouble()).isEqualTo(80.0);
            assertThat(c.get("/v1/accounts/carol", CAROL).json().get("spent").asDouble())
                    .isEqualTo(60.0);
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
