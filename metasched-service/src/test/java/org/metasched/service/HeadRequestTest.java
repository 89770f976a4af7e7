package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HEAD is answered as the GET of the same path would be, without its body (RFC 9110 9.3.2): the same status and
 * headers. Javalin alone answered a HEAD on any path with a GET route 200 and nothing else, without running the route:
 * no token needed, an unknown job 200, and {@code /v1/ready} 200 while the service stops.
 */
class HeadRequestTest {
    @TempDir
    Path dir;

    private static Client.Response head(Client c, String path, String token, String... headers) {
        return c.send("HEAD", path, token, null, headers.length == 0 ? null : headers);
    }

    @Test
    void aHeadIsAnsweredAsItsGetWithoutTheBody() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            for (String[] pt : new String[][] {
                {"/v1/jobs", TestService.OPERATOR},
                {"/v1/jobs", null},
                {"/v1/jobs", "not-a-token-of-this-service"},
                {"/v1/jobs/j99", TestService.OPERATOR},
                {"/v1/cycles/x", TestService.OPERATOR},
                {"/v1/nodes", TestService.OPERATOR},
                {"/v1/ready", null},
                {"/v1/health", null},
                {"/v1/openapi.json", null},
                {"/", null},
                {"/ui/app.js", null},
                {"/ui/nothing.js", null},
            }) {
                Client.Response get = c.get(pt[0], pt[1]);
                Client.Response head = head(c, pt[0], pt[1]);
                String what = "HEAD " + pt[0] + (pt[1] == null ? " without a token" : "");
                assertThat(head.status()).as(what).isEqualTo(get.status());
                assertThat(head.contentType()).as(what).isEqualTo(get.contentType());
                assertThat(head.body()).as(what).isEmpty();
                assertThat(head.raw().headers().firstValue("WWW-Authenticate"))
                        .as(what)
                        .isEqualTo(get.raw().headers().firstValue("WWW-Authenticate"));
                assertThat(head.raw().headers().firstValue("Content-Security-Policy"))
                        .as(what)
                        .isEqualTo(get.raw().headers().firstValue("Content-Security-Policy"));
            }
            assertThat(head(c, "/v1/jobs", null).status()).isEqualTo(401);
            assertThat(head(c, "/v1/jobs/j99", TestService.OPERATOR).status()).isEqualTo(404);
            // the event stream's HEAD answers at once, without opening a stream
            Client.Response sse = head(c, "/v1/events", TestService.CAROL, "Accept", "text/event-stream");
            assertThat(sse.status()).isEqualTo(200);
            assertThat(sse.contentType()).startsWith("text/event-stream");
            // and the request is over (its log line and metric are written when it ends): a stream opened for a HEAD
            // would stay open, its events dropped, until the service stops
            assertThat(c.get("/metrics", null).body())
                    .contains("http_server_requests_seconds_count{method=\"HEAD\",route=\"/v1/events\","
                            + "status=\"200\"} 1");
            assertThat(head(c, "/v1/events", TestService.CAROL, "Accept", "text/event-stream", "Last-Event-ID", "x")
                            .status())
                    .isEqualTo(400);
            // HEAD is not a method of its own: a 405 names the documented methods only
            Client.Response patch = c.send("PATCH", "/v1/jobs", TestService.OPERATOR, "{}", null);
            assertThat(patch.raw().headers().firstValue("Allow")).hasValue("GET, POST");
            assertThat(c.send("PATCH", "/v1/health", null, "{}", null)
                            .raw()
                            .headers()
                            .firstValue("Allow"))
                    .hasValue("GET");
            // a path without GET takes no HEAD
            assertThat(head(c, "/v1/quotes", TestService.CAROL).status()).isEqualTo(405);
        }
    }
}
