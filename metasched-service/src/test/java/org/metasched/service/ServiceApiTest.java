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

/** The API's behaviour, each case against SQLite and against PostgreSQL. */
class ServiceApiTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    /** One node a1 (performance 2, price 1), free from 0: a job of volume V on it runs V / 2. */
    private static void oneNode(Client c, String id, double perf, double price, String busy) {
        Client.Response r = c.put(
                "/v1/nodes/" + id,
                ALICE,
                "{\"performance\":" + perf + ",\"price\":" + price + ",\"busy\":" + busy + "}");
        assertThat(r.status()).as(r.toString()).isIn(200, 201);
    }

    private static String submit(Client c, String user, String body) {
        Client.Response r = c.post("/v1/jobs", user, body);
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        assertThat(r.raw().headers().firstValue("Location"))
                .hasValue("/v1/jobs/" + r.json().get("id").asString());
        return r.json().get("id").asString();
    }

    private static JsonNode job(Client c, String id) {
        return c.get("/v1/jobs/" + id, OP).json();
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void nodesArePublishedChangedAndListedInOrder(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            Client.Response r =
                    c.put("/v1/nodes/a2", ALICE, "{\"performance\":4,\"price\":3,\"busy\":[[10,20],[0,5]]}");
            assertThat(r.status()).isEqualTo(201);
            assertThat(r.json().get("busy").toString()).isEqualTo("[[0.0,5.0],[10.0,20.0]]");
            assertThat(r.json().get("owner").asString()).isEqualTo("alice");
            oneNode(c, "a1", 2, 1, "[]");
            r = c.put("/v1/nodes/a2", ALICE, "{\"performance\":5,\"price\":3}");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.json().get("performance").asDouble()).isEqualTo(5);
            JsonNode list = c.get("/v1/nodes", CAROL).json().get("nodes");
            assertThat(list).hasSize(2);
            assertThat(list.get(0).get("id").asString()).isEqualTo("a2"); // publication order
            assertThat(c.get("/v1/nodes/zz", CAROL).status()).isEqualTo(404);
            assertThat(c.delete("/v1/nodes/a1", ALICE).status()).isEqualTo(200);
            assertThat(c.get("/v1/nodes", CAROL).json().get("nodes")).hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aJobGoesFromQueuedToReservedRunningAndDoneWithTheClock(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 2, 1, "[[0,10]]");
            String j = submit(c, CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100,\"clientId\":\"run-7\"}");
            assertThat(job(c, j).get("state").asString()).isEqualTo("queued");
            assertThat(job(c, j).get("clientId").asString()).isEqualTo("run-7");
            Client.Response cy = c.post("/v1/cycles", OP, null);
            assertThat(cy.status()).isEqualTo(201);
            assertThat(cy.raw().headers().firstValue("Location")).hasValue("/v1/cycles/1");
            assertThat(cy.json().get("reserved").toString()).isEqualTo("[\"" + j + "\"]");
            JsonNode r = job(c, j).get("reservation");
            assertThat(r.get("start").asDouble()).isEqualTo(10);
            assertThat(r.get("finish").asDouble()).isEqualTo(20);
            assertThat(r.get("cost").asDouble()).isEqualTo(10);
            assertThat(job(c, j).get("state").asString()).isEqualTo("reserved");
            c.post("/v1/clock", OP, "{\"to\":12}");
            assertThat(job(c, j).get("state").asString()).isEqualTo("running");
            c.post("/v1/clock", OP, "{\"advance\":8}");
            JsonNode done = job(c, j);
            assertThat(done.get("state").asString()).isEqualTo("done");
            assertThat(done.get("realRuntime").asDouble()).isEqualTo(10);
            assertThat(c.get("/v1/clock", CAROL).json().get("time").asDouble()).isEqualTo(20);
            List<String> kinds = new ArrayList<>();
            c.get("/v1/events", OP)
                    .json()
                    .get("events")
                    .forEach(e -> kinds.add(e.get("kind").asString()));
            assertThat(kinds)
                    .containsSubsequence(
                            "node.published",
                            "job.submitted",
                            "job.reserved",
                            "cycle.completed",
                            "job.started",
                            "job.done");
            // nothing waits: no cycle
            Client.Response none = c.post("/v1/cycles", OP, null);
            assertThat(none.status()).isEqualTo(200);
            assertThat(none.json().get("cycle").isNull()).isTrue();
        }
    }

    /**
     * A window a cycle reserves from the cycle's own time runs at once, as an accepted quote's does: it stayed
     * {@code reserved}, without its job.started, until the clock moved, although the clock had reached its start.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aWindowThatACycleStartsNowRunsAtOnce(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 2, 1, "[]");
            String j = submit(c, CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
            Client.Response cy = c.post("/v1/cycles", OP, null);
            assertThat(cy.status()).as(cy.body()).isEqualTo(201);
            assertThat(cy.json().get("reserved").toString()).isEqualTo("[\"" + j + "\"]");
            JsonNode running = job(c, j);
            assertThat(running.get("reservation").get("start").asDouble()).isEqualTo(0);
            assertThat(running.get("state").asString()).isEqualTo("running");
            List<String> kinds = new ArrayList<>();
            c.get("/v1/events", OP)
                    .json()
                    .get("events")
                    .forEach(e -> kinds.add(
                            e.get("kind").asString() + " " + e.get("subject").asString()));
            assertThat(kinds).containsSubsequence("job.reserved " + j, "cycle.completed 1", "job.started " + j);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void anEarlyEndFreesTheRestAndBackfillingMovesTheNextJobEarlier(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("scheme", "backfill"))) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            String first = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            String second = submit(c, DAVE, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            c.post("/v1/cycles", OP, null);
            assertThat(job(c, second).get("reservation").get("start").asDouble())
                    .isEqualTo(10);
            c.post("/v1/clock", OP, "{\"to\":5}");
            Client.Response early = c.post("/v1/jobs/" + second + "/finished", DAVE, "{}");
            assertThat(early.status()).as(early.toString()).isEqualTo(409); // not started
            assertThat(c.post("/v1/jobs/" + first + "/finished", DAVE, "{}").status())
                    .isEqualTo(403);
            Client.Response f = c.post("/v1/jobs/" + first + "/finished", CAROL, "{\"runtime\":5}");
            assertThat(f.status()).as(f.toString()).isEqualTo(200);
            assertThat(f.json()
                            .get("reservation")
                            .get("slots")
                            .get(0)
                            .get("end")
                            .asDouble())
                    .isEqualTo(5);
            assertThat(f.json()
                            .get("reservation")
                            .get("slots")
                            .get(0)
                            .get("plannedEnd")
                            .asDouble())
                    .isEqualTo(10);
            JsonNode moved = job(c, second);
            assertThat(moved.get("reservation").get("start").asDouble()).isEqualTo(5); // P002 7: compressed
            assertThat(moved.get("state").asString()).isEqualTo("running");
            assertThat(ReservationChecker.check(
                            c.get("/v1/nodes", OP).json().get("nodes"),
                            c.get("/v1/jobs", OP).json().get("jobs")))
                    .isEmpty();
            Client.Response bad = c.post("/v1/jobs/" + second + "/finished", DAVE, "{\"runtime\":50}");
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.json().get("field").asString()).isEqualTo("runtime");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void withoutBackfillingReservationsKeepTheirPlace(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("scheme", "css"))) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            String first = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            String second = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            c.post("/v1/cycles", OP, null);
            double before = job(c, second).get("reservation").get("start").asDouble();
            double firstStart = job(c, first).get("reservation").get("start").asDouble();
            c.post("/v1/clock", OP, "{\"to\":" + (firstStart + 2) + "}");
            assertThat(c.post("/v1/jobs/" + first + "/finished", CAROL, "{\"runtime\":2}")
                            .status())
                    .isEqualTo(200);
            assertThat(job(c, second).get("reservation").get("start").asDouble())
                    .isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void cancellingFreesTheSlotsForTheNextCycle(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[[0,1]]");
            String first = submit(c, CAROL, "{\"nodes\":1,\"volume\":599,\"budget\":1000}");
            c.post("/v1/cycles", OP, null);
            String second = submit(c, CAROL, "{\"nodes\":1,\"volume\":100,\"budget\":1000}");
            c.post("/v1/cycles", OP, null);
            assertThat(job(c, second).get("state").asString()).isEqualTo("queued"); // a1 is taken up to the horizon
            assertThat(job(c, second).get("reason").asString()).contains("no window");
            assertThat(c.delete("/v1/jobs/" + first, DAVE).status()).isEqualTo(403);
            Client.Response d = c.delete("/v1/jobs/" + first, CAROL);
            assertThat(d.status()).isEqualTo(200);
            assertThat(d.json().get("state").asString()).isEqualTo("cancelled");
            assertThat(d.json().get("reservation").isNull()).isTrue();
            assertThat(c.delete("/v1/jobs/" + first, CAROL).status()).isEqualTo(409);
            c.post("/v1/cycles", OP, null);
            assertThat(job(c, second).get("state").asString()).isEqualTo("reserved");
            assertThat(job(c, second).get("reservation").get("start").asDouble())
                    .isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aNodeHeldByReservationsIsWithdrawnOnlyByForce(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            oneNode(c, "a2", 1, 1, "[[0,5]]");
            String running = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100,\"criterion\":\"start\"}");
            String waiting = submit(c, CAROL, "{\"nodes\":2,\"volume\":10,\"budget\":100}");
            c.post("/v1/cycles", OP, null);
            c.post("/v1/clock", OP, "{\"to\":1}");
            assertThat(job(c, running).get("state").asString()).isEqualTo("running");
            assertThat(job(c, waiting).get("state").asString()).isEqualTo("reserved");
            Client.Response refused = c.delete("/v1/nodes/a1", ALICE);
            assertThat(refused.status()).isEqualTo(409);
            assertThat(refused.detail()).contains(running).contains(waiting).contains("force");
            assertThat(c.delete("/v1/nodes/a1", TestService.BOB).status()).isEqualTo(403);
            Client.Response forced = c.delete("/v1/nodes/a1?force=true", ALICE);
            assertThat(forced.status()).isEqualTo(200);
            assertThat(forced.json().get("cancelled").toString())
                    .contains("\"job\":\"" + running + "\",\"state\":\"failed\"")
                    .contains("\"job\":\"" + waiting + "\",\"state\":\"queued\"");
            assertThat(job(c, waiting).get("reservation").isNull()).isTrue();
            assertThat(job(c, running)
                            .get("reservation")
                            .get("slots")
                            .get(0)
                            .get("end")
                            .asDouble())
                    .isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void anIdempotencyKeyReturnsTheSameJob(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            String body = "{\"nodes\":1,\"volume\":10,\"budget\":100}";
            Client.Response a = c.send("POST", "/v1/jobs", CAROL, body, new String[] {"Idempotency-Key", "k-1"});
            Client.Response b = c.send("POST", "/v1/jobs", CAROL, body, new String[] {"Idempotency-Key", "k-1"});
            assertThat(a.status()).isEqualTo(201);
            assertThat(b.status()).isEqualTo(200);
            assertThat(b.json().get("id")).isEqualTo(a.json().get("id"));
            Client.Response other = c.send("POST", "/v1/jobs", DAVE, body, new String[] {"Idempotency-Key", "k-1"});
            assertThat(other.status()).isEqualTo(201); // keys are per user
            Client.Response changed = c.send(
                    "POST", "/v1/jobs", CAROL, body.replace("100", "200"), new String[] {"Idempotency-Key", "k-1"});
            assertThat(changed.status()).isEqualTo(422);
            assertThat(c.get("/v1/jobs", OP).json().get("jobs")).hasSize(2);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void jobsFailAfterMaxCyclesOrTheirDeadline(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("max-cycles", "2"))) {
            Client c = s.client;
            oneNode(c, "a1", 1, 10, "[]");
            String poor = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1}");
            String late = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1,\"deadline\":5}");
            Client.Response bad = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":1,\"deadline\":0}");
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.json().get("field").asString()).isEqualTo("deadline");
            c.post("/v1/cycles", OP, null);
            assertThat(job(c, poor).get("state").asString()).isEqualTo("queued");
            assertThat(job(c, poor).get("cyclesWaited").asInt()).isEqualTo(1);
            c.post("/v1/clock", OP, "{\"to\":6}");
            assertThat(job(c, late).get("state").asString()).isEqualTo("failed");
            assertThat(job(c, late).get("reason").asString()).contains("deadline");
            Client.Response cy = c.post("/v1/cycles", OP, null);
            assertThat(cy.json().get("failed").toString()).contains(poor);
            assertThat(job(c, poor).get("state").asString()).isEqualTo("failed");
            assertThat(job(c, poor).get("reason").asString()).contains("no window in 2 cycles");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void everythingSurvivesARestartAndTheCyclesContinue(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            String a = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            c.post("/v1/cycles", OP, null);
            c.post("/v1/clock", OP, "{\"to\":3}");
            s.restart();
            c = s.client;
            assertThat(c.get("/v1/clock", CAROL).json().get("time").asDouble()).isEqualTo(3);
            assertThat(job(c, a).get("state").asString()).isEqualTo("running");
            String b = submit(c, CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
            assertThat(Integer.parseInt(b.substring(1))).isGreaterThan(Integer.parseInt(a.substring(1)));
            Client.Response cy = c.post("/v1/cycles", OP, null);
            assertThat(cy.json().get("cycle").asInt()).isEqualTo(2);
            assertThat(c.get("/v1/cycles", OP).json().get("cycles")).hasSize(2);
            assertThat(c.get("/v1/cycles/1", OP).json().get("reserved").toString())
                    .contains(a);
            assertThat(c.get("/v1/cycles/9", OP).status()).isEqualTo(404);
            assertThat(c.get("/v1/cycles/x", OP).status()).isEqualTo(400);
            assertThat(ReservationChecker.check(
                            c.get("/v1/nodes", OP).json().get("nodes"),
                            c.get("/v1/jobs", OP).json().get("jobs")))
                    .isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void theManualClockRunsACycleAtEveryMultipleOfThePeriod(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("cycle-period", "10"))) {
            Client c = s.client;
            oneNode(c, "a1", 1, 1, "[]");
            submit(c, CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            c.post("/v1/clock", OP, "{\"advance\":25}");
            JsonNode cycles = c.get("/v1/cycles", OP).json().get("cycles");
            assertThat(cycles).hasSize(1); // at 10; at 20 nothing waited
            assertThat(cycles.get(0).get("time").asDouble()).isEqualTo(10);
            submit(c, CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            c.post("/v1/clock", OP, "{\"to\":31}");
            cycles = c.get("/v1/cycles", OP).json().get("cycles");
            assertThat(cycles).hasSize(2);
            assertThat(cycles.get(1).get("time").asDouble()).isEqualTo(30);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void probesAndMetrics(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.get("/v1/health", null).status()).isEqualTo(200);
            assertThat(c.get("/v1/ready", null).json().get("ready").asBoolean()).isTrue();
            oneNode(c, "a1", 1, 1, "[]");
            submit(c, CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            submit(c, CAROL, "{\"nodes\":1,\"volume\":5,\"budget\":100}");
            c.post("/v1/cycles", OP, null);
            String m = c.get("/metrics", null).body();
            assertThat(m)
                    .contains("http_server_requests_seconds_bucket{method=\"POST\",route=\"/v1/jobs\",status=\"201\"")
                    .contains("metasched_cycle_duration_seconds_count 1")
                    .contains("metasched_jobs{state=\"running\"} 1") // the window from 0 runs at once
                    .contains("metasched_jobs{state=\"reserved\"} 1")
                    .contains("metasched_queue_length 0")
                    .contains("metasched_node_reservations{node=\"a1\"} 2");
            assertThat(c.get("/v1/openapi.json", null).json().get("openapi").asString())
                    .startsWith("3.");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void theWallClockCannotBeMovedByHand(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("clock", "wall"))) {
            Client.Response r = s.client.post("/v1/clock", OP, "{\"advance\":5}");
            assertThat(r.status()).isEqualTo(409);
            assertThat(s.client.get("/v1/clock", CAROL).json().get("mode").asString())
                    .isEqualTo("wall");
        }
    }
}
