package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * An event's data fields are stored and streamed in the order the code writes them; with {@code Map.of} the order
 * changed from one start of the service to the next.
 */
class EventDataTest {
    private static final String OP = TestService.OPERATOR;

    @TempDir
    Path dir;

    @Test
    void fieldsKeepTheirWrittenOrderAndAreNotRepeated() {
        assertThat(List.copyOf(EventData.of("z", 1, "a", 2, "m", 3, "b", 4).keySet()))
                .containsExactly("z", "a", "m", "b");
        assertThatThrownBy(() -> EventData.of("a", 1, "a", 2)).hasMessageContaining("duplicate event field a");
    }

    @Test
    void storedEventsNameTheirFieldsInTheWrittenOrder() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":2,\"price\":1,\"busy\":[[0,10]]}")
                            .status())
                    .isEqualTo(201);
            Client.Response job = c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":30,\"budget\":1000}");
            assertThat(job.status()).as(job.body()).isEqualTo(201);
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
            Client.Response r = c.get("/v1/events?after=0&limit=100", OP);
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            Map<String, List<String>> fields = new java.util.HashMap<>();
            for (JsonNode e : r.json().get("events")) {
                List<String> names = new ArrayList<>();
                e.get("data").propertyNames().forEach(names::add);
                fields.put(e.get("kind").asString(), names);
            }
            assertThat(fields.get("node.published")).containsExactly("performance", "price", "busy");
            assertThat(fields.get("job.submitted")).containsExactly("nodes", "budget");
            assertThat(fields.get("job.reserved")).containsExactly("cycle", "start", "cost");
            assertThat(fields.get("cycle.completed")).containsExactly("jobs", "reserved", "queued", "failed");
            // counts and cycle numbers are whole numbers in the JSON ("cycle":1), times and money decimals as
            // elsewhere; a cycle number was written 1.0
            assertThat(r.body()).contains("\"data\":{\"cycle\":1,\"start\":10.0,\"cost\":15.0}");
            assertThat(r.body()).contains("\"data\":{\"jobs\":1,\"reserved\":1,\"queued\":0,\"failed\":0}");
        }
    }
}
