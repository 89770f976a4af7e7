package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.model.InputFormatException;

/**
 * One service runs on a database at a time: a second {@code serve} on the database of a running one is refused at its
 * start, and starts once the first has stopped. Two services on one SQLite file both started and then refused each
 * other's changes (503 'UNIQUE constraint failed: jobs.seq' on one, 'events.seq' on the other), each with its own
 * counters and clock.
 */
class OneServicePerDatabaseTest {
    @TempDir
    Path dir;

    private static ServiceConfig second(TestService first) throws Exception {
        return ServiceConfig.load(first.configFile, Map.of(), Map.of("bind", "127.0.0.1", "port", "0", "db", first.db));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aSecondServiceOnTheDatabaseIsRefusedUntilTheFirstStops(TestDatabases db) throws Exception {
        try (TestService first = TestService.start(db, dir, Map.of())) {
            assertThat(first.client
                            .put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 1, \"price\": 1}")
                            .status())
                    .isEqualTo(201);
            ServiceConfig again = second(first);
            assertThatThrownBy(() -> Service.start(again).close())
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageContaining("another metasched serve uses this database")
                    .hasMessageContaining("stop it first");
            // the first goes on, undisturbed
            assertThat(first.client
                            .post("/v1/jobs", TestService.CAROL, "{\"nodes\": 1, \"volume\": 1, \"budget\": 9}")
                            .status())
                    .isEqualTo(201);
            first.service.close();
            try (Service s = Service.start(again)) {
                assertThat(new Client(s.url())
                                .get("/v1/jobs/j1", TestService.CAROL)
                                .status())
                        .isEqualTo(200);
            }
        }
    }
}
