package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** Issue 26: quotes, accounts and their ledger, and why a job waits. */
class AccountsQuotesTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String BOB = TestService.BOB;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    private static void node(Client c, String owner, String id, double perf, double price, String busy) {
        Client.Response r = c.put(
                "/v1/nodes/" + id,
                owner,
                "{\"performance\":" + perf + ",\"price\":" + price + ",\"busy\":" + busy + "}");
        assertThat(r.status()).as(r.toString()).isIn(200, 201);
    }

    private static void credit(Client c, String account, double amount) {
        Client.Response r = c.post("/v1/accounts/" + account + "/credit", OP, "{\"amount\":" + amount + "}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
    }

    private static JsonNode account(Client c, String id) {
        Client.Response r = c.get("/v1/accounts/" + id, OP);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json();
    }

    /** The ledger's invariants: the rows sum to 0, and every account's figures are the sums of its rows. */
    static void ledgerBalances(Client c) {
        Client.Response all = c.get("/v1/accounts", OP);
        assertThat(all.status()).as(all.toString()).isEqualTo(200);
        assertThat(all.json().get("total").asDouble())
                .as("sum of every ledger row")
                .isEqualTo(0.0);
        for (JsonNode a : all.json().get("accounts")) {
            String id = a.get("id").asString();
            long total = 0;
            long held = 0;
            long after = 0;
            while (true) {
                JsonNode rows = c.get("/v1/accounts/" + id + "/ledger?after=" + after, OP)
                        .json()
                        .get("rows");
                if (rows.isEmpty()) {
                    break;
                }
                for (JsonNode r : rows) {
                    long micros = Math.round(r.get("amount").asDouble() * 1e6);
                    total += micros;
                    if (r.get("bucket").asString().equals("held")) {
                        held += micros;
                    }
                    after = r.get("seq").asLong();
                }
            }
            assertThat(Math.round(a.get("balance").asDouble() * 1e6))
                    .as("%s balance", id)
                    .isEqualTo(total);
            assertThat(Math.round(a.get("held").asDouble() * 1e6))
                    .as("%s held", id)
                    .isEqualTo(held);
        }
    }

    /**
     * Credits of at most 1e12 each are refused once the money credited in all would pass 4e12 (the issuing account's
     * sum overflowed the database's 64-bit integers at the tenth and every credit after it was a 503): a 400 naming
     * the amount, nothing credited, the ledger still balanced.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void creditsPastWhatTheLedgerKeepsExactAreRefused(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            for (int i = 0; i < 4; i++) {
                credit(c, "carol", 1e12);
            }
            Client.Response r = c.post("/v1/accounts/carol/credit", OP, "{\"amount\":1}");
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            assertThat(r.json().get("detail").asString())
                    .contains("amount: 1 would bring the money credited in all to 4000000000001, more than the"
                            + " 4000000000000 the ledger keeps exact");
            assertThat(account(c, "carol").get("balance").asDouble()).isEqualTo(4e12);
            ledgerBalances(c);
        }
    }

    /**
     * A credit below the ledger's unit, a millionth, is refused (1e-7 was 201 and credited nothing); a finer amount is
     * rounded to the nearest millionth, in the ledger and in its event alike.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void creditsBelowAMillionthAreRefusedAndFinerOnesRounded(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            Map<String, String> shown = new java.util.LinkedHashMap<>();
            shown.put("1e-7", "0.0000001");
            shown.put("0", "0");
            shown.put("-1", "-1");
            shown.put("2e12", "2000000000000");
            for (Map.Entry<String, String> bad : shown.entrySet()) {
                Client.Response r = c.post("/v1/accounts/carol/credit", OP, "{\"amount\":" + bad.getKey() + "}");
                assertThat(r.status()).as(r.toString()).isEqualTo(400);
                assertThat(r.json().get("field").asString()).isEqualTo("amount");
                assertThat(r.detail())
                        .isEqualTo(
                                "amount: must be a number from 0.000001 (a millionth, the ledger's unit) to 1e12, got "
                                        + bad.getValue());
            }
            assertThat(account(c, "carol").get("credited").asDouble()).isEqualTo(0.0);
            credit(c, "carol", 0.000001);
            credit(c, "carol", 1.0000004);
            assertThat(account(c, "carol").get("credited").asDouble()).isEqualTo(1.000001);
            JsonNode events = c.get("/v1/events", OP).json().get("events");
            assertThat(events.get(events.size() - 1).get("data").get("amount").asDouble())
                    .isEqualTo(1.0);
            ledgerBalances(c);
        }
    }

    /**
     * A job's budget, which bounds its window's cost, is at most 1e12: a node priced 1e20 made a window of 1e21 that the
     * ledger held as 9.22e12 (Long.MAX_VALUE millionths) without a word. Past it, submission and quote are 400 naming
     * the budget; at it, the job is accepted, and a window past its budget is never reserved.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void costsPastWhatTheLedgerKeepsExactAreRefused(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 1, 1e20, "[]");
            for (String path : java.util.List.of("/v1/jobs", "/v1/quotes")) {
                Client.Response r = c.post(path, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1e22}");
                assertThat(r.status()).as(r.toString()).isEqualTo(400);
                assertThat(r.json().get("field").asString()).isEqualTo("budget");
                assertThat(r.detail())
                        .isEqualTo("budget: must be at most 1e12 (the most a job may cost: the ledger keeps amounts"
                                + " exact in whole millionths up to that), got 1e22");
            }
            assertThat(c.get("/v1/jobs", OP).json().get("jobs")).isEmpty();
            Client.Response j = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1e12}");
            assertThat(j.status()).as(j.toString()).isEqualTo(201);
            assertThat(c.post("/v1/cycles", OP, null).json().get("reserved")).isEmpty();
            assertThat(c.get("/v1/jobs/j1", CAROL).json().get("state").asString())
                    .isEqualTo("queued");
            ledgerBalances(c);
        }
    }

    /**
     * A job stored with a budget past 1e12 (before budgets were bounded) is planned with 1e12: its window of 1e21 on a
     * node priced 1e20 is not reserved (its hold would have been Long.MAX_VALUE millionths); and an amount past what
     * a long holds in millionths is never rounded to Long.MAX_VALUE.
     */
    @Test
    void aStoredBudgetPastTheBoundIsPlannedWithTheBound() throws java.sql.SQLException {
        // backfill: each job its own window (css's DP found no plan at all at such costs)
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("scheme", "backfill"))) {
            Client c = s.client;
            node(c, ALICE, "a1", 1, 1e20, "[]");
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1e12}")
                            .status())
                    .isEqualTo(201);
            try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + s.db);
                    java.sql.Statement st = db.createStatement()) {
                st.executeUpdate("UPDATE jobs SET budget = 1e22 WHERE id = 'j1'");
            }
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.toString()).isEqualTo(201);
            assertThat(cycle.json().get("reserved")).isEmpty();
            assertThat(c.get("/v1/jobs/j1", CAROL).json().get("state").asString())
                    .isEqualTo("queued");
            ledgerBalances(c);
        }
        assertThat(Ledger.micros(9.2e12)).isEqualTo(9_200_000_000_000_000_000L);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Ledger.micros(1e21))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("amount 1e21 is past what the ledger keeps exact in whole millionths");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void anAcceptedQuoteIsExactlyItsWindowAndItsMoneyIsHeldThenSettled(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[[0,10]]");
            node(c, ALICE, "a2", 4, 3, "[]");
            node(c, BOB, "b1", 1, 0.5, "[]");
            credit(c, "carol", 1000);
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":2,\"volume\":40,\"budget\":500}");
            assertThat(q.status()).as(q.toString()).isEqualTo(201);
            assertThat(q.raw().headers().firstValue("Location"))
                    .hasValue("/v1/quotes/" + q.json().get("id").asString());
            JsonNode windows = q.json().get("windows");
            assertThat(windows).hasSize(5);
            java.util.List<String> criteria = new java.util.ArrayList<>();
            windows.forEach(w -> criteria.add(w.get("criterion").asString()));
            assertThat(criteria).containsExactly("finish", "cost", "runtime", "proc-time", "csa");
            JsonNode cheapest = windows.get(1);
            for (JsonNode w : windows) {
                assertThat(w.get("cost").asDouble())
                        .isGreaterThanOrEqualTo(cheapest.get("cost").asDouble() - 1e-9);
                assertThat(w.get("slots")).hasSize(2);
                for (JsonNode sl : w.get("slots")) {
                    assertThat(sl.get("owner").asString()).isIn("alice", "bob");
                }
            }
            // a quote holds nothing
            assertThat(account(c, "carol").get("held").asDouble()).isEqualTo(0.0);
            String qid = q.json().get("id").asString();
            Client.Response a =
                    c.send("POST", "/v1/quotes/" + qid + "/accept", CAROL, "{\"criterion\":\"cost\"}", new String[] {
                        "Idempotency-Key", "accept-1"
                    });
            assertThat(a.status()).as(a.toString()).isEqualTo(201);
            JsonNode res = a.json().get("reservation");
            assertThat(res.get("start").asDouble())
                    .isEqualTo(cheapest.get("start").asDouble());
            assertThat(res.get("cost").asDouble())
                    .isEqualTo(cheapest.get("cost").asDouble());
            for (int i = 0; i < 2; i++) {
                JsonNode got = res.get("slots").get(i);
                JsonNode want = cheapest.get("slots").get(i);
                assertThat(got.get("node").asString())
                        .isEqualTo(want.get("node").asString());
                assertThat(got.get("start").asDouble())
                        .isEqualTo(want.get("start").asDouble());
                assertThat(got.get("end").asDouble()).isEqualTo(want.get("end").asDouble());
            }
            String job = a.json().get("id").asString();
            double cost = cheapest.get("cost").asDouble();
            assertThat(account(c, "carol").get("held").asDouble()).isCloseTo(cost, within(1e-6));
            assertThat(account(c, "carol").get("available").asDouble()).isCloseTo(1000 - cost, within(1e-6));
            assertThat(account(c, "carol").get("balance").asDouble()).isCloseTo(1000, within(1e-6));
            ledgerBalances(c);
            // the same key again: the same job; another key: 409
            Client.Response again =
                    c.send("POST", "/v1/quotes/" + qid + "/accept", CAROL, "{\"criterion\":\"cost\"}", new String[] {
                        "Idempotency-Key", "accept-1"
                    });
            assertThat(again.status()).as(again.toString()).isEqualTo(200);
            assertThat(again.json().get("id").asString()).isEqualTo(job);
            Client.Response other =
                    c.send("POST", "/v1/quotes/" + qid + "/accept", CAROL, "{\"criterion\":\"cost\"}", new String[] {
                        "Idempotency-Key", "accept-2"
                    });
            assertThat(other.status()).as(other.toString()).isEqualTo(409);
            assertThat(c.get("/v1/quotes/" + qid, CAROL).json().get("status").asString())
                    .isEqualTo("accepted");
            assertThat(c.get("/v1/quotes/" + qid, DAVE).status()).isEqualTo(403);
            // a cycle does not move an accepted quote's window
            c.post("/v1/jobs", DAVE, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + job, CAROL)
                            .json()
                            .get("reservation")
                            .get("start")
                            .asDouble())
                    .isEqualTo(cheapest.get("start").asDouble());
            // the clock passes the window: the job is done and the owners earned what its slots ran
            c.post("/v1/clock", OP, "{\"to\":1000}");
            assertThat(c.get("/v1/jobs/" + job, CAROL).json().get("state").asString())
                    .isEqualTo("done");
            JsonNode carol = account(c, "carol");
            assertThat(carol.get("held").asDouble()).isEqualTo(0.0);
            assertThat(carol.get("spent").asDouble()).isCloseTo(cost, within(1e-5));
            String before =
                    c.get("/v1/accounts", OP).body() + c.get("/v1/jobs", OP).body();
            double earned = account(c, "alice").get("earned").asDouble()
                    + account(c, "bob").get("earned").asDouble();
            assertThat(earned)
                    .as(before)
                    .isCloseTo(
                            carol.get("spent").asDouble()
                                    + account(c, "dave").get("spent").asDouble(),
                            within(1e-5));
            ledgerBalances(c);
        }
    }

    @Test
    void anExpiredOrTakenQuoteGets409WithAFreshQuote() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("quote-ttl", "10"))) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[]");
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
            String qid = q.json().get("id").asString();
            assertThat(q.json().get("expires").asDouble()).isEqualTo(10.0);
            c.post("/v1/clock", OP, "{\"advance\":11}");
            Client.Response late = c.post("/v1/quotes/" + qid + "/accept", CAROL, null);
            assertThat(late.status()).as(late.toString()).isEqualTo(409);
            assertThat(late.json().get("detail").asString()).contains("expired");
            JsonNode fresh = late.json().get("quote");
            assertThat(fresh.get("id").asString()).isNotEqualTo(qid);
            assertThat(fresh.get("time").asDouble()).isEqualTo(11.0);
            // two users quote the same free node; the first to accept gets it
            Client.Response qc = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
            Client.Response qd = c.post("/v1/quotes", DAVE, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
            assertThat(c.post("/v1/quotes/" + qd.json().get("id").asString() + "/accept", DAVE, null)
                            .status())
                    .isEqualTo(201);
            Client.Response taken = c.post("/v1/quotes/" + qc.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(taken.status()).as(taken.toString()).isEqualTo(409);
            assertThat(taken.json().get("detail").asString()).contains("not free any more");
            JsonNode next = taken.json().get("quote").get("windows").get(0);
            assertThat(next.get("start").asDouble()).isEqualTo(21.0); // after dave's window [11, 21)
            JsonNode none = c.post("/v1/quotes", CAROL, "{\"nodes\":2,\"volume\":20,\"budget\":100}")
                    .json();
            assertThat(none.get("reason").asString()).contains("needs 2 nodes");
            // the quote read back says why as its answer did, to its user and to the operator
            String noneId = none.get("id").asString();
            assertThat(c.get("/v1/quotes/" + noneId, CAROL).json().get("reason"))
                    .isEqualTo(none.get("reason"));
            assertThat(c.get("/v1/quotes/" + noneId, OP).json().get("reason")).isEqualTo(none.get("reason"));
            // another user's quote is 403, as another user's job is; an unknown one 404
            Client.Response other = c.get("/v1/quotes/" + qid, DAVE);
            assertThat(other.status()).as(other.toString()).isEqualTo(403);
            assertThat(other.detail()).isEqualTo("quote " + qid + " belongs to another user");
            assertThat(c.post("/v1/quotes/" + noneId + "/accept", DAVE, null).status())
                    .isEqualTo(403);
            assertThat(c.get("/v1/quotes/q999", CAROL).status()).isEqualTo(404);
            assertThat(c.post("/v1/quotes/q999/accept", CAROL, null).status()).isEqualTo(404);
            assertThat(c.post("/v1/quotes/" + qid + "/accept", CAROL, "{\"criterion\":\"cheap\"}")
                            .status())
                    .isEqualTo(400);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aJobWhoseHoldExceedsTheBalanceIsNotReservedAndSaysSo(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[]");
            credit(c, "carol", 5);
            String j = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}")
                    .json()
                    .get("id")
                    .asString();
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            JsonNode why = c.get("/v1/jobs/" + j + "/why", CAROL).json();
            assertThat(why.get("state").asString()).isEqualTo("queued");
            assertThat(why.get("why").get("kind").asString()).isEqualTo("balance");
            assertThat(why.get("why").get("message").asString())
                    .contains("costing 10")
                    .contains("has 5 available");
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
            Client.Response a = c.post("/v1/quotes/" + q.json().get("id").asString() + "/accept", CAROL, null);
            assertThat(a.status()).as(a.toString()).isEqualTo(402);
            credit(c, "carol", 5);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + j, CAROL).json().get("state").asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            assertThat(account(c, "carol").get("available").asDouble()).isEqualTo(0.0);
            assertThat(account(c, "carol").get("balance").asDouble()).isEqualTo(10.0);
            ledgerBalances(c);
            // an account never credited is not limited
            String d = c.post("/v1/jobs", DAVE, "{\"nodes\":1,\"volume\":20,\"budget\":100}")
                    .json()
                    .get("id")
                    .asString();
            c.post("/v1/cycles", OP, null);
            assertThat(c.get("/v1/jobs/" + d, DAVE).json().get("state").asString())
                    .isEqualTo("reserved");
            assertThat(account(c, "dave").get("available").asDouble()).isEqualTo(-10.0);
            ledgerBalances(c);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void cancellingReleasesTheHoldAndAnEarlyEndSettlesWhatRan(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[]");
            node(c, BOB, "b1", 2, 3, "[]");
            credit(c, "carol", 1000);
            String j1 = c.post("/v1/jobs", CAROL, "{\"nodes\":2,\"volume\":40,\"budget\":500}")
                    .json()
                    .get("id")
                    .asString();
            String j2 = c.post("/v1/jobs", CAROL, "{\"nodes\":2,\"volume\":40,\"budget\":500}")
                    .json()
                    .get("id")
                    .asString();
            c.post("/v1/cycles", OP, null);
            double cost1 = c.get("/v1/jobs/" + j1, CAROL)
                    .json()
                    .get("reservation")
                    .get("cost")
                    .asDouble();
            double cost2 = c.get("/v1/jobs/" + j2, CAROL)
                    .json()
                    .get("reservation")
                    .get("cost")
                    .asDouble();
            assertThat(cost1).isEqualTo(80.0); // 20 on a1 at 1, 20 on b1 at 3
            assertThat(account(c, "carol").get("held").asDouble()).isCloseTo(cost1 + cost2, within(1e-6));
            // j2 (later) cancelled before it starts: the whole hold comes back
            assertThat(c.delete("/v1/jobs/" + j2, CAROL).status()).isEqualTo(200);
            assertThat(account(c, "carol").get("held").asDouble()).isCloseTo(cost1, within(1e-6));
            // j1 ends after 5 of its 20: it pays a quarter of each slot
            c.post("/v1/clock", OP, "{\"to\":8}");
            Client.Response f = c.post("/v1/jobs/" + j1 + "/finished", CAROL, "{\"runtime\":5}");
            assertThat(f.status()).as(f.toString()).isEqualTo(200);
            JsonNode carol = account(c, "carol");
            assertThat(carol.get("held").asDouble()).isEqualTo(0.0);
            assertThat(carol.get("spent").asDouble()).isCloseTo(20.0, within(1e-6));
            assertThat(carol.get("balance").asDouble()).isCloseTo(980.0, within(1e-6));
            // the job says what it paid beside what it reserved (the listing showed only the reserved cost)
            JsonNode r1 = c.get("/v1/jobs/" + j1, CAROL).json().get("reservation");
            assertThat(r1.get("cost").asDouble()).isEqualTo(80.0);
            assertThat(r1.get("paid").asDouble()).isEqualTo(20.0);
            JsonNode r2 = c.get("/v1/jobs/" + j2, CAROL).json().get("reservation");
            if (r2 != null && !r2.isNull()) { // cancelled before its start: it paid nothing
                assertThat(r2.get("paid").asDouble()).isEqualTo(0.0);
            }
            assertThat(account(c, "alice").get("earned").asDouble()).isCloseTo(5.0, within(1e-6));
            assertThat(account(c, "bob").get("earned").asDouble()).isCloseTo(15.0, within(1e-6));
            JsonNode rows = c.get("/v1/accounts/carol/ledger", CAROL).json().get("rows");
            assertThat(rows.get(0).get("kind").asString()).isEqualTo("credit");
            assertThat(c.get("/v1/accounts/carol", DAVE).status()).isEqualTo(403);
            assertThat(c.get("/v1/accounts/nobody", OP).status()).isEqualTo(404);
            assertThat(c.post("/v1/accounts/nobody/credit", OP, "{\"amount\":5}")
                            .status())
                    .isEqualTo(404);
            assertThat(c.post("/v1/accounts/carol/credit", CAROL, "{\"amount\":5}")
                            .status())
                    .isEqualTo(403);
            assertThat(c.post("/v1/accounts/carol/credit", OP, "{\"amount\":-5}")
                            .status())
                    .isEqualTo(400);
            ledgerBalances(c);
        }
    }

    /**
     * Backfilling moves reserved jobs earlier when a job ends early; a move may cost more than the window it leaves.
     * Two of carol's jobs could each afford the dearer earlier window, not both: the first moves there, the second
     * takes the cheap window the first left, and carol's holds stay within her balance.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void jobsMovedByBackfillingNeverOverdrawTheirAccountTogether(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("backfilling", "on"))) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[[0,50]]"); // cheap, its owner's until 50
            node(c, BOB, "b1", 2, 3, "[[0,100]]"); // dear, its owner's until 100
            node(c, ALICE, "a2", 1, 0.3, "[]"); // too slow for carol's jobs; the only one within dave's budget
            String d = c.post("/v1/jobs", DAVE, "{\"nodes\":1,\"volume\":10,\"budget\":4}")
                    .json()
                    .get("id")
                    .asString();
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(start(c, d)).isEqualTo(0.0); // on a2, from 0 to 10
            credit(c, "carol", 25);
            String body = "{\"nodes\":1,\"volume\":10,\"budget\":100,\"minPerformance\":2}";
            String j1 = c.post("/v1/jobs", CAROL, body).json().get("id").asString();
            String j2 = c.post("/v1/jobs", CAROL, body).json().get("id").asString();
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            assertThat(start(c, j1)).isEqualTo(50.0);
            assertThat(start(c, j2)).isEqualTo(55.0);
            assertThat(account(c, "carol").get("available").asDouble()).isEqualTo(15.0);
            // b1 becomes free now; then dave's job ends early, and backfilling moves carol's jobs
            node(c, BOB, "b1", 2, 3, "[]");
            c.post("/v1/clock", OP, "{\"to\":1}");
            Client.Response f = c.post("/v1/jobs/" + d + "/finished", DAVE, "{\"runtime\":1}");
            assertThat(f.status()).as(f.toString()).isEqualTo(200);
            // j1 moves to b1 at 1 (15 instead of 5: 10 more of carol's 15); j2 cannot add another 10
            assertThat(start(c, j1)).isEqualTo(1.0);
            assertThat(c.get("/v1/jobs/" + j1, CAROL)
                            .json()
                            .get("reservation")
                            .get("cost")
                            .asDouble())
                    .isEqualTo(15.0);
            assertThat(start(c, j2)).isEqualTo(50.0);
            assertThat(c.get("/v1/jobs/" + j2, CAROL)
                            .json()
                            .get("reservation")
                            .get("cost")
                            .asDouble())
                    .isEqualTo(5.0);
            JsonNode carol = account(c, "carol");
            assertThat(carol.get("held").asDouble()).isEqualTo(20.0);
            assertThat(carol.get("available").asDouble()).isEqualTo(5.0);
            ledgerBalances(c);
        }
    }

    /** A job's maxPrice limits its windows in cycles, quotes and why, as in metasched batch. */
    @Test
    void aJobsMaxPriceKeepsItOffDearerNodes() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[[0,100]]"); // cheap, its owner's until 100
            node(c, BOB, "b1", 2, 3, "[]"); // dear, free now
            String body = "{\"nodes\":1,\"volume\":10,\"budget\":100,\"maxPrice\":2}";
            JsonNode q = c.post("/v1/quotes", CAROL, body).json();
            assertThat(q.get("windows")).isNotEmpty();
            for (JsonNode w : q.get("windows")) {
                assertThat(w.get("slots").get(0).get("node").asString()).isEqualTo("a1");
            }
            String j = c.post("/v1/jobs", CAROL, body).json().get("id").asString();
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            JsonNode r = c.get("/v1/jobs/" + j, CAROL).json().get("reservation");
            assertThat(r.get("slots").get(0).get("node").asString()).isEqualTo("a1");
            assertThat(r.get("start").asDouble()).isEqualTo(100.0);
            // without the cap the same job starts now on b1
            JsonNode free = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}")
                    .json();
            assertThat(free.get("windows")
                            .get(0)
                            .get("slots")
                            .get(0)
                            .get("node")
                            .asString())
                    .isEqualTo("b1");
        }
    }

    private static double start(Client c, String job) {
        return c.get("/v1/jobs/" + job, OP)
                .json()
                .get("reservation")
                .get("start")
                .asDouble();
    }

    @Test
    void whyNamesTheCheapestWindowWhenTheBudgetIsBelowEveryWindow() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 4, "[]");
            node(c, ALICE, "a2", 4, 2, "[[0,30]]");
            node(c, ALICE, "a3", 1, 1, "[[0,1000]]");
            String poor = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":40,\"budget\":10}")
                    .json()
                    .get("id")
                    .asString();
            String wide = c.post("/v1/jobs", CAROL, "{\"nodes\":3,\"volume\":40,\"budget\":1000}")
                    .json()
                    .get("id")
                    .asString();
            assertThat(c.delete("/v1/nodes/a3", ALICE).status()).isEqualTo(200);
            String fast = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":40,\"budget\":1000,\"minPerformance\":9}")
                    .json()
                    .get("id")
                    .asString();
            assertThat(c.get("/v1/jobs/" + poor + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("kind")
                            .asString())
                    .isEqualTo("not-planned");
            c.post("/v1/cycles", OP, null);
            JsonNode why = c.get("/v1/jobs/" + poor + "/why", CAROL).json().get("why");
            assertThat(why.get("kind").asString()).isEqualTo("over-budget");
            // the cheapest: 10 time units on a2 (price 2) from 30, cost 20; on a1 it would be 20 x 4 = 80
            assertThat(why.get("cheapest").get("cost").asDouble()).isEqualTo(20.0);
            assertThat(why.get("cheapest").get("start").asDouble()).isEqualTo(30.0);
            assertThat(why.get("cheapest").get("slots").get(0).get("node").asString())
                    .isEqualTo("a2");
            assertThat(why.get("message").asString()).contains("budget 10").contains("costs 20");
            assertThat(c.get("/v1/jobs/" + wide + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("kind")
                            .asString())
                    .isEqualTo("too-few-nodes");
            assertThat(c.get("/v1/jobs/" + fast + "/why", CAROL)
                            .json()
                            .get("why")
                            .get("kind")
                            .asString())
                    .isEqualTo("min-performance"); // no node is that fast (MinPerformanceWhyTest)
            assertThat(c.get("/v1/jobs/" + poor, CAROL).json().get("reason").asString())
                    .contains("costs 20");
            assertThat(c.get("/v1/jobs/" + poor + "/why", DAVE).status()).isEqualTo(403);
        }
    }

    @Test
    void whyNamesTheJobsTheBatchGaveTheSlotsTo() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("horizon", "30"))) {
            Client c = s.client;
            node(c, ALICE, "a1", 2, 1, "[]");
            String first = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":40,\"budget\":100}")
                    .json()
                    .get("id")
                    .asString();
            String second = c.post("/v1/jobs", DAVE, "{\"nodes\":1,\"volume\":40,\"budget\":100}")
                    .json()
                    .get("id")
                    .asString();
            c.post("/v1/cycles", OP, null);
            assertThat(c.get("/v1/jobs/" + first, CAROL).json().get("state").asString())
                    .isEqualTo("running"); // its window starts at the cycle's time
            JsonNode why = c.get("/v1/jobs/" + second + "/why", DAVE).json().get("why");
            assertThat(why.get("kind").asString()).as(why.toString()).isEqualTo("taken");
            assertThat(why.get("takenBy").toString()).isEqualTo("[\"" + first + "\"]");
            assertThat(why.get("gained").asDouble()).isEqualTo(20.0); // min-time over processor time: 20
            assertThat(c.get("/v1/jobs/" + first + "/why", CAROL)
                            .json()
                            .get("waiting")
                            .asBoolean())
                    .isFalse();
        }
    }
}
