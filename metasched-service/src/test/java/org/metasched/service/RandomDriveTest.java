package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Drives the service over HTTP on random nodes and jobs (publish, submit, cycles, the clock, early ends,
 * cancellations, node changes) and checks after every step, with the independent {@link ReservationChecker}, that
 * the reservations are real windows within budget and disjoint per node, and that every CSS cycle's choice is
 * optimal among its alternatives.
 */
class RandomDriveTest {
    @TempDir
    Path dir;

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (TestDatabases db : TestDatabases.values()) {
            out.add(Arguments.of(db, "css", "off", 11L));
            out.add(Arguments.of(db, "backfill", "on", 12L));
        }
        out.add(Arguments.of(TestDatabases.SQLITE, "bsf", "on", 14L));
        out.add(Arguments.of(TestDatabases.SQLITE, "slicer", "off", 15L));
        return out;
    }

    @ParameterizedTest(name = "{0} {1} backfilling {2} seed {3}")
    @MethodSource("cases")
    void reservationsStayValid(TestDatabases db, String scheme, String backfilling, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, String> settings = Map.of(
                "scheme",
                scheme,
                "backfilling",
                backfilling,
                "sub-batches",
                "2",
                "horizon",
                "400",
                "max-cycles",
                "3",
                "quantum",
                "1"); // the optimality check bounds the choice by the spec's whole units (quantum 1)
        try (TestService s = TestService.start(db, dir, settings)) {
            Client c = s.client;
            int m = 5 + rnd.nextInt(6);
            for (int i = 0; i < m; i++) {
                String owner = i % 2 == 0 ? TestService.ALICE : TestService.BOB;
                String id = (i % 2 == 0 ? "a" : "b") + i;
                assertThat(c.put("/v1/nodes/" + id, owner, nodeBody(rnd)).status())
                        .isEqualTo(201);
            }
            List<String> submitted = new ArrayList<>();
            int cssChecked = 0;
            // carol's account is limited (some of her jobs wait for money), dave's was never credited (unlimited)
            assertThat(c.post("/v1/accounts/carol/credit", TestService.OPERATOR, "{\"amount\":4000}")
                            .status())
                    .isEqualTo(201);
            int quotesAccepted = 0;
            SplittableRandom quotes = rnd.split();
            for (int step = 0; step < 10; step++) {
                int k = 2 + rnd.nextInt(5);
                for (int i = 0; i < k; i++) {
                    int n = 1 + rnd.nextInt(Math.min(4, m));
                    double v = 20 + 180 * rnd.nextDouble();
                    double budget = n * v * (0.6 + 1.2 * rnd.nextDouble());
                    String user = rnd.nextBoolean() ? TestService.CAROL : TestService.DAVE;
                    Client.Response r = c.post(
                            "/v1/jobs",
                            user,
                            String.format(
                                    Locale.ROOT,
                                    "{\"nodes\":%d,\"volume\":%.3f,\"budget\":%.3f,\"criterion\":\"%s\"}",
                                    n,
                                    v,
                                    budget,
                                    new String[] {"start", "runtime", "finish", "cost"}[rnd.nextInt(4)]));
                    assertThat(r.status()).as(r.toString()).isEqualTo(201);
                    submitted.add(r.json().get("id").asString());
                }
                if (step == 0) {
                    // a quote accepted before any cycle: the cycle plans around a reservation it did not make
                    quotesAccepted += quoteAndAccept(c, quotes, Math.min(4, m), submitted);
                    check(c);
                }
                Client.Response cy = c.post("/v1/cycles", TestService.OPERATOR, null);
                assertThat(cy.status()).as(cy.toString()).isIn(200, 201);
                if (cy.status() == 201) {
                    assertThat(ReservationChecker.checkAlternativesDisjoint(cy.json()))
                            .isEmpty();
                    if (scheme.equals("css")) {
                        List<String> opt = ReservationChecker.checkCssOptimal(cy.json(), 300_000);
                        if (opt != null) {
                            assertThat(opt)
                                    .as("cycle %s", cy.json().get("cycle"))
                                    .isEmpty();
                            cssChecked++;
                        }
                    }
                }
                check(c);
                quotesAccepted += quoteAndAccept(c, quotes, Math.min(4, m), submitted);
                check(c);
                // time passes; some running jobs end early, some jobs are cancelled
                assertThat(c.post("/v1/clock", TestService.OPERATOR, "{\"advance\":" + (10 + rnd.nextInt(60)) + "}")
                                .status())
                        .isEqualTo(200);
                for (JsonNode j : c.get("/v1/jobs?state=running", TestService.OPERATOR)
                        .json()
                        .get("jobs")) {
                    if (rnd.nextInt(3) == 0) {
                        double now = c.get("/v1/clock", TestService.OPERATOR)
                                .json()
                                .get("time")
                                .asDouble();
                        double start = j.get("reservation").get("start").asDouble();
                        double runtime = j.get("reservation").get("runtime").asDouble();
                        double ran = Math.min(runtime, (now - start)) * (0.3 + 0.7 * rnd.nextDouble());
                        if (ran > 0) {
                            Client.Response f = c.post(
                                    "/v1/jobs/" + j.get("id").asString() + "/finished",
                                    TestService.OPERATOR,
                                    "{\"runtime\":" + ran + "}");
                            assertThat(f.status()).as(f.toString()).isEqualTo(200);
                            assertThat(f.json().get("state").asString()).isEqualTo("done");
                        }
                    }
                }
                if (rnd.nextInt(3) == 0) {
                    String victim = submitted.get(rnd.nextInt(submitted.size()));
                    Client.Response d = c.delete("/v1/jobs/" + victim, TestService.OPERATOR);
                    assertThat(d.status()).as(d.toString()).isIn(200, 409);
                }
                if (rnd.nextInt(3) == 0) { // an owner adds busy time beyond every reservation (horizon 400)
                    JsonNode node = c.get("/v1/nodes", TestService.ALICE)
                            .json()
                            .get("nodes")
                            .get(rnd.nextInt(m));
                    String owner = node.get("owner").asString().equals("alice") ? TestService.ALICE : TestService.BOB;
                    double now = c.get("/v1/clock", TestService.OPERATOR)
                            .json()
                            .get("time")
                            .asDouble();
                    StringBuilder busy = new StringBuilder("[");
                    double last = 0;
                    for (JsonNode b : node.get("busy")) {
                        busy.append(busy.length() > 1 ? "," : "").append(b);
                        last = Math.max(last, b.get(1).asDouble());
                    }
                    double from = Math.max(last, now + 420);
                    busy.append(busy.length() > 1 ? "," : "").append("[" + from + "," + (from + 25) + "]]");
                    Client.Response p = c.put(
                            "/v1/nodes/" + node.get("id").asString(),
                            owner,
                            String.format(
                                    Locale.ROOT,
                                    "{\"performance\":%s,\"price\":%s,\"busy\":%s}",
                                    node.get("performance"),
                                    node.get("price"),
                                    busy));
                    assertThat(p.status()).as(p.toString()).isEqualTo(200);
                    // the owner's time may not take a slot a job holds
                    JsonNode held = c.get("/v1/nodes/" + node.get("id").asString(), owner)
                            .json()
                            .get("reservations");
                    if (!held.isEmpty()) {
                        JsonNode h = held.get(0);
                        Client.Response q = c.put(
                                "/v1/nodes/" + node.get("id").asString(),
                                owner,
                                String.format(
                                        Locale.ROOT,
                                        "{\"performance\":%s,\"price\":%s,\"busy\":[[%s,%s]]}",
                                        node.get("performance"),
                                        node.get("price"),
                                        h.get("start"),
                                        h.get("end")));
                        assertThat(q.status()).as(q.toString()).isEqualTo(409);
                    }
                }
                check(c);
            }
            if (scheme.equals("css")) {
                assertThat(cssChecked).as("CSS cycles checked by brute force").isGreaterThan(3);
            }
            assertThat(quotesAccepted).as("quotes accepted").isGreaterThan(5);
            JsonNode all = c.get("/v1/jobs", TestService.OPERATOR).json().get("jobs");
            assertThat(all.size()).isEqualTo(submitted.size());
            long reservedEver = 0;
            for (JsonNode j : all) {
                reservedEver += j.get("cycle").isNull() ? 0 : 1;
            }
            assertThat(reservedEver).as("jobs that got a reservation").isGreaterThan(submitted.size() / 3);
        }
    }

    private static void check(Client c) {
        JsonNode nodes = c.get("/v1/nodes", TestService.OPERATOR).json().get("nodes");
        JsonNode jobs = c.get("/v1/jobs", TestService.OPERATOR).json().get("jobs");
        List<String> bad = ReservationChecker.check(nodes, jobs);
        assertThat(bad).isEmpty();
        AccountsQuotesTest.ledgerBalances(c);
        // what a user's account holds is the cost of its reservations (each slot's length x price, in millionths)
        Map<String, Double> holds = new java.util.HashMap<>();
        for (JsonNode j : jobs) {
            String st = j.get("state").asString();
            if (st.equals("reserved") || st.equals("running")) {
                holds.merge(
                        j.get("user").asString(),
                        j.get("reservation").get("cost").asDouble(),
                        Double::sum);
            }
        }
        for (String user : List.of("carol", "dave")) {
            JsonNode account =
                    c.get("/v1/accounts/" + user, TestService.OPERATOR).json();
            double held = account.get("held").asDouble();
            assertThat(held).as("%s's hold", user).isCloseTo(holds.getOrDefault(user, 0.0), within(1e-4));
        }
        // carol's account is credited, so limited: her holds, moves by backfilling included, never exceed her balance
        assertThat(c.get("/v1/accounts/carol", TestService.OPERATOR)
                        .json()
                        .get("available")
                        .asDouble())
                .as("carol's available money")
                .isGreaterThanOrEqualTo(-1e-6);
    }

    /** Dave asks for a quote and accepts one criterion's window: the reservation is exactly that window. */
    private static int quoteAndAccept(Client c, SplittableRandom rnd, int maxNodes, List<String> submitted) {
        int n = 1 + rnd.nextInt(maxNodes);
        double v = 20 + 180 * rnd.nextDouble();
        Client.Response q = c.post(
                "/v1/quotes",
                TestService.DAVE,
                String.format(Locale.ROOT, "{\"nodes\":%d,\"volume\":%.3f,\"budget\":%.3f}", n, v, n * v * 1.5));
        assertThat(q.status()).as(q.toString()).isEqualTo(201);
        JsonNode windows = q.json().get("windows");
        if (windows.isEmpty()) {
            assertThat(q.json().get("reason").asString()).isNotBlank();
            return 0;
        }
        JsonNode w = windows.get(rnd.nextInt(windows.size()));
        Client.Response a = c.post(
                "/v1/quotes/" + q.json().get("id").asString() + "/accept",
                TestService.DAVE,
                "{\"criterion\":\"" + w.get("criterion").asString() + "\"}");
        assertThat(a.status()).as(a.toString()).isEqualTo(201);
        submitted.add(a.json().get("id").asString());
        JsonNode r = a.json().get("reservation");
        assertThat(r.get("start").asDouble()).isEqualTo(w.get("start").asDouble());
        assertThat(r.get("cost").asDouble()).isEqualTo(w.get("cost").asDouble());
        assertThat(r.get("slots")).hasSize(w.get("slots").size());
        for (int i = 0; i < w.get("slots").size(); i++) {
            JsonNode got = r.get("slots").get(i);
            JsonNode want = w.get("slots").get(i);
            assertThat(got.get("node").asString()).isEqualTo(want.get("node").asString());
            assertThat(got.get("start").asDouble()).isEqualTo(want.get("start").asDouble());
            assertThat(got.get("plannedEnd").asDouble())
                    .isEqualTo(want.get("end").asDouble());
        }
        return 1;
    }

    static String nodeBody(SplittableRandom rnd) {
        double p = 2 + 8 * rnd.nextDouble();
        double price = p * (0.7 + 0.6 * rnd.nextDouble());
        StringBuilder busy = new StringBuilder("[");
        double t = rnd.nextDouble() * 40;
        for (int b = 0; b < 4; b++) {
            double len = 10 + 60 * rnd.nextDouble();
            busy.append(b == 0 ? "" : ",").append(String.format(Locale.ROOT, "[%.3f,%.3f]", t, t + len));
            t += len + 20 + 150 * rnd.nextDouble();
        }
        busy.append(']');
        return String.format(Locale.ROOT, "{\"performance\":%.4f,\"price\":%.4f,\"busy\":%s}", p, price, busy);
    }
}
