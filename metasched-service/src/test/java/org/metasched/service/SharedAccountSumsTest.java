package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * An owner and a user that share one account pay themselves: the account's money goes round, bounded, but what it
 * spent and earned over its life grows with every job. Jobs of 1e12 (the most one may cost) took those sums past a
 * 64-bit integer of millionths at the tenth, and from then on every read of the account answered 503 ("integer
 * overflow" on SQLite; a number past a long on PostgreSQL). They are summed as doubles, as the account's figures are
 * shown: exact below 2^53 millionths (about 9e9), and never a failure above.
 */
class SharedAccountSumsTest {
    private static final String OP = "op-0123456789abcdef";
    private static final String OWNER = "own-0123456789abcdef";
    private static final String USER = "usr-0123456789abcdef";

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void anAccountThatPaysItselfStaysReadable(TestDatabases kind) throws Exception {
        try (Service s = TestService.serve(
                dir,
                kind.fresh(dir),
                "clock: manual\ntokens:\n"
                        + "  - {name: op, role: operator, token: " + OP + "}\n"
                        + "  - {name: lab, role: owner, nodes: [\"n*\"], account: shared, token: " + OWNER + "}\n"
                        + "  - {name: student, role: user, account: shared, token: " + USER + "}\n")) {
            Client c = new Client(s.url());
            for (int i = 1; i <= 4; i++) {
                assertThat(c.put("/v1/nodes/n" + i, OWNER, "{\"performance\":1,\"price\":1e10}")
                                .status())
                        .isEqualTo(201);
            }
            int paid = 0;
            for (int round = 1; round <= 3; round++) { // four windows of 1e12 a round, paid when the clock passes them
                for (int j = 0; j < 4; j++) {
                    Client.Response r = c.post("/v1/jobs", USER, "{\"nodes\":1,\"volume\":100,\"budget\":1e12}");
                    assertThat(r.status()).as(r.toString()).isEqualTo(201);
                }
                Client.Response cycle = c.post("/v1/cycles", OP, null);
                assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
                assertThat(cycle.json().get("reserved")).as(cycle.body()).hasSize(4);
                assertThat(c.post("/v1/clock", OP, "{\"to\":" + round * 1000 + "}")
                                .status())
                        .isEqualTo(200);
                paid += 4;
                Client.Response a = c.get("/v1/accounts/shared", OP);
                assertThat(a.status()).as("after %d jobs paid: %s", paid, a).isEqualTo(200);
                JsonNode account = a.json();
                assertThat(account.get("spent").asDouble()).isEqualTo(paid * 1e12);
                assertThat(account.get("earned").asDouble()).isEqualTo(paid * 1e12);
                assertThat(account.get("balance").asDouble()).isEqualTo(0.0);
            }
            Client.Response all = c.get("/v1/accounts", OP);
            assertThat(all.status()).as(all.toString()).isEqualTo(200);
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
