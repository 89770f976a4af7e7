package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * A database whose ledger was written before the running sums ({@code V4__ledger_balances.sql}) opens with them filled
 * from its rows: every account's balance and held money are its rows' sums, a never-credited account's debt counts
 * against what the accounts may owe together, and later entries keep the sums (the service's own check of an
 * account's figures against its rows, {@link AccountsQuotesTest#ledgerBalances}).
 */
class LedgerBalancesMigrationTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void anOldLedgerOpensWithItsRunningSums(TestDatabases kind) throws Exception {
        String db = kind.fresh(dir);
        String url = db.startsWith("jdbc:") ? db : "jdbc:sqlite:" + db;
        Flyway.configure()
                .dataSource(url, null, null)
                .locations("classpath:org/metasched/service/db")
                .target("3")
                .load()
                .migrate();
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement p = c.prepareStatement("INSERT INTO ledger (seq, entry, at_time, account, bucket,"
                        + " amount, kind, job_id, memo) VALUES (?, ?, 0, ?, ?, ?, ?, NULL, 'before V4')")) {
            Object[][] rows = {
                {1L, 1L, Ledger.ISSUANCE, "available", -500_000_000L, "credit"},
                {2L, 1L, "alice", "available", 500_000_000L, "credit"},
                {3L, 2L, "carol", "available", -70_000_000L, "hold"}, // never credited: below 0
                {4L, 2L, "carol", "held", 70_000_000L, "hold"},
                {5L, 3L, "alice", "available", -20_000_000L, "hold"},
                {6L, 3L, "alice", "held", 20_000_000L, "hold"}
            };
            for (Object[] r : rows) {
                for (int i = 0; i < r.length; i++) {
                    p.setObject(i + 1, r[i]);
                }
                p.executeUpdate();
            }
        }
        try (Service s = TestService.serve(dir, db, "clock: manual\n" + TestService.tokensYaml())) {
            Client c = new Client(s.url());
            JsonNode alice = account(c, "alice");
            assertThat(alice.get("balance").asDouble()).isEqualTo(500.0);
            assertThat(alice.get("held").asDouble()).isEqualTo(20.0);
            assertThat(alice.get("available").asDouble()).isEqualTo(480.0);
            JsonNode carol = account(c, "carol");
            assertThat(carol.get("balance").asDouble()).isEqualTo(0.0);
            assertThat(carol.get("held").asDouble()).isEqualTo(70.0);
            AccountsQuotesTest.ledgerBalances(c);
            try (Connection conn = DriverManager.getConnection(url)) {
                assertThat(Ledger.owed(conn)).as("carol's 70 below 0").isEqualTo(70_000_000L);
                assertThat(Ledger.available(conn, "carol"))
                        .as("what a never-credited account may still owe")
                        .isEqualTo(Ledger.MAX_OWED - 70_000_000L);
                assertThat(Ledger.available(conn, "alice")).isEqualTo(480_000_000L);
            }
            // a later entry moves the sums with the rows
            assertThat(c.post("/v1/accounts/alice/credit", TestService.OPERATOR, "{\"amount\":25}")
                            .status())
                    .isEqualTo(201);
            assertThat(account(c, "alice").get("balance").asDouble()).isEqualTo(525.0);
            AccountsQuotesTest.ledgerBalances(c);
        }
    }

    private static JsonNode account(Client c, String id) {
        Client.Response r = c.get("/v1/accounts/" + id, TestService.OPERATOR);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json();
    }
}
