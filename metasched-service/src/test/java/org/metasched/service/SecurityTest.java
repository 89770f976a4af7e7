package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Who may do what (issue 23 item 4): every route without a token, with a malformed or unknown token, with the wrong
 * role, and another owner's or user's token; bodies too large and malformed. None of them changes any state, every
 * refusal is problem+json, and no token ever appears in a log line or an answer.
 */
class SecurityTest {
    private static final String OP = TestService.OPERATOR;
    private static final String ALICE = TestService.ALICE;
    private static final String BOB = TestService.BOB;
    private static final String CAROL = TestService.CAROL;
    private static final String DAVE = TestService.DAVE;

    @TempDir
    Path dir;

    /** A request of the API with a body that would succeed for the right caller. */
    private record Call(String method, String path, String body) {}

    private static List<Call> calls(String job) {
        return List.of(
                new Call("GET", "/v1/nodes", null),
                new Call("GET", "/v1/nodes/a1", null),
                new Call("PUT", "/v1/nodes/a1", "{\"performance\":3,\"price\":3}"),
                new Call("DELETE", "/v1/nodes/a1?force=true", null),
                new Call("POST", "/v1/jobs", "{\"nodes\":1,\"volume\":10,\"budget\":100}"),
                new Call("GET", "/v1/jobs", null),
                new Call("GET", "/v1/jobs/" + job, null),
                new Call("DELETE", "/v1/jobs/" + job, null),
                new Call("POST", "/v1/jobs/" + job + "/finished", "{}"),
                new Call("POST", "/v1/cycles", null),
                new Call("GET", "/v1/cycles", null),
                new Call("GET", "/v1/cycles/1", null),
                new Call("GET", "/v1/cycles/1/input", null),
                new Call("GET", "/v1/clock", null),
                new Call("POST", "/v1/clock", "{\"advance\":1}"),
                new Call("GET", "/v1/events", null));
    }

    /** Everything the service holds, as its operator reads it. */
    private static String state(Client c) {
        return c.get("/v1/nodes", OP).body()
                + c.get("/v1/jobs", OP).body()
                + c.get("/v1/cycles", OP).body()
                + c.get("/v1/clock", OP).body()
                + c.get("/v1/events", OP).json().get("last");
    }

