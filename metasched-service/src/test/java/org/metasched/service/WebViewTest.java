package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.metasched.service.TestService.ALICE;
import static org.metasched.service.TestService.BOB;
import static org.metasched.service.TestService.CAROL;
import static org.metasched.service.TestService.DAVE;
import static org.metasched.service.TestService.OPERATOR;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The web view's server side: the page and its assets are served without a token, {@code GET /v1/view} is cut to the
 * token's role, a delta ({@code ?since=}) merged into the view it follows equals the whole view, and {@code GET
 * /v1/events} streams every change as a server-sent event to every role (the JSON list stays the operator's).
 */
class WebViewTest {
    @TempDir
    Path dir;

    private static void nodes(Client c) {
        assertThat(c.put("/v1/nodes/a1", ALICE, "{\"performance\":2,\"price\":1,\"busy\":[[0,10]]}")
                        .status())
                .isEqualTo(201);
        assertThat(c.put("/v1/nodes/a2", ALICE, "{\"performance\":4,\"price\":3}")
                        .status())
                .isEqualTo(201);
        assertThat(c.put("/v1/nodes/b1", BOB, "{\"performance\":3,\"price\":2}").status())
                .isEqualTo(201);
    }

    private static String submit(Client c, String user, int n, double v) {
        Client.Response r = c.post("/v1/jobs", user, "{\"nodes\":" + n + ",\"volume\":" + v + ",\"budget\":1000}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    @Test
    void thePageAndItsAssetsNeedNoTokenAndComeFromTheService() throws Exception {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client.Response page = s.client.get("/", null);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.contentType()).startsWith("text/html");
            assertThat(page.body())
                    .contains("/ui/app.js", "/ui/gantt.js", "/ui/echarts.min.js")
                    .doesNotContain("http://", "https://");
            assertThat(page.raw()
                            .headers()
                            .firstValue("Content-Security-Policy")
                            .orElse(""))
                    .contains("default-src 'self'");
            for (String f : List.of("app.js", "gantt.js", "app.css", "echarts.min.js")) {
                Client.Response r = s.client.get("/ui/" + f, null);
                assertThat(r.status()).as(f).isEqualTo(200);
                assertThat(r.body().length()).as(f).isGreaterThan(1000);
            }
            assertThat(s.client.get("/ui/echarts.min.js", null).body()).contains("echarts");
            Client.Response missing = s.client.get("/ui/nothing.js", null);
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.contentType()).startsWith("application/problem+json");
            assertThat(s.client.get("/v1/view", null).status()).isEqualTo(401);
        }
    }

    @Test
    void theViewFollowsTheRoleAndAnonymisesOthersReservations() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            String carols = submit(c, CAROL, 2, 40);
            String daves = submit(c, DAVE, 1, 30);
            assertThat(c.post("/v1/cycles", OPERATOR, "").status()).isEqualTo(201);
            String waiting = submit(c, DAVE, 1, 20);

            JsonNode op = c.get("/v1/view", OPERATOR).json();
            assertThat(op.get("you").get("role").asString()).isEqualTo("operator");
            assertThat(op.get("nodes")).hasSize(3);
            assertThat(jobs(op)).containsExactlyInAnyOrder(carols, daves);
            assertThat(op.get("queue")).hasSize(1);
            assertThat(op.get("queue").get(0).get("id").asString()).isEqualTo(waiting);
            assertThat(op.get("cycles").get(0).get("reserved").asInt()).isEqualTo(2);

            JsonNode carol = c.get("/v1/view", CAROL).json();
            assertThat(jobs(carol)).containsExactlyInAnyOrder(carols, null);
            assertThat(carol.toString()).doesNotContain("dave", "\"" + daves + "\"", "\"" + waiting + "\"");
            assertThat(carol.get("queue")).isEmpty();
            assertThat(carol.get("queueOthers").asInt()).isEqualTo(1);
            // the anonymised reservation is where dave's is, no more
            JsonNode anon = null;
            for (JsonNode r : carol.get("reservations")) {
                if (r.get("job").isNull()) {
                    anon = r;
                }
            }
            assertThat(anon.has("user")).isFalse();
            assertThat(anon.has("cost")).isFalse();
            JsonNode his = c.get("/v1/jobs/" + daves, OPERATOR).json().get("reservation");
            assertThat(anon.get("start").asDouble()).isEqualTo(his.get("start").asDouble());
            assertThat(anon.get("slots").get(0).get(0).asString())
                    .isEqualTo(his.get("slots").get(0).get("node").asString());

            JsonNode owner = c.get("/v1/view", ALICE).json();
            assertThat(jobs(owner)).containsOnlyNulls().hasSize(2);
            assertThat(owner.get("queue")).isEmpty();
            assertThat(owner.toString()).doesNotContain("carol", "dave");
        }
    }

    /**
     * QA: a cycle whose every waiting job is left out of the batch (a node withdrawn under a 3-node job) planned
     * nothing and was not recorded; it is listed like any cycle, with 0 jobs in its batch and the job left, and the
     * queue shows the job's why and the cycle counted.
     */
    @Test
    void aCycleThatPlannedNoJobIsListedAndTheQueueSaysWhy() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            String big = submit(c, CAROL, 3, 40);
            assertThat(c.delete("/v1/nodes/b1", BOB).status()).isEqualTo(200);
            assertThat(c.post("/v1/cycles", OPERATOR, "").status()).isEqualTo(201);

            JsonNode op = c.get("/v1/view", OPERATOR).json();
            assertThat(op.get("cycles")).hasSize(1);
            JsonNode cycle = op.get("cycles").get(0);
            assertThat(cycle.get("cycle").asInt()).isEqualTo(1);
            assertThat(cycle.get("jobs").asInt()).isZero();
            assertThat(cycle.get("reserved").asInt()).isZero();
            assertThat(cycle.get("queued").asInt()).isEqualTo(1);
            assertThat(cycle.get("objective").asDouble()).isZero();
            JsonNode queued = op.get("queue").get(0);
            assertThat(queued.get("id").asString()).isEqualTo(big);
            assertThat(queued.get("cyclesWaited").asInt()).isEqualTo(1);
            assertThat(queued.get("reason").asString()).isEqualTo("cycle 1: it needs 3 nodes, the VO has 2 now");
            // what the page shows when the cycle is opened: no job in the batch, the job left out with its reason
            JsonNode plan = c.get("/v1/cycles/1", OPERATOR).json();
            assertThat(plan.get("jobs")).isEmpty();
            assertThat(plan.get("reasons").get(big).asString())
                    .isEqualTo(queued.get("reason").asString());
            assertThat(c.get("/v1/view", CAROL)
                            .json()
                            .get("cycles")
                            .get(0)
                            .get("queued")
                            .asInt())
                    .isEqualTo(1);
        }
    }

    private static List<String> jobs(JsonNode view) {
        List<String> out = new ArrayList<>();
        view.get("reservations")
                .forEach(
                        r -> out.add(r.get("job").isNull() ? null : r.get("job").asString()));
        return out;
    }

    /** A view as the page holds it: reservations by key. */
    private static Map<String, String> byKey(JsonNode view) {
        Map<String, String> out = new TreeMap<>();
        view.get("reservations").forEach(r -> out.put(r.get("key").asString(), r.toString()));
        return out;
    }

    @Test
    void aDeltaMergedIntoTheViewItFollowsIsTheWholeView() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            SplittableRandom rnd = new SplittableRandom(7);
            List<String> jobs = new ArrayList<>();
            for (String token : List.of(OPERATOR, CAROL, ALICE)) {
                assertThat(c.get("/v1/view", token).json().has("since")).isFalse();
            }
            Map<String, JsonNode> held = new TreeMap<>();
            for (String token : List.of(OPERATOR, CAROL, ALICE)) {
                held.put(token, c.get("/v1/view", token).json());
            }
            for (int step = 0; step < 40; step++) {
                int what = rnd.nextInt(5);
                if (what <= 1 || jobs.isEmpty()) {
                    jobs.add(submit(c, rnd.nextBoolean() ? CAROL : DAVE, 1 + rnd.nextInt(2), 10 + rnd.nextInt(60)));
                } else if (what == 2) {
                    c.post("/v1/cycles", OPERATOR, "");
                } else if (what == 3) {
                    c.delete("/v1/jobs/" + jobs.get(rnd.nextInt(jobs.size())), OPERATOR);
                } else {
                    c.post("/v1/clock", OPERATOR, "{\"advance\":" + (5 + rnd.nextInt(30)) + "}");
                }
                if (step % 7 == 6) {
                    c.put("/v1/nodes/b" + step, BOB, "{\"performance\":2,\"price\":1}");
                }
                for (String token : List.of(OPERATOR, CAROL, ALICE)) {
                    JsonNode old = held.get(token);
                    JsonNode delta = c.get("/v1/view?since=" + old.get("last").asLong(), token)
                            .json();
                    JsonNode whole = c.get("/v1/view", token).json();
                    assertThat(delta.get("since").asLong())
                            .isEqualTo(old.get("last").asLong());
                    Map<String, String> merged = byKey(old);
                    delta.get("gone").forEach(k -> merged.remove(k.asString()));
                    merged.putAll(byKey(delta));
                    assertThat(merged).as("step " + step + ", " + token).isEqualTo(byKey(whole));
                    JsonNode nodes = delta.has("nodes") ? delta.get("nodes") : old.get("nodes");
                    assertThat(nodes).as("nodes").isEqualTo(whole.get("nodes"));
                    assertThat(delta.get("queue")).isEqualTo(whole.get("queue"));
                    held.put(token, whole);
                }
            }
            assertThat(c.get("/v1/view?since=x", OPERATOR).status()).isEqualTo(400);
        }
    }

    @Test
    void eventsStreamToEveryRoleCutToWhatItMaySee() throws Exception {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            nodes(c);
            // the JSON list stays the operator's
            assertThat(c.get("/v1/events", CAROL).status()).isEqualTo(403);
            BlockingQueue<String> carol = stream(s.service.url(), CAROL);
            BlockingQueue<String> op = stream(s.service.url(), OPERATOR);
            assertThat(carol.poll(10, TimeUnit.SECONDS)).startsWith("event: hello");
            assertThat(op.poll(10, TimeUnit.SECONDS)).startsWith("event: hello");
            String daves = submit(c, DAVE, 1, 30);
            String mine = submit(c, CAROL, 1, 30);
            String a = carol.poll(5, TimeUnit.SECONDS);
            String b = carol.poll(5, TimeUnit.SECONDS);
            assertThat(a)
                    .contains("event: change", "\"kind\":\"job.submitted\"")
                    .doesNotContain(daves, "dave");
            assertThat(b).contains("\"kind\":\"job.submitted\"", "\"subject\":\"" + mine + "\"");
            assertThat(op.poll(5, TimeUnit.SECONDS)).contains("\"subject\":\"" + daves + "\"", "\"owner\":\"dave\"");
        }
    }

    /** Reads the event stream of {@code token} in the background: one string per event. */
    private static BlockingQueue<String> stream(String url, String token) {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create(url + "/v1/events"))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream")
                .build();
        var unused = http.sendAsync(req, HttpResponse.BodyHandlers.ofLines()).thenAccept(r -> {
            StringBuilder block = new StringBuilder();
            r.body().forEach(line -> {
                if (line.isEmpty()) {
                    if (block.length() > 0) {
                        events.add(block.toString());
                    }
                    block.setLength(0);
                } else {
                    block.append(line).append('\n');
                }
            });
        });
        return events;
    }
}
