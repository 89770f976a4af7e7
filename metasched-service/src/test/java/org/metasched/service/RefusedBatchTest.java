package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change PostgreSQL refuses in a batch is 503 with the database's reason alone, as on SQLite. PostgreSQL's own
 * message repeats the statement with its values ('Batch entry 0 INSERT INTO jobs (...) VALUES (('j1'), ..., ('the
 * clientId'), ...) was aborted: ERROR: ...'), so the request's text went into the answer and the log, which hold no
 * body (docs/service.md).
 */
class RefusedBatchTest {
    @TempDir
    Path dir;

    @Test
    void aRefusedBatchSaysTheReasonWithoutTheStatementsValues() throws Exception {
        try (TestService s = TestService.start(TestDatabases.POSTGRESQL, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 1, \"price\": 1}")
                            .status())
                    .isEqualTo(201);
            // a refusal the service cannot foresee: a constraint added behind its back
            try (Connection db = DriverManager.getConnection(s.db);
                    Statement st = db.createStatement()) {
                st.execute("ALTER TABLE jobs ADD CONSTRAINT no_long_ids CHECK (length(client_id) < 5) NOT VALID");
            }
            Client.Response r = c.post(
                    "/v1/jobs",
                    TestService.CAROL,
                    "{\"nodes\": 1, \"volume\": 1, \"budget\": 1, \"clientId\": \"ab12cd34ef\"}");
            assertThat(r.status()).as(r.body()).isEqualTo(503);
            assertThat(r.detail())
                    .startsWith("the database refused the change: ERROR: new row for relation \"jobs\" violates check"
                            + " constraint \"no_long_ids\"")
                    .doesNotContain("ab12cd34ef")
                    .doesNotContain("INSERT");
            List<String> log = LogCapture.lines();
            assertThat(log).anySatisfy(l -> assertThat(l).contains("no_long_ids"));
            assertThat(log).noneSatisfy(l -> assertThat(l).contains("ab12cd34ef"));
        }
    }
}
