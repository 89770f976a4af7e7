package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A retried acceptance (docs/service.md, "Quotes, accounts and why a job waits"): the same acceptance of the same
 * quote by the same user (the same criterion) returns the same job, 200, with or without an Idempotency-Key and after
 * the quote's expiry too; a key is refused only when it was used for a different request. A retry with a key of an
 * acceptance made without one was 409 "with another Idempotency-Key"; a key of an acceptance was taken again by
 * another acceptance or a submission, and a key's retry with another criterion returned the job.
 */
class QuoteRetryTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String CAROL = TestService.CAROL;

    @TempDir
    Path dir;

    private static Client.Response accept(Client c, String quote, String criterion, String key) {
        String body = "{\"criterion\":\"" + criterion + "\"}";
        return key == null
                ? c.post("/v1/quotes/" + quote + "/accept", CAROL, body)
                : c.send("POST", "/v1/quotes/" + quote + "/accept", CAROL, body, new String[] {"Idempotency-Key", key});
    }

    private static String quote(Client c) {
        Client.Response q = c.post("/v1/quotes", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}");
        assertThat(q.status()).as(q.toString()).isEqualTo(201);
        return q.json().get("id").asString();
    }

    private static void job(Client.Response r, int status, String job) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.json().get("id").asString()).isEqualTo(job);
    }

    private static void refused(Client.Response r, int status, String... inDetail) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.detail()).as(r.toString()).contains(inDetail);
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void aRetriedAcceptanceReturnsItsJobWithOrWithoutAKey(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of("quote-ttl", "10"))) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":2,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/accounts/carol/credit", OP, "{\"amount\":1000}")
                            .status())
                    .isEqualTo(201);
            // accepted without a key: a retry with one is the same acceptance, not "another Idempotency-Key"
            String q1 = quote(c);
            job(accept(c, q1, "cost", null), 201, "j1");
            job(accept(c, q1, "cost", "k1"), 200, "j1");
            job(accept(c, q1, "cost", null), 200, "j1");
            refused(accept(c, q1, "finish", null), 409, "quote " + q1 + " was accepted already (cost, job j1)");
            assertThat(accept(c, q1, "finish", null).detail()).doesNotContain("Idempotency-Key");
            // accepted with a key: the same key or none is the same acceptance; another key is another request
            String q2 = quote(c);
            job(accept(c, q2, "cost", "k2"), 201, "j2");
            job(accept(c, q2, "cost", "k2"), 200, "j2");
            job(accept(c, q2, "cost", null), 200, "j2");
            refused(
                    accept(c, q2, "cost", "k3"),
                    409,
                    "quote " + q2 + " was accepted already (cost, job j2) with another Idempotency-Key");
            // the key of an acceptance is not taken again: by another criterion, another quote or a submission
            refused(accept(c, q2, "finish", "k2"), 422, "Idempotency-Key 'k2' was used for a different request");
            String q3 = quote(c);
            refused(accept(c, q3, "cost", "k2"), 422, "Idempotency-Key 'k2' was used for a different request (job j2)");
            Client.Response submitted =
                    c.send("POST", "/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}", new String[] {
                        "Idempotency-Key", "k2"
                    });
            refused(submitted, 422, "Idempotency-Key 'k2' was used for a different request (job j2)");
            // nor the key of a submission by an acceptance
            job(
                    c.send("POST", "/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":20,\"budget\":100}", new String[] {
                        "Idempotency-Key", "s1"
                    }),
                    201,
                    "j3");
            refused(accept(c, q3, "cost", "s1"), 422, "Idempotency-Key 's1' was used for a different request (job j3)");
            job(accept(c, q3, "cost", "k4"), 201, "j4");
            // past the quotes' expiry a retry still returns the job the acceptance made, with or without its key
            assertThat(c.post("/v1/clock", OP, "{\"advance\":11}").status()).isEqualTo(200);
            job(accept(c, q1, "cost", null), 200, "j1");
            job(accept(c, q1, "cost", "k1"), 200, "j1");
            job(accept(c, q2, "cost", "k2"), 200, "j2");
            job(accept(c, q3, "cost", null), 200, "j4");
            AccountsQuotesTest.ledgerBalances(c);
        }
    }
}
