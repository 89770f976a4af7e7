package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A job of one node is spoken of in the singular: "asks for 1 node", "no 1 slot ... is free" (not "1 nodes"). */
class SingularMessagesTest {
    @TempDir
    Path dir;

    @Test
    void oneNodeAndOneSlotAreSingular() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            Client.Response none = c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            assertThat(none.status()).as(none.body()).isEqualTo(400);
            assertThat(none.body()).contains("asks for 1 node but the VO has 0 now");

            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":5,\"price\":1,\"busy\":[[0,1000]]}")
                            .status())
                    .isEqualTo(201);
            String j = c.post(
                            "/v1/jobs",
                            TestService.CAROL,
                            "{\"nodes\":1,\"volume\":10,\"budget\":100,\"minPerformance\":5}")
                    .json()
                    .get("id")
                    .asString();
            assertThat(c.post("/v1/cycles", TestService.OPERATOR, null).status())
                    .isEqualTo(201);
            JsonNode why =
                    c.get("/v1/jobs/" + j + "/why", TestService.CAROL).json().get("why");
            assertThat(why.get("kind").asString()).isEqualTo("no-window");
            assertThat(why.get("message").asString()).contains("no 1 slot of performance >= 5 is free at once");
        }
    }
}
