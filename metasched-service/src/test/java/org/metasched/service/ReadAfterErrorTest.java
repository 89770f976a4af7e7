package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A read that ends in an error (a 404 found inside the read's transaction) ends its transaction too: a pooled read
 * connection left inside one kept SQLite's snapshot of that moment, so that later reads on it did not see later writes
 * (a job just created answered 404 at random; a quote accepted after its expiry gave a 500).
 */
class ReadAfterErrorTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void readsAfterA404SeeEveryLaterWrite(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            for (int i = 0; i < 8; i++) { // more than the pool's read connections, each one ends a read in a 404
                assertThat(c.get("/v1/quotes/q999", CAROL).status()).isEqualTo(404);
                assertThat(c.get("/v1/jobs/j999", CAROL).status()).isEqualTo(404);
            }
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            Client.Response job = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            assertThat(job.status()).as(job.toString()).isEqualTo(201);
            String id = job.json().get("id").asString();
            for (int i = 0; i < 8; i++) {
                Client.Response r = c.get("/v1/jobs/" + id, CAROL);
                assertThat(r.status()).as("read %d: %s", i, r).isEqualTo(200);
                assertThat(c.get("/v1/nodes", OP).json().get("nodes"))
                        .as("read %d", i)
                        .hasSize(1);
            }
        }
    }
}
