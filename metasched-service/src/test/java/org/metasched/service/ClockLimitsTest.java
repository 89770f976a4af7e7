package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The manual clock's limits (docs/service.md, "Time, probes, metrics, events"): a time the service cannot keep
 * (past 2^53, or where a cycle's horizon no longer reaches past its start) is refused up front; a move with a cycle
 * period runs the cycles that plan something and skips the rest, and a move past more than {@link
 * Ticker#MOST_PERIOD_CYCLES} multiples of the period while jobs wait is refused. Epoch microseconds (1.7e15) work.
 */
class ClockLimitsTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    /** A move by 0, or to the current time, moves nothing and records no clock.moved (it recorded one). */
    @Test
    void aMoveThatDoesNotMoveTheClockRecordsNoEvent() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.post("/v1/clock", OP, "{\"to\":50}").status()).isEqualTo(200);
            assertThat(events(c, "clock.moved")).isEqualTo(1);
            Client.Response zero = c.post("/v1/clock", OP, "{\"advance\":0}");
            assertThat(zero.status()).as(zero.toString()).isEqualTo(200);
            assertThat(zero.json().get("time").asDouble()).isEqualTo(50.0);
            assertThat(c.post("/v1/clock", OP, "{\"to\":50}").status()).isEqualTo(200);
            assertThat(events(c, "clock.moved")).isEqualTo(1);
            assertThat(now(c)).isEqualTo(50.0);
        }
    }

    private static double now(Client c) {
        return c.get("/v1/clock", OP).json().get("time").asDouble();
    }

    private static long events(Client c, String kind) {
        long n = 0;
        for (JsonNode e : c.get("/v1/events?after=0&limit=10000", OP).json().get("events")) {
            if (e.get("kind").asString().equals(kind)) {
                n++;
            }
        }
        return n;
    }

    private static void node(Client c, String id) {
        Client.Response r = c.put("/v1/nodes/" + id, ALICE, "{\"performance\":2,\"price\":1}");
        assertThat(r.status()).as(r.toString()).isIn(200, 201);
    }

    private static void refused(Client.Response r, String field, String... inDetail) {
        assertThat(r.status()).as(r.toString()).isEqualTo(400);
        assertThat(r.contentType()).startsWith("application/problem+json");
        assertThat(r.json().get("code").asString()).isEqualTo("bad-input");
        assertThat(r.json().get("field").asString()).isEqualTo(field);
        assertThat(r.detail()).startsWith(field + ": ").contains(inDetail).doesNotContainPattern("e\\+|\\.0+e");
    }

    @Test
    void aTimeTheServiceCannotKeepIsRefusedAndEpochMicrosecondsWork() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            refused(c.post("/v1/clock", OP, "{\"to\":1e300}"), "to", "at most 9007199254740991", "got 1e300");
            refused(c.post("/v1/clock", OP, "{\"advance\":1e300}"), "advance", "9007199254740991", "1e300");
            refused(c.post("/v1/clock", OP, "{\"to\":9007199254740994}"), "to", "got 9007199254740994");
            assertThat(now(c)).isZero(); // nothing moved
            assertThat(events(c, "clock.moved")).isZero();

            // epoch microseconds: the clock, a cycle, a quote and a reservation there
            assertThat(c.post("/v1/clock", OP, "{\"to\":1.7e15}").status()).isEqualTo(200);
            assertThat(now(c)).isEqualTo(1.7e15);
            node(c, "a1");
            node(c, "a2");
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":2,\"volume\":10,\"budget\":100}");
            assertThat(q.status()).as(q.toString()).isEqualTo(201);
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":2,\"volume\":10,\"budget\":100}")
                            .status())
                    .isEqualTo(201);
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.toString()).isEqualTo(201);
            JsonNode job = c.get("/v1/jobs/j1", CAROL).json();
            assertThat(job.get("state").asString()).isEqualTo("running"); // its window starts at the cycle's time
            assertThat(job.get("reservation").get("start").asDouble()).isEqualTo(1.7e15);
            // the latest time itself is kept; a cycle there plans nothing (no window could start later), no 500
            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740991}").status())
                    .isEqualTo(200);
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":2,\"volume\":10,\"budget\":100}")
                            .status())
                    .isEqualTo(201);
            Client.Response last = c.post("/v1/cycles", OP, null);
            assertThat(last.status()).as(last.toString()).isEqualTo(200);
            assertThat(last.body()).contains("the clock is at its latest time, 9007199254740991: no window can start");
            refused(c.post("/v1/clock", OP, "{\"advance\":2}"), "advance", "to 9007199254740992");
        }
    }

    /**
     * At the top of the clock's range: a whole number past 2^53 - 1 is refused as given, not rounded to the limit; a
     * move the doubles there cannot make is refused, not made as another (at 2^53 a move of 1 did nothing); and a job
     * starts at its start, not up to 1e-14 of the clock's magnitude before it (90 units at 2^53).
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void atTheTopOfTheRangeEveryMoveIsExactAndJobsStartOnTime(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            refused(
                    c.post("/v1/clock", OP, "{\"to\":9007199254740993}"),
                    "to",
                    "at most 9007199254740991",
                    "9007199254740993 reads as 9007199254740992",
                    "got 9007199254740993");
            refused(c.post("/v1/clock", OP, "{\"to\":9007199254740992}"), "to", "at most 9007199254740991");
            // at 2^52 + 1 doubles are 1 apart: half a unit would move the clock by 1
            assertThat(c.post("/v1/clock", OP, "{\"to\":4503599627370497}").status())
                    .isEqualTo(200);
            refused(
                    c.post("/v1/clock", OP, "{\"advance\":0.5}"),
                    "advance",
                    "doubles at 4503599627370497 are 1 apart, so the clock would move by 1, not by 0.5");
            assertThat(now(c)).isEqualTo(4503599627370497.0);

            // two jobs of tasks of 5 one after the other on one node, 100 before the latest time
            double t = 9007199254740891.0;
            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740891}").status())
                    .isEqualTo(200);
            node(c, "a1");
            for (int i = 0; i < 2; i++) {
                assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}")
                                .status())
                        .isEqualTo(201);
            }
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            String later = c.get("/v1/jobs/j1", CAROL)
                                    .json()
                                    .get("reservation")
                                    .get("start")
                                    .asDouble()
                            == t
                    ? "j2"
                    : "j1";
            assertThat(c.get("/v1/jobs/" + later, CAROL)
                            .json()
                            .get("reservation")
                            .get("start")
                            .asDouble())
                    .isEqualTo(t + 5);
            assertThat(c.post("/v1/clock", OP, "{\"advance\":1}").status()).isEqualTo(200);
            assertThat(now(c)).isEqualTo(t + 1);
            assertThat(c.get("/v1/jobs/" + later, CAROL).json().get("state").asString())
                    .isEqualTo("reserved");
            assertThat(c.post("/v1/clock", OP, "{\"advance\":4}").status()).isEqualTo(200);
            assertThat(c.get("/v1/jobs/" + later, CAROL).json().get("state").asString())
                    .isEqualTo("running");

            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740991}").status())
                    .isEqualTo(200);
            refused(c.post("/v1/clock", OP, "{\"advance\":1}"), "advance", "to 9007199254740992", "at most");
            assertThat(now(c)).isEqualTo(9007199254740991.0);
        }
    }

    @Test
    void aHorizonShorterThanTheGapBetweenDoublesThereIsRefused() {
        // at 1.7e15 doubles are 0.25 apart: a horizon of 0.1 would end where it starts
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of("horizon", "0.1"))) {
            refused(s.client.post("/v1/clock", OP, "{\"to\":1.7e15}"), "to", "horizon of 0.1", "0.25");
            assertThat(s.client.post("/v1/clock", OP, "{\"to\":1.7e12}").status())
                    .isEqualTo(200);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aMoveWithACyclePeriodSkipsTheCyclesThatWouldPlanNothing(TestDatabases db) {
        // events kept for longer than the jump to epoch microseconds, to count them after it
        try (TestService s = TestService.start(db, dir, Map.of("cycle-period", "60", "event-retention", "1e16"))) {
            Client c = s.client;
            node(c, "a1");
            // a job no window fits (over budget) waits max-cycles (5) cycles and fails; the other 4995 multiples of
            // 60 on the way would plan nothing and are skipped
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":0.5}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/clock", OP, "{\"to\":60000}").status()).isEqualTo(200);
            assertThat(now(c)).isEqualTo(60000);
            JsonNode cycles = c.get("/v1/cycles", OP).json().get("cycles");
            assertThat(cycles).hasSize(5);
            assertThat(cycles.get(4).get("time").asDouble()).isEqualTo(300);
            assertThat(c.get("/v1/jobs/j1", CAROL).json().get("state").asString())
                    .isEqualTo("failed");
            // one clock.moved per cycle, the empty cycle at 360 that ended the run, and the move to 60000
            assertThat(events(c, "clock.moved")).isEqualTo(7);

            // with nothing waiting, a move to epoch microseconds runs no cycle on the way
            assertThat(c.post("/v1/clock", OP, "{\"to\":1.7e15}").status()).isEqualTo(200);
            assertThat(now(c)).isEqualTo(1.7e15);
            assertThat(events(c, "clock.moved")).isEqualTo(9);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aMovePastTooManyPeriodsWhileJobsWaitIsRefusedUpFront(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("cycle-period", "60"))) {
            Client c = s.client;
            node(c, "a1");
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":0.5}")
                            .status())
                    .isEqualTo(201);
            refused(
                    c.post("/v1/clock", OP, "{\"to\":60060}"),
                    "to",
                    "passes 1001 multiples of cycle-period 60",
                    "at most 1000 cycles",
                    "move to at most 60000 first",
                    "got 60060");
            refused(c.post("/v1/clock", OP, "{\"advance\":1.7e15}"), "advance", "at most 1000 cycles");
            assertThat(now(c)).isZero();
            assertThat(c.get("/v1/cycles", OP).json().get("cycles")).isEmpty();
            assertThat(events(c, "clock.moved")).isZero();
            // a job that asks for more nodes than the VO has (one was withdrawn) waits too: each cycle counts toward
            // its max-cycles (5), so it holds the clock back like any waiting job; moved in steps, the cycles at 60 to
            // 300 fail it and the rest of the move runs none
            assertThat(c.delete("/v1/jobs/j1", CAROL).status()).isEqualTo(200);
            node(c, "a2");
            Client.Response big = c.post("/v1/jobs", CAROL, "{\"nodes\":2,\"volume\":10,\"budget\":100}");
            assertThat(big.status()).as(big.toString()).isEqualTo(201);
            assertThat(c.delete("/v1/nodes/a2", ALICE).status()).isEqualTo(200);
            refused(c.post("/v1/clock", OP, "{\"to\":1.7e15}"), "to", "at most 1000 cycles");
            assertThat(c.get("/v1/cycles", OP).json().get("cycles")).isEmpty();
            assertThat(c.post("/v1/clock", OP, "{\"to\":60000}").status()).isEqualTo(200);
            JsonNode cycles = c.get("/v1/cycles", OP).json().get("cycles");
            assertThat(cycles).hasSize(5);
            assertThat(cycles.get(4).get("time").asDouble()).isEqualTo(300);
            assertThat(cycles.get(4).get("failed").asInt()).isEqualTo(1);
            assertThat(c.get("/v1/jobs/j2", CAROL).json().get("reason").asString())
                    .isEqualTo("no window in 5 cycles (last: cycle 5: it needs 2 nodes, the VO has 1 now)");
            assertThat(c.post("/v1/clock", OP, "{\"to\":1.7e15}").status()).isEqualTo(200);
            assertThat(c.get("/v1/cycles", OP).json().get("cycles")).hasSize(5);
        }
    }

    /**
     * A cycle's and a quote's horizon end at the latest time the clock can show: a window past it could never start
     * (at 2^53 - 1 a cycle reserved 9007199254741000-9007199254741004, its money held for ever), and at that time a
     * cycle plans nothing and a quote finds no window, with no 500.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void windowsEndByTheLatestTimeTheClockCanShow(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740891}").status())
                    .isEqualTo(200);
            node(c, "a1");
            // tasks of 40 and of 110 on a node of performance 2: the first fits before the latest time, not the second
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":80,\"budget\":1000}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":220,\"budget\":1000}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            JsonNode j1 = c.get("/v1/jobs/j1", CAROL).json();
            assertThat(j1.get("reservation").get("start").asDouble()).isEqualTo(9007199254740891.0);
            assertThat(c.get("/v1/jobs/j2", CAROL).json().get("state").asString())
                    .isEqualTo("queued");
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":220,\"budget\":1000}");
            assertThat(q.status()).as(q.toString()).isEqualTo(201);
            assertThat(q.json().get("windows")).as(q.toString()).isEmpty();
            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740991}").status())
                    .isEqualTo(200);
            assertThat(c.get("/v1/jobs/j1", CAROL).json().get("state").asString())
                    .isEqualTo("done");
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.toString()).isBetween(200, 201);
            Client.Response late = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":2,\"budget\":1000}");
            assertThat(late.status()).as(late.toString()).isBetween(400, 409);
        }
    }
}
