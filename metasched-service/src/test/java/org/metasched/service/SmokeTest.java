package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SmokeTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void quickStart(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            for (int i = 1; i <= 3; i++) {
                var r = c.put(
                        "/v1/nodes/a" + i,
                        TestService.ALICE,
                        "{\"performance\": " + (2 + i) + ", \"price\": " + (2 + i) + ", \"busy\": [[0, " + (10 * i)
                                + "]]}");
                assertThat(r.status()).as(r.toString()).isEqualTo(201);
            }
            for (int i = 1; i <= 5; i++) {
                var r = c.post("/v1/jobs", TestService.CAROL, "{\"nodes\": 2, \"volume\": 60, \"budget\": 400}");
                assertThat(r.status()).as(r.toString()).isEqualTo(201);
            }
            var cy = c.post("/v1/cycles", TestService.OPERATOR, null);
            System.out.println(cy.body());
            assertThat(cy.status()).as(cy.toString()).isEqualTo(201);
            var jobs = c.get("/v1/jobs", TestService.CAROL);
            System.out.println(jobs.body());
            System.out.println(c.get("/metrics", null)
                    .body()
                    .lines()
                    .filter(l -> l.startsWith("metasched"))
                    .toList());
        }
    }
}
