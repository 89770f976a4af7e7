package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbers in messages read as the service's other messages write them ({@link Metascheduler#num}): a whole number past
 * an int names the limit ({@code nodes: 2147483648} said only "must be a whole number"), never Java's {@code 1.0E308}
 * nor a bare {@code Infinity}.
 */
class ReadableMessagesTest {
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static void refused(Client.Response r, String field, String detail) {
        assertThat(r.status()).as(r.toString()).isEqualTo(400);
        assertThat(r.json().get("field").asString()).isEqualTo(field);
        assertThat(r.detail()).isEqualTo(detail);
    }

    @Test
    void numbersInMessagesAreReadable() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            String job = "{\"volume\":10,\"budget\":5,";
            refused(
                    c.post("/v1/jobs", CAROL, job + "\"nodes\":2147483648}"),
                    "nodes",
                    "nodes: must be a whole number at most 2147483647, got 2147483648");
            refused(
                    c.post("/v1/jobs", CAROL, job + "\"nodes\":1e308}"),
                    "nodes",
                    "nodes: must be a whole number at most 2147483647, got 1e308");
            refused(
                    c.post("/v1/jobs", CAROL, job + "\"nodes\":-3000000000}"),
                    "nodes",
                    "nodes: must be a whole number at least -2147483648, got -3000000000");
            refused(
                    c.post("/v1/jobs", CAROL, job + "\"nodes\":2.5}"),
                    "nodes",
                    "nodes: must be a whole number, got 2.5");
            refused(
                    c.post("/v1/jobs", CAROL, job + "\"nodes\":1,\"clientId\":1e308}"),
                    "clientId",
                    "clientId: must be a string, got 1e308");
            refused(
                    c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":1e400,\"budget\":5}"),
                    "volume",
                    "volume: must be a finite number, got infinity (a number beyond the largest, 1.8e308)");
            // a performance whose work in a horizon is past what the service keeps exact (NumberLimits)
            Client.Response fast = c.put("/v1/nodes/a1", ALICE, "{\"performance\":1e308,\"price\":1}");
            assertThat(fast.status()).as(fast.toString()).isEqualTo(400);
            assertThat(fast.detail()).doesNotContain("Infinity", "E3").endsWith("got 1e308");
        }
    }
}
