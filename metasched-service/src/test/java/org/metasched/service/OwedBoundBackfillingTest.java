package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * A backfilling pass keeps the accounts never credited within what they may owe together ({@link Ledger#MAX_OWED}):
 * each moved job of such an account takes its extra cost from the room the earlier moves of the pass left, not from
 * the room before the pass (each counting all of it let two moves owe 200 past the bound).
 */
class OwedBoundBackfillingTest {
    private static final String OP = "op-0123456789abcdef";
    private static final String OWNER = "own-0123456789abcdef";
    private static final String DEBTOR = "debt-0123456789abcdef";
    private static final String U2 = "u2-0123456789abcdef";
    private static final String U3 = "u3-0123456789abcdef";
    private static final String RICH = "rich-0123456789abcdef";

    @TempDir
    Path dir;

    private static void node(Client c, String id, double performance, double price, String busy) {
        Client.Response r = c.put(
                "/v1/nodes/" + id,
                OWNER,
                "{\"performance\":" + performance + ",\"price\":" + price + ",\"busy\":" + busy + "}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
    }

    private static String submit(Client c, String token, int nodes, double volume, double budget) {
        Client.Response r = c.post(
                "/v1/jobs",
                token,
                "{\"nodes\":" + nodes + ",\"volume\":" + volume + ",\"budget\":" + budget
                        + ",\"criterion\":\"start\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    private static String nodesOf(Client c, String job) {
        StringBuilder s = new StringBuilder();
        for (JsonNode sl :
                c.get("/v1/jobs/" + job, OP).json().get("reservation").get("slots")) {
            s.append(sl.get("node").asString()).append(' ');
        }
        return s.toString().strip();
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void movesOfAccountsNeverCreditedShareTheRoomTheyMayStillOwe(TestDatabases kind) throws Exception {
        try (Service s = TestService.serve(
                dir,
                kind.fresh(dir),
                "clock: manual\nscheme: backfill\nbackfilling: on\ntokens:\n"
                        + "  - {name: op, role: operator, token: " + OP + "}\n"
                        + "  - {name: lab, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: debtor, role: user, token: " + DEBTOR + "}\n"
                        + "  - {name: u2, role: user, token: " + U2 + "}\n"
                        + "  - {name: u3, role: user, token: " + U3 + "}\n"
                        + "  - {name: rich, role: user, token: " + RICH + "}\n")) {
            Client c = new Client(s.url());
            // the debtor's four windows of 100 hold 4e12 - 1000 (never credited: what the accounts may owe)
            node(c, "d1", 1, 1e10, "[]");
            node(c, "d2", 1, 1e10, "[]");
            node(c, "d3", 1, 1e10, "[]");
            node(c, "d4", 1, 9_999_999_990.0, "[]");
            node(c, "x1", 3, 1, "[[0,100]]"); // cheap, free from 100
            node(c, "x2", 3, 1, "[[0,100]]");
            node(c, "e1", 3, 60, "[]"); // dear, taken by rich's job until 200
            node(c, "e2", 3, 60, "[]");
            assertThat(c.post("/v1/accounts/rich/credit", OP, "{\"amount\":100000}")
                            .status())
                    .isEqualTo(201);
            for (int i = 0; i < 4; i++) {
                submit(c, DEBTOR, 1, 100, 1e12);
            }
            String blocker = submit(c, RICH, 2, 600, 100000); // e1 and e2 from 0 to 200
            String j2 = submit(c, U2, 1, 30, 1000); // x1 or x2 at 100, 10 long: a hold of 10
            String j3 = submit(c, U3, 1, 30, 1000);
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
            assertThat(cycle.json().get("reserved")).as(cycle.body()).hasSize(7);
            assertThat(nodesOf(c, blocker)).isEqualTo("e1 e2");
            assertThat(nodesOf(c, j2)).startsWith("x");
            assertThat(nodesOf(c, j3)).startsWith("x");
            // room left: 4e12 - (4e12 - 1000 + 10 + 10) = 980; a move to e at 0 costs 600, 590 more than x
            Client.Response cancel = c.delete("/v1/jobs/" + blocker, RICH);
            assertThat(cancel.status()).as(cancel.toString()).isEqualTo(200);
            int onE = (nodesOf(c, j2).startsWith("e") ? 1 : 0) + (nodesOf(c, j3).startsWith("e") ? 1 : 0);
            assertThat(onE).as("jobs moved to e: one fits the room, two do not").isEqualTo(1);
            double owed = 0;
            for (JsonNode a : c.get("/v1/accounts", OP).json().get("accounts")) {
                if (!a.get("id").asString().startsWith("@")) {
                    owed += Math.max(0, -a.get("available").asDouble());
                }
            }
            assertThat(owed).as("what the accounts never credited owe together").isLessThanOrEqualTo(4e12);
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
