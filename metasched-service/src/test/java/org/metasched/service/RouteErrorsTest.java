package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests no route serves are answered in the problem format too: a method a path does not take, a path Jetty refuses.
 */
class RouteErrorsTest {
    @TempDir
    Path dir;

    private static void problem(Client.Response r, int status, String code) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.contentType()).as(r.body()).startsWith("application/problem+json");
        assertThat(r.json().get("status").asInt()).isEqualTo(status);
        assertThat(r.json().get("code").asString()).isEqualTo(code);
    }

    @Test
    void aMethodThePathDoesNotTakeIs405AndAnUnknownPath404() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            Client.Response patch = c.send("PATCH", "/v1/jobs", TestService.OPERATOR, "{}", null);
            problem(patch, 405, "method-not-allowed");
            assertThat(patch.raw().headers().firstValue("Allow")).hasValue("GET, POST");
            problem(c.send("PATCH", "/v1/jobs/j1", TestService.OPERATOR, "{}", null), 405, "method-not-allowed");
            problem(c.send("PUT", "/v1/clock", TestService.OPERATOR, "{}", null), 405, "method-not-allowed");
            problem(c.get("/v1/no/such/route", TestService.OPERATOR), 404, "no-route");
            problem(c.send("PATCH", "/v1/no/such/route", TestService.OPERATOR, "{}", null), 404, "no-route");
        }
    }

    /**
     * A query parameter the operation does not take (as openapi.json lists them) is 400 naming it: a typo was ignored
     * and answered as if not sent ({@code ?stat=queued} listed every job, {@code ?forse=true} withdrew nothing).
     */
    @Test
    void anUnknownQueryParameterIs400NamingItAndTheOnesTheOperationTakes() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            String op = TestService.OPERATOR;
            Client.Response stat = c.get("/v1/jobs?stat=queued", op);
            problem(stat, 400, "bad-input");
            assertThat(stat.json().get("field").asString()).isEqualTo("stat");
            assertThat(stat.detail())
                    .isEqualTo("stat: not a query parameter of GET /v1/jobs (it takes state, after, limit)");
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            // a parameter given twice was answered with its first value alone
            Client.Response twice = c.get("/v1/jobs?state=queued&state=done", op);
            problem(twice, 400, "bad-input");
            assertThat(twice.detail())
                    .isEqualTo("state: given 2 times, expected once (GET /v1/jobs takes one value of each parameter)");
            Client.Response forse = c.delete("/v1/nodes/a1?forse=true", TestService.ALICE);
            problem(forse, 400, "bad-input");
            assertThat(forse.detail())
                    .isEqualTo("forse: not a query parameter of DELETE /v1/nodes/{id} (it takes force)");
            assertThat(c.get("/v1/nodes/a1", op).status()).as("not withdrawn").isEqualTo(200);
            for (String force : new String[] {"1", "0", "", "yes", "TRUE"}) { // the boolean openapi.json says, only
                Client.Response r = c.delete("/v1/nodes/a1?force=" + force, TestService.ALICE);
                problem(r, 400, "bad-input");
                assertThat(r.detail()).isEqualTo("force: '" + force + "', expected true or false");
            }
            assertThat(c.get("/v1/nodes/a1", op).status()).as("not withdrawn").isEqualTo(200);
            Client.Response none = c.get("/v1/clock?dryRun=1", op);
            problem(none, 400, "bad-input");
            assertThat(none.detail()).isEqualTo("dryRun: not a query parameter of GET /v1/clock, which takes none");
            assertThat(c.send("HEAD", "/v1/jobs?stat=queued", op, null, null).status())
                    .isEqualTo(400); // as the GET, without a body
            // the ones the operations take still work
            assertThat(c.get("/v1/jobs?state=queued&after=0&limit=5", op).status())
                    .isEqualTo(200);
            assertThat(c.get("/v1/view?since=0", op).status()).isEqualTo(200);
            assertThat(c.get("/v1/events?after=0&limit=5", op).status()).isEqualTo(200);
            assertThat(c.get("/v1/health", null).status()).isEqualTo(200);
        }
    }

    @Test
    void aPathJettyRefusesIsAProblemNotAnHtmlPage() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client.Response r = s.client.get("/v1/jobs/%00", TestService.OPERATOR);
            assertThat(r.status()).as(r.body()).isBetween(400, 499);
            problem(r, r.status(), "bad-input");
            assertThat(r.body()).doesNotContain("<html");
            assertThat(r.detail()).startsWith("malformed request").contains("%00");
            // Jetty closes the connection after such a request: the answer says so, and the client's next request
            // goes on a new connection (without the header, Java's HttpClient sent the PATCH below on the closed one
            // within a few rounds and got no answer: "HTTP/1.1 header parser received no bytes")
            assertThat(r.raw().headers().firstValue("Connection")).hasValue("close");
            for (int i = 0; i < 20; i++) {
                assertThat(s.client.get("/v1/jobs/%00", TestService.OPERATOR).status())
                        .isEqualTo(400);
                assertThat(s.client
                                .send("PATCH", "/v1/jobs", TestService.OPERATOR, "{}", null)
                                .status())
                        .isEqualTo(405);
            }
        }
    }
}