    private static String setUp(Client c) {
        assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[0,2]]}")
                        .status())
                .isEqualTo(201);
        String job = c.post("/v1/jobs", CAROL, "{\"nodes\":1,\"volume\":10,\"budget\":100}")
                .json()
                .get("id")
                .asString();
        assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
        return job;
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void noMalformedOrUnknownTokenGets401AndChangesNothing(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            String job = setUp(c);
            String before = state(c);
            String[][] headers = {
                null,
                {"Authorization", "Basic " + OP},
                {"Authorization", "Bearer"},
                {"Authorization", "Bearer " + OP + " extra"},
                {"Authorization", "Bearer not-a-token-of-ours"},
                {"Authorization", OP}
            };
            for (Call call : calls(job)) {
                for (String[] h : headers) {
                    Client.Response r = c.send(call.method(), call.path(), null, call.body(), h);
                    assertThat(r.status())
                            .as("%s %s with %s", call.method(), call.path(), h == null ? "none" : h[1])
                            .isEqualTo(401);
                    assertThat(r.contentType()).startsWith("application/problem+json");
                    assertThat(r.json().get("status").asInt()).isEqualTo(401);
                    assertThat(r.body()).doesNotContain(OP).doesNotContain("not-a-token-of-ours");
                    assertThat(r.raw().headers().firstValue("WWW-Authenticate")).isPresent();
                }
            }
            assertThat(state(c)).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void theWrongRoleOwnerOrUserGets403AndChangesNothing(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            String job = setUp(c);
            String before = state(c);
            // who may call each route: every other token gets 403
            Map<String, List<String>> allowed = Map.ofEntries(
                    Map.entry("GET /v1/nodes", List.of(OP, ALICE, BOB, CAROL, DAVE)),
                    Map.entry("GET /v1/nodes/a1", List.of(OP, ALICE, BOB, CAROL, DAVE)),
                    Map.entry("PUT /v1/nodes/a1", List.of(ALICE)),
                    Map.entry("DELETE /v1/nodes/a1?force=true", List.of(ALICE, OP)),
                    Map.entry("POST /v1/jobs", List.of(CAROL, DAVE)),
                    Map.entry("GET /v1/jobs", List.of(OP, CAROL, DAVE)),
                    Map.entry("GET /v1/jobs/" + job, List.of(OP, CAROL)),
                    Map.entry("DELETE /v1/jobs/" + job, List.of(OP, CAROL)),
                    Map.entry("POST /v1/jobs/" + job + "/finished", List.of(OP, CAROL)),
                    Map.entry("POST /v1/cycles", List.of(OP)),
                    Map.entry("GET /v1/cycles", List.of(OP)),
                    Map.entry("GET /v1/cycles/1", List.of(OP)),
                    Map.entry("GET /v1/cycles/1/input", List.of(OP)),
                    Map.entry("GET /v1/clock", List.of(OP, ALICE, BOB, CAROL, DAVE)),
                    Map.entry("POST /v1/clock", List.of(OP)),
                    Map.entry("GET /v1/events", List.of(OP)));
            int refused = 0;
            for (Call call : calls(job)) {
                List<String> ok = allowed.get(call.method() + " " + call.path());
                assertThat(ok).as(call.method() + " " + call.path()).isNotNull();
                for (String token : List.of(OP, ALICE, BOB, CAROL, DAVE)) {
                    if (ok.contains(token)) {
                        continue;
                    }
                    Client.Response r = c.send(call.method(), call.path(), token, call.body(), null);
                    assertThat(r.status())
                            .as("%s %s as %s: %s", call.method(), call.path(), token, r.body())
                            .isEqualTo(403);
                    assertThat(r.contentType()).startsWith("application/problem+json");
                    assertThat(r.body()).doesNotContain(token);
                    refused++;
                }
            }
            assertThat(refused).isGreaterThan(30);
            // an owner may not publish a node outside its own, even a new one
            assertThat(c.put("/v1/nodes/b9", ALICE, "{\"performance\":3,\"price\":3}")
                            .status())
                    .isEqualTo(403);
            // a user sees only its own jobs in the list
            assertThat(c.get("/v1/jobs", DAVE).json().get("jobs")).isEmpty();
            assertThat(state(c)).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void badBodiesGet400NamingTheFieldAndStoreNothing(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            setUp(c);
            String before = state(c);
            String[][] jobs = {
                {"{\"volume\":10,\"budget\":1}", "nodes"},
                {"{\"nodes\":0,\"volume\":10,\"budget\":1}", "nodes"},
                {"{\"nodes\":-2,\"volume\":10,\"budget\":1}", "nodes"},
                {"{\"nodes\":1.5,\"volume\":10,\"budget\":1}", "nodes"},
                {"{\"nodes\":5,\"volume\":10,\"budget\":1}", "nodes"},
                {"{\"nodes\":1,\"volume\":-10,\"budget\":1}", "volume"},
                {"{\"nodes\":1,\"volume\":\"NaN\",\"budget\":1}", "volume"},
                {"{\"nodes\":1,\"volume\":10,\"budget\":-1}", "budget"},
                {"{\"nodes\":1,\"volume\":10}", "budget"},
                {"{\"nodes\":1,\"volume\":10,\"budget\":1,\"criterion\":\"cheapest\"}", "criterion"},
                {"{\"nodes\":1,\"volume\":10,\"budget\":1,\"color\":\"red\"}", "color"},
                {"{\"nodes\":1,\"volume\":10,\"budget\":1,\"minPerformance\":-1}", "minPerformance"},
                {"{\"nodes\":1,\"volume\":10,\"budget\":1,\"clientId\":7}", "clientId"},
                {"{\"nodes\":1,\"volume\":NaN,\"budget\":1}", null},
                {"{\"nodes\":1,", null},
                {"{\"nodes\": 2, \"volume\": 9", null},
                {"{\"nodes\":1,\"nodes\":2,\"volume\":10,\"budget\":1}", null},
                {"{\"nodes\":1,\"volume\":10,\"budget\":1} x", null},
                {"[1,2]", null},
                {"", null},
                {"not json", null}
            };
            for (String[] b : jobs) {
                Client.Response r = c.post("/v1/jobs", CAROL, b[0]);
                assertThat(r.status()).as(b[0] + " -> " + r.body()).isEqualTo(400);
                assertThat(r.contentType()).startsWith("application/problem+json");
                // in the request's terms: no parser vocabulary, source excerpt or feature switch
                assertThat(r.json().get("detail").asString())
                        .as(b[0])
                        .doesNotContain("Source")
                        .doesNotContain("StreamReadFeature")
                        .doesNotContain("byte offset")
                        .doesNotContain("marker")
                        .doesNotContain("Exception");
                if (b[1] != null) {
                    assertThat(r.json().get("field").asString()).as(b[0]).isEqualTo(b[1]);
                    assertThat(r.json().get("detail").asString()).contains(b[1]);
                }
            }
            String[][] nodes = {
                {"{\"price\":1}", "performance"},
                {"{\"performance\":0,\"price\":1}", "performance"},
                {"{\"performance\":2,\"price\":-1}", "price"},
                {"{\"performance\":2,\"price\":1,\"busy\":[[5,1]]}", "busy[0]"},
                {"{\"performance\":2,\"price\":1,\"busy\":[[0,10],[5,20]]}", "busy[1]"},
                {"{\"performance\":2,\"price\":1,\"busy\":[[30,40],[0,10],[5,8]]}", "busy[2]"},
                {"{\"performance\":2,\"price\":1,\"busy\":[[0]]}", "busy[0]"},
                {"{\"performance\":2,\"price\":1,\"busy\":\"none\"}", "busy"},
                {"{\"performance\":1e400,\"price\":1}", "performance"}
            };
            for (String[] b : nodes) {
                Client.Response r = c.put("/v1/nodes/a2", ALICE, b[0]);
                assertThat(r.status()).as(b[0] + " -> " + r.body()).isEqualTo(400);
                assertThat(r.json().get("field").asString()).as(b[0]).isEqualTo(b[1]);
            }
            Client.Response id = c.put("/v1/nodes/a%20b", ALICE, "{\"performance\":1,\"price\":1}");
            assertThat(id.status()).isEqualTo(400);
            Client.Response clock = c.post("/v1/clock", OP, "{\"advance\":-1}");
            assertThat(clock.json().get("field").asString()).isEqualTo("advance");
            assertThat(c.get("/v1/jobs?state=lost", OP).json().get("field").asString())
                    .isEqualTo("state");
            assertThat(c.get("/v1/nope", OP).status()).isEqualTo(404);
            assertThat(state(c)).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void bodiesOverOneMegabyteGet413AndStoreNothing(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            setUp(c);
            String before = state(c);
            StringBuilder busy = new StringBuilder("{\"performance\":2,\"price\":1,\"busy\":[");
            for (int i = 0; busy.length() < (1 << 20) + 10; i++) {
                busy.append(i == 0 ? "" : ",")
                        .append("[")
                        .append(2 * i)
                        .append(",")
                        .append(2 * i + 1)
                        .append("]");
            }
            busy.append("]}");
            Client.Response r = c.put("/v1/nodes/a2", ALICE, busy.toString());
            assertThat(r.status()).as(r.toString()).isEqualTo(413);
            assertThat(r.contentType()).startsWith("application/problem+json");
            String pad = "{\"nodes\":1,\"volume\":10,\"budget\":100,\"clientId\":\"" + "x".repeat(1 << 20) + "\"}";
            assertThat(c.post("/v1/jobs", CAROL, pad).status()).isEqualTo(413);
            assertThat(state(c)).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void noTokenAppearsInTheLog(TestDatabases db) {
        try (TestService s = TestService.start(db, dir, Map.of())) {
            Client c = s.client;
            setUp(c);
            c.send("GET", "/v1/jobs", null, null, new String[] {"Authorization", "Bearer guessed-secret-token"});
            c.get("/v1/jobs", DAVE);
            List<String> lines = new ArrayList<>(LogCapture.lines());
            assertThat(lines).anyMatch(l -> l.contains("POST /v1/cycles 201"));
            for (String l : lines) {
                for (String t : List.of(OP, ALICE, BOB, CAROL, DAVE, "guessed-secret-token")) {
                    assertThat(l).doesNotContain(t);
                }
                assertThat(l).doesNotContain("\"volume\""); // no request body either
            }
            assertThat(String.join("\n", s.service.config().describe()))
                    .doesNotContain(OP)
                    .contains("****");
        }
    }
}
