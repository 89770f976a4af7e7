package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * Accounts the operator never credited are not limited by a balance, but together they owe at most 4e12 (as much as may
 * be credited): holds of 1e12 each from such accounts took the ledger's sums past a 64-bit integer at about the ninth,
 * and from then on every read of an account answered 503 ("integer overflow") on SQLite.
 */
class OwedMoneyBoundTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void accountsNeverCreditedOweAtMostFourTrillionTogether(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            for (int i = 1; i <= 11; i++) {
                assertThat(c.put("/v1/nodes/a" + i, ALICE, "{\"performance\":1,\"price\":1e10}")
                                .status())
                        .isEqualTo(201);
            }
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < 10; i++) { // each a window of 100 at 1e10: 1e12, its budget
                Client.Response r =
                        c.post("/v1/jobs", i % 2 == 0 ? CAROL : DAVE, "{\"nodes\":1,\"volume\":100,\"budget\":1e12}");
                assertThat(r.status()).as(r.toString()).isEqualTo(201);
                jobs.add(r.json().get("id").asString());
            }
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
            assertThat(cycle.json().get("reserved")).hasSize(4);
            assertThat(cycle.json().get("queued")).hasSize(6);
            JsonNode why =
                    c.get("/v1/jobs/" + jobs.get(9) + "/why", DAVE).json().get("why");
            assertThat(why.get("kind").asString()).as(why.toString()).isEqualTo("balance");
            assertThat(why.get("message").asString()).contains("has 0 available");
            readable(c);
            // the windows end and are paid: the owner earned 4e12, the users owe it; nothing more may be owed
            assertThat(c.post("/v1/clock", OP, "{\"to\":200}").status()).isEqualTo(200);
            assertThat(c.post("/v1/cycles", OP, null).json().get("reserved")).isEmpty();
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":100,\"budget\":1e12}");
            assertThat(q.status()).as(q.toString()).isEqualTo(201);
            Client.Response accept = c.post("/v1/quotes/" + q.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(accept.status()).as(accept.toString()).isEqualTo(402);
            readable(c);
            assertThat(c.get("/v1/accounts/alice", ALICE).json().get("balance").asDouble())
                    .isEqualTo(4e12);
            assertThat(c.get("/v1/accounts/carol", CAROL).json().get("balance").asDouble())
                    .isEqualTo(-2e12);
        }
    }

    private static void readable(Client c) {
        Client.Response all = c.get("/v1/accounts", OP);
        assertThat(all.status()).as(all.toString()).isEqualTo(200);
        for (String[] a : new String[][] {{"alice", ALICE}, {"carol", CAROL}, {"dave", DAVE}}) {
            Client.Response r = c.get("/v1/accounts/" + a[0], a[1]);
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
        }
    }
}
