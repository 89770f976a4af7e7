package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database that refuses writes (a full disk, a read-only file or database) gives 503 with the database's reason,
 * never a crash, and no partial state: every change is one transaction, rolled back whole.
 */
class DatabaseFaultTest {
    @TempDir
    Path dir;

    private static ServiceConfig config(Path file, String db) throws Exception {
        Files.writeString(file, "clock: manual\ngrace-period: 1\n" + TestService.tokensYaml());
        Map<String, String> o = new LinkedHashMap<>();
        o.put("port", "0");
        o.put("db", db);
        return ServiceConfig.load(file, Map.of(), o);
    }

    private static String counts(Client c) {
        return c.get("/v1/jobs", TestService.OPERATOR).json().get("jobs").size() + " jobs, "
                + c.get("/v1/cycles", TestService.OPERATOR).json().get("cycles").size() + " cycles, events to "
                + c.get("/v1/events", TestService.OPERATOR).json().get("last");
    }

    @Test
    void aFullDiskGives503WithTheReasonAndKeepsEveryEarlierChange() throws Exception {
        // SQLite's max_page_count caps the file: the same SQLITE_FULL a full disk gives, at a size a test can reach
        // (the schema alone, V1 and V2, takes about 30 pages of 4 KB; the rest fills with jobs)
        Path db = dir.resolve("full.db");
        try (Service s = Service.start(config(dir.resolve("c.yaml"), "jdbc:sqlite:" + db + "?max_page_count=60"))) {
            Client c = new Client(s.url());
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            int accepted = 0;
            Client.Response r = null;
            for (int i = 0; i < 5000; i++) {
                r = c.post(
                        "/v1/jobs",
                        TestService.CAROL,
                        "{\"nodes\":1,\"volume\":5,\"budget\":100,\"clientId\":\"" + "x".repeat(150) + "\"}");
                if (r.status() != 201) {
                    break;
                }
                accepted++;
            }
            assertThat(r.status()).as(r.toString()).isEqualTo(503);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.detail()).contains("full").contains("nothing was changed");
            assertThat(accepted).isPositive();
            assertThat(c.get("/v1/jobs", TestService.OPERATOR).json().get("jobs"))
                    .hasSize(accepted);
            String before = counts(c);
            Client.Response cycle = c.post("/v1/cycles", TestService.OPERATOR, null);
            if (cycle.status() == 503) { // the cycle's record did not fit: nothing of it was kept
                assertThat(counts(c)).as(cycle.toString()).isEqualTo(before);
                assertThat(c.get("/v1/jobs?state=reserved", TestService.OPERATOR)
                                .json()
                                .get("jobs"))
                        .isEmpty();
            } else {
                assertThat(cycle.status()).isEqualTo(201);
            }
            assertThat(c.get("/v1/health", null).status()).isEqualTo(200);
        }
    }

    @Test
    void aReadOnlySqliteFileGives503ForEveryChange() throws Exception {
        Path db = dir.resolve("ro.db");
        try (Service s = Service.start(config(dir.resolve("a.yaml"), db.toString()))) {
            Client c = new Client(s.url());
            c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":1,\"price\":1}");
            c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
        }
        // the same file opened read-only (SQLite's open_mode 1 = SQLITE_OPEN_READONLY)
        try (Service s = Service.start(config(dir.resolve("b.yaml"), "jdbc:sqlite:" + db + "?open_mode=1"))) {
            Client c = new Client(s.url());
            String before = counts(c);
            assertThat(c.get("/v1/jobs/j1", TestService.CAROL).status()).isEqualTo(200);
            Client.Response[] writes = {
                c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}"),
                c.post("/v1/cycles", TestService.OPERATOR, null),
                c.put("/v1/nodes/a2", TestService.ALICE, "{\"performance\":1,\"price\":1}"),
                c.delete("/v1/jobs/j1", TestService.CAROL),
                c.post("/v1/clock", TestService.OPERATOR, "{\"advance\":1}")
            };
            for (Client.Response r : writes) {
                assertThat(r.status()).as(r.toString()).isEqualTo(503);
                assertThat(r.detail()).containsIgnoringCase("readonly");
            }
            assertThat(counts(c)).isEqualTo(before);
            assertThat(c.get("/v1/jobs/j1", TestService.CAROL)
                            .json()
                            .get("state")
                            .asString())
                    .isEqualTo("queued");
        }
    }

    @Test
    void aReadOnlyPostgresqlDatabaseGives503ForEveryChange() throws Exception {
        String url = TestDatabases.POSTGRESQL.fresh(dir);
        try (Service s = Service.start(config(dir.resolve("a.yaml"), url))) {
            Client c = new Client(s.url());
            c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":1,\"price\":1}");
        }
        String name = url.substring(url.lastIndexOf('/') + 1).replaceFirst("\\?.*", "");
        try (Connection conn = TestDatabases.postgres().getPostgresDatabase().getConnection();
                Statement st = conn.createStatement()) {
            st.execute("ALTER DATABASE " + name + " SET default_transaction_read_only = on");
        }
        try (Service s = Service.start(config(dir.resolve("b.yaml"), url))) {
            Client c = new Client(s.url());
            String before = counts(c);
            Client.Response r = c.post("/v1/jobs", TestService.CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            assertThat(r.status()).as(r.toString()).isEqualTo(503);
            assertThat(r.detail()).contains("read-only");
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":2,\"price\":1}")
                            .status())
                    .isEqualTo(503);
            assertThat(counts(c)).isEqualTo(before);
            assertThat(c.get("/v1/ready", null).status()).isEqualTo(200); // reads still work
        }
    }
}
