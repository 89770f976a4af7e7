package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A job (and a quote) whose task is a tiny fraction of a node's free time (volume 1e-6) is not planned, with a why, by
 * the rule of metasched batch's reader; the search of its disjoint alternatives did not end, and the cycle, the
 * service's other requests for changes and its stop waited on it (a cycle run by hand ran for minutes, the JVM growing
 * past 6 GB).
 */
class TinyTaskJobTest {
    @TempDir
    Path dir;

    @Test
    void aJobOfTinyTasksWaitsWithAWhyAndTheCycleEnds() {
        // bounded: without the rule the cycle never ends, nor the service's stop, which waits for it
        assertTimeoutPreemptively(Duration.ofSeconds(90), this::drive);
    }

    private void drive() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":4,\"price\":4}")
                            .status())
                    .isEqualTo(201);
            // a quote of the same job: every criterion's window but CSA's, whose disjoint alternatives would not end
            Client.Response q =
                    c.post("/v1/quotes", TestService.CAROL, "{\"nodes\":1,\"volume\":0.000001,\"budget\":600}");
            assertThat(q.status()).as(q.body()).isEqualTo(201);
            List<String> criteria = new ArrayList<>();
            q.json().get("windows").forEach(w -> criteria.add(w.get("criterion").asString()));
            assertThat(criteria).containsExactly("finish", "cost", "runtime", "proc-time");
            // its submission is refused: less than a millionth of what the fastest node runs in a horizon (600)
            Client.Response refused =
                    c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":0.000001,\"budget\":600}");
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.body())
                    .contains(
                            "volume: 0.000001 is less than a millionth of what the fastest node (performance 4) runs in"
                                    + " a cycle's horizon of 600")
                    .contains("give a volume of at least 0.0024");
            // accepted while the fastest node is slow, then too small for the cycle once a fast node is published
            String tiny = submit(c, "{\"nodes\":1,\"volume\":0.01,\"budget\":600}");
            assertThat(c.put("/v1/nodes/a2", TestService.ALICE, "{\"performance\":100,\"price\":4}")
                            .status())
                    .isEqualTo(201);
            String fine = submit(c, "{\"nodes\":1,\"volume\":60,\"budget\":600}");
            Client.Response cycle = c.post("/v1/cycles", TestService.OPERATOR, null);
            assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + fine, TestService.CAROL)
                            .json()
                            .get("state")
                            .asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            JsonNode why = c.get("/v1/jobs/" + tiny + "/why", TestService.CAROL).json();
            assertThat(why.get("state").asString()).isEqualTo("queued");
            assertThat(why.get("why").get("kind").asString()).isEqualTo("too-small");
            assertThat(why.get("why").get("message").asString())
                    .contains("its volume 0.01 is a task of 0.0001 on node 'a2',"
                            + " whose free time of 600 holds 6000000 of them")
                    .contains("the search of disjoint alternatives would not end");
        }
    }

    private static String submit(Client c, String body) {
        Client.Response r = c.post("/v1/jobs", TestService.CAROL, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }
}
