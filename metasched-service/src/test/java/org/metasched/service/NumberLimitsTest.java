package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.model.InputFormatException;
import tools.jackson.databind.JsonNode;

/**
 * Numbers the service could not keep exact are refused (docs/service.md, "The service's numbers"): a performance
 * whose work in a horizon is past 1e300 (1e308 made every later submission ask for a volume of at least Infinity), a
 * horizon past 2^53, and a task shorter than the times of a cycle tell apart (a quote's window [100, 100], a
 * reservation whose cost no ledger row held).
 */
class NumberLimitsTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static void refused(Client.Response r, String field, String... inDetail) {
        assertThat(r.status()).as(r.toString()).isEqualTo(400);
        assertThat(r.json().get("code").asString()).isEqualTo("bad-input");
        assertThat(r.json().get("field").asString()).isEqualTo(field);
        assertThat(r.detail()).startsWith(field + ": ").contains(inDetail).doesNotContain("Infinity");
    }

    @Test
    void aPerformanceOrAVolumeTheServiceCannotKeepExactIsRefused() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            refused(
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1e308,\"price\":1}"),
                    "performance",
                    "1e308 times a cycle's horizon of 600 is past the 1e300",
                    "at most 1.6666666666666667e297");
            assertThat(c.get("/v1/nodes/a1", ALICE).status()).isEqualTo(404);
            // a price at which a slot of the horizon costs past 1e300: a quote offered a window costing infinity
            refused(
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1e308}"),
                    "price",
                    "1e308 times a cycle's horizon of 600 is past the 1e300 a slot may cost",
                    "at most 1.6666666666666667e297, got 1e308");
            assertThat(c.get("/v1/nodes/a1", ALICE).status()).isEqualTo(404);
            // the fastest the horizon allows: a submission names a finite least volume
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1e297,\"price\":1e297}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/clock", OP, "{\"to\":100}").status()).isEqualTo(200);
            refused(
                    c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":90,\"budget\":500}"),
                    "volume",
                    "give a volume of at least 6e293");
            // a quote of a task of 9e-296 found the window [100, 100] of cost 90 (accepted, no ledger row held it)
            refused(
                    c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":90,\"budget\":500}"),
                    "volume",
                    "90 is a task of 9e-296 on the fastest node (performance 1e297), shorter than the",
                    "from 100 to 700: its window would end where it starts; give a volume of at least");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aLongerHorizonThatANodeOfTheDatabaseWouldRunPastTheLimitIsRefusedAtStart(TestDatabases kind) {
        try (TestService s = TestService.start(kind, dir, Map.of())) {
            assertThat(s.client
                            .put("/v1/nodes/a1", ALICE, "{\"performance\":1e297,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            assertThatThrownBy(() -> s.restart(Map.of("METASCHED_HORIZON", "1e4")))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessage("horizon: 10000 makes node 'a1' of this database (performance 1e297) run past the"
                            + " 1e300 in a cycle's horizon, more than the service keeps exact: give a horizon of at"
                            + " most 1000, or lower that node's performance under the old horizon first");
            s.restart(Map.of("METASCHED_HORIZON", "1000"));
            assertThat(s.client.get("/v1/nodes/a1", ALICE).status()).isEqualTo(200);
            // and a price at which a slot of the longer horizon would cost past 1e300
            assertThat(s.client
                            .put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1e297}")
                            .status())
                    .isEqualTo(200);
            assertThatThrownBy(() -> s.restart(Map.of("METASCHED_HORIZON", "1e4")))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessage("horizon: 10000 makes node 'a1' of this database (price 1e297) cost a slot past 1e300"
                            + " in a cycle's horizon, more than the service keeps exact: give a horizon of at most"
                            + " 1000, or lower that node's price under the old horizon first");
        }
    }

    @Test
    void aHorizonShorterThanTheGapBetweenDoublesAtTheClocksTimeIsRefusedAtStart() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            assertThat(s.client
                            .post("/v1/clock", OP, "{\"to\":9007199254740000}")
                            .status())
                    .isEqualTo(200);
            // a cycle at that time with a horizon of 0.1 failed inside: a 500
            assertThatThrownBy(() -> s.restart(Map.of("METASCHED_HORIZON", "0.1")))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessage("horizon: 0.1 is shorter than the gap between doubles at this database's time"
                            + " 9007199254740000 (1): no cycle or quote could plan; give a horizon of at least 1");
            s.restart(Map.of("METASCHED_HORIZON", "1"));
            assertThat(s.client.post("/v1/cycles", OP, "{}").status()).isEqualTo(200);
        }
    }

    /**
     * An expired quote whose request cannot be quoted again now (its task too short at a far clock) is the expiry's
     * 409, saying why no fresh quote is attached; it was the fresh quote's 400 on {@code volume}.
     */
    @Test
    void anExpiredQuoteThatCannotBeQuotedAgainIsItsExpiry() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":0.5,\"budget\":5}");
            assertThat(q.status()).as(q.toString()).isEqualTo(201);
            String id = q.json().get("id").asString();
            assertThat(c.post("/v1/clock", OP, "{\"to\":9007199254740000}").status())
                    .isEqualTo(200);
            Client.Response a = c.post("/v1/quotes/" + id + "/accept", CAROL, "{}");
            assertThat(a.status()).as(a.toString()).isEqualTo(409);
            assertThat(a.detail())
                    .startsWith("quote " + id + " expired at 60")
                    .contains("; no fresh quote: volume: 0.5 is a task of 0.5 on the fastest node");
        }
    }

    @Test
    void aHorizonPast2To53IsRefusedAtStart() throws IOException {
        Path yaml = Files.writeString(dir.resolve("s.yaml"), "port: 0\n" + TestService.tokensYaml());
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "1e308"), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("METASCHED_HORIZON: 1e308, expected at most 9007199254740992 (2^53");
        assertThat(ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "9007199254740992"), Map.of())
                        .horizon())
                .isEqualTo(0x1p53);
    }

    /**
     * A job submitted at 0, where its task of 0.01 is a window of its own, waits once the clock is at 1e15, where
     * doubles are 0.125 apart: its window would be [1e15, 1e15], whose cost of 100 no ledger row held; the search of
     * its alternatives, windows of no length one after the other, did not end, nor the cycle.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aCycleLeavesOutATaskItsTimesCannotHold(TestDatabases db) {
        // bounded: without the rule the cycle never ends, nor the service's stop, which waits for it
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> leftOut(db));
    }

    private void leftOut(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":10000}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/accounts/carol/credit", OP, "{\"amount\":1000}")
                            .status())
                    .isEqualTo(201);
            Client.Response job = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":0.01,\"budget\":500}");
            assertThat(job.status()).as(job.toString()).isEqualTo(201);
            assertThat(c.post("/v1/clock", OP, "{\"to\":1e15}").status()).isEqualTo(200);
            Client.Response cycle = c.post("/v1/cycles", OP, null);
            assertThat(cycle.status()).as(cycle.toString()).isEqualTo(201);
            JsonNode j = c.get("/v1/jobs/j1", CAROL).json();
            assertThat(j.get("state").asString()).as(j.toString()).isEqualTo("queued");
            JsonNode why = c.get("/v1/jobs/j1/why", CAROL).json().get("why");
            assertThat(why.get("kind").asString()).isEqualTo("too-small");
            assertThat(why.get("message").asString())
                    .contains("its task of 0.01 on the fastest node (performance 1) is shorter than the 0.125")
                    .contains("its window would end where it starts");
            // and a new submission there is refused at once
            refused(
                    c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":0.01,\"budget\":500}"),
                    "volume",
                    "give a volume of at least 0.125");
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
