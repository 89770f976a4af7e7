package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The free-text fields of a request ({@code clientId}, a credit's {@code memo}) are stored as sent or refused as bad
 * input, the same on both databases. A clientId or memo with U+0000 failed its transaction on PostgreSQL, whose text
 * cannot hold it (503, 'the database refused the change: Batch entry 0 INSERT INTO jobs ...'), while SQLite stored it;
 * one with a lone surrogate (\ud800) was stored as '?' on both.
 */
class TextFieldsTest {
    @org.junit.jupiter.api.io.TempDir
    Path dir;

    private static void refused(Client.Response r, String field) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().get("field").asString()).isEqualTo(field);
        assertThat(r.detail()).startsWith(field + ": must be text without U+0000 or a lone surrogate");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void textThatCannotBeStoredIsBadInputAndTheRestIsKeptAsSent(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 1, \"price\": 1}")
                            .status())
                    .isEqualTo(201);
            String job = "{\"nodes\": 1, \"volume\": 1, \"budget\": 1, \"clientId\": \"%s\"}";
            refused(c.post("/v1/jobs", TestService.CAROL, String.format(job, "a\\u0000b")), "clientId");
            refused(c.post("/v1/jobs", TestService.CAROL, String.format(job, "a\\ud800b")), "clientId");
            refused(c.post("/v1/jobs", TestService.CAROL, String.format(job, "ab\\udc00")), "clientId");
            refused(
                    c.post(
                            "/v1/accounts/carol/credit",
                            TestService.OPERATOR,
                            "{\"amount\": 5, \"memo\": \"x\\u0000\"}"),
                    "memo");
            assertThat(c.get("/v1/jobs", TestService.OPERATOR).json().get("jobs"))
                    .isEmpty();
            assertThat(c.get("/v1/accounts/carol", TestService.OPERATOR)
                            .json()
                            .get("credited")
                            .asDouble())
                    .isZero();
            // a pair of surrogates (an emoji), other control characters and accents are text
            String kept = "\\ud83d\\ude00 \\u0001\\n\\u00e9";
            Client.Response ok = c.post("/v1/jobs", TestService.CAROL, String.format(job, kept));
            assertThat(ok.status()).as(ok.body()).isEqualTo(201);
            assertThat(c.get("/v1/jobs/" + ok.json().get("id").asString(), TestService.CAROL)
                            .json()
                            .get("clientId")
                            .asString())
                    .isEqualTo("\ud83d\ude00 \u0001\n\u00e9");
        }
    }
}
