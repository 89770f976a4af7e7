package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/**
 * Numbers the service would read as others are refused as written (docs/service.md, "The service's numbers"): a whole
 * number past 2^53 that a double does not hold (a horizon of 9007199254740993 was read as the 2^53 allowed, a busy
 * end, a deadline or a clock move as the double next to it, without a word), and a positive horizon, performance or
 * price below the smallest normal double (1e-320 was accepted).
 */
class ExactNumbersTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static void refused(Client.Response r, String field, String... inDetail) {
        assertThat(r.status()).as(r.toString()).isEqualTo(400);
        assertThat(r.json().get("code").asString()).isEqualTo("bad-input");
        assertThat(r.json().get("field").asString()).isEqualTo(field);
        assertThat(r.detail())
                .startsWith(field + ": ")
                .contains(inDetail)
                .doesNotContain("Infinity")
                .doesNotContainPattern("E[0-9-]|e\\+");
    }

    @Test
    void aHorizonPast2To53AsWrittenOrBelowTheSmallestNormalDoubleIsRefusedAtStart() throws IOException {
        Path yaml = Files.writeString(dir.resolve("s.yaml"), "port: 0\n" + TestService.tokensYaml());
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "9007199254740993"), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("METASCHED_HORIZON: 9007199254740993, expected at most 9007199254740992 (2^53");
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of(), Map.of("horizon", "9007199254740992.5")))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("--horizon: 9007199254740992.5, expected at most 9007199254740992 (2^53");
        Path json = Files.writeString(dir.resolve("s.json"), "{\"horizon\": 9007199254740993}\n");
        assertThatThrownBy(() -> ServiceConfig.load(json, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("horizon: 9007199254740993, expected at most 9007199254740992 (2^53");
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "1e-320"), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("METASCHED_HORIZON: 1e-320 is too small: expected at least 2.2250738585072014e-308 (the"
                        + " smallest normal double; below it a double keeps fewer digits), got 1e-320");
        assertThat(ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "2.2250738585072014e-308"), Map.of())
                        .horizon())
                .isEqualTo(Double.MIN_NORMAL);
    }

    @Test
    void aWholeNumberPast2To53ThatADoubleDoesNotHoldIsRefusedAsWritten() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            refused(
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[0,9007199254740993]]}"),
                    "busy[0][1]",
                    "every one up to 2^53 = 9007199254740992",
                    "9007199254740993 would read as 9007199254740992",
                    "got 9007199254740993");
            assertThat(c.get("/v1/nodes/a1", ALICE).status()).isEqualTo(404);
            // 2^53 + 2 is a double: kept
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[0,9007199254740994]]}")
                            .status())
                    .isEqualTo(201);
            refused(
                    c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":1,\"budget\":5,\"deadline\":9007199254740993}"),
                    "deadline",
                    "got 9007199254740993");
            refused(
                    c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":100000000000000000001,\"budget\":5}"),
                    "volume",
                    "100000000000000000001 would read as 100000000000000000000",
                    "got 100000000000000000001");
            refused(
                    c.post("/v1/clock", OP, "{\"advance\":9007199254740993}"),
                    "advance",
                    "expected a time at most 9007199254740991",
                    "9007199254740993 reads as 9007199254740992",
                    "got 9007199254740993");
            refused(
                    c.post("/v1/clock", OP, "{\"to\":9007199254740993}"),
                    "to",
                    "9007199254740993 reads as 9007199254740992",
                    "got 9007199254740993");
        }
    }

    @Test
    void aPositivePerformanceOrPriceBelowTheSmallestNormalDoubleIsRefused() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            refused(
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1e-320,\"price\":1}"),
                    "performance",
                    "is too small: expected a performance of at least 2.2250738585072014e-308",
                    "got 1e-320");
            refused(
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1e-320}"),
                    "price",
                    "is too small: expected a price of 0 or at least 2.2250738585072014e-308",
                    "got 1e-320");
            assertThat(c.get("/v1/nodes/a1", ALICE).status()).isEqualTo(404);
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":2.2250738585072014e-308,\"price\":0}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.put("/v1/nodes/a2", ALICE, "{\"performance\":1,\"price\":2.2250738585072014e-308}")
                            .status())
                    .isEqualTo(201);
        }
    }
}
