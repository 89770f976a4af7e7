package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.service.ReservationChecker;
import org.metasched.service.TestDatabases;
import tools.jackson.databind.JsonNode;

/**
 * Issue 23, faults: the packaged service killed with {@code kill -9} during a burst of submissions and during a
 * cycle, then restarted on the same database (SQLite and PostgreSQL): every accepted job is there exactly once, a
 * cycle is committed whole or not at all, the reservations are real, within budget and disjoint per node, and the
 * next cycle continues the numbering. A SIGTERM during a cycle lets it finish, refuses new changes with 503 and ends
 * the process within the grace period.
 */
class ServeCrashIT {
    private static final String OWNER = "owner-token-0123456789";
    private static final String USER = "user-token-0123456789";
    private static final String OPERATOR = "operator-token-0123456789";

    @TempDir
    Path dir;

    private Path config(String extra) throws IOException {
        Path c = dir.resolve("service.yaml");
        Files.writeString(
                c,
                "clock: manual\nhorizon: 600\ngrace-period: 20\n" + extra + "tokens:\n"
                        + "  - {name: o, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: u, role: user, token: " + USER + "}\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n");
        return c;
    }

    /** The body of a job submission. */
    private static String job(int nodes, double volume, double budget) {
        return String.format(Locale.ROOT, "{\"nodes\":%d,\"volume\":%.3f,\"budget\":%.3f}", nodes, volume, budget);
    }

    /** The body of the burst's i-th job of a client, the same for its retry under the same key. */
    private static String keyedJob(int i) {
        return "{\"nodes\":2,\"volume\":" + (50 + i % 100) + ",\"budget\":5000}";
    }

    private static void publish(ServeProcess s, int nodes, long seed) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < nodes; i++) {
            double p = 2 + 8 * rnd.nextDouble();
            double start = rnd.nextDouble() * 300;
            String body = String.format(
                    Locale.ROOT,
                    "{\"performance\":%.4f,\"price\":%.4f,\"busy\":[[%.3f,%.3f]]}",
                    p,
                    p * (0.8 + 0.4 * rnd.nextDouble()),
                    start,
                    start + 20 + 100 * rnd.nextDouble());
            assertThat(s.call("PUT", "/v1/nodes/n" + i, OWNER, body).status()).isEqualTo(201);
        }
    }

    private static JsonNode all(ServeProcess s, String what) throws IOException {
        // the nodes' listing is not paged: it takes no limit (a query parameter it does not take is 400)
        return s.call("GET", "/v1/" + what + (what.equals("nodes") ? "" : "?limit=10000"), OPERATOR, null)
                .json()
                .get(what);
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void killedDuringABurstOfSubmissionsAndDuringACycleItLosesAndDuplicatesNothing(TestDatabases kind)
            throws Exception {
        String db = kind.fresh(dir);
        Path config = config("");
        Map<String, String> accepted = new ConcurrentHashMap<>();
        Set<String> tried = ConcurrentHashMap.newKeySet();
        Set<String> submitted = new HashSet<>();
        int cyclesAfterKill;
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            publish(s, 12, 1);
            AtomicBoolean stop = new AtomicBoolean();
            List<CompletableFuture<Void>> clients = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                clients.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        String key = "k" + thread + "-" + i;
                        tried.add(key);
                        try {
                            ServeProcess.Answer a =
                                    s.call("POST", "/v1/jobs", USER, keyedJob(i), "Idempotency-Key", key);
                            if (a.status() == 201 || a.status() == 200) {
                                accepted.put(key, a.json().get("id").asString());
                            }
                        } catch (IOException e) {
                            return; // the service is gone
                        }
                    }
                }));
            }
            while (accepted.size() < 150) {
                Thread.sleep(20);
            }
            s.kill(); // kill -9 in the middle of the burst
            stop.set(true);
            CompletableFuture.allOf(clients.toArray(new CompletableFuture<?>[0]))
                    .join();
        }
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            JsonNode jobs = all(s, "jobs");
            Set<String> ids = new HashSet<>();
            jobs.forEach(j -> assertThat(ids.add(j.get("id").asString())).isTrue());
            assertThat(ids).containsAll(accepted.values());
            // every key tried, also those in flight at the kill, names exactly one job: retrying returns it
            Set<String> byKey = new HashSet<>();
            for (String key : tried) {
                ServeProcess.Answer a = s.call(
                        "POST",
                        "/v1/jobs",
                        USER,
                        keyedJob(Integer.parseInt(key.substring(key.indexOf('-') + 1))),
                        "Idempotency-Key",
                        key);
                assertThat(a.status()).as(a.body()).isIn(200, 201);
                String id = a.json().get("id").asString();
                if (accepted.containsKey(key)) {
                    assertThat(a.status()).isEqualTo(200);
                    assertThat(id).isEqualTo(accepted.get(key));
                }
                assertThat(byKey.add(id)).as("job %s for two keys", id).isTrue();
            }
            assertThat(all(s, "jobs")).hasSize(tried.size());
            ServeProcess.Answer cycle = s.call("POST", "/v1/cycles", OPERATOR, null);
            assertThat(cycle.status()).as(cycle.body()).isEqualTo(201);
            assertThat(ReservationChecker.check(all(s, "nodes"), all(s, "jobs")))
                    .isEmpty();
            s.call("POST", "/v1/clock", OPERATOR, "{\"advance\":20}");
            // then a kill during the next cycle
            all(s, "jobs").forEach(j -> submitted.add(j.get("id").asString()));
            SplittableRandom rnd = new SplittableRandom(7);
            for (int i = 12; i < 150; i++) { // a larger domain: a cycle long enough to be killed in
                double p = 2 + 8 * rnd.nextDouble();
                s.call(
                        "PUT",
                        "/v1/nodes/n" + i,
                        OWNER,
                        String.format(
                                Locale.ROOT,
                                "{\"performance\":%.4f,\"price\":%.4f}",
                                p,
                                p * (0.8 + 0.4 * rnd.nextDouble())));
            }
            for (int i = 0; i < 100; i++) {
                int n = 2 + rnd.nextInt(5);
                double v = 100 + 300 * rnd.nextDouble();
                ServeProcess.Answer a =
                        s.call("POST", "/v1/jobs", USER, job(n, v, n * v * (0.9 + 0.7 * rnd.nextDouble())));
                submitted.add(a.json().get("id").asString());
            }
            CompletableFuture<ServeProcess.Answer> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.call("POST", "/v1/cycles", OPERATOR, null);
                } catch (IOException e) {
                    return null; // killed before it answered
                }
            });
            Thread.sleep(400);
            s.kill();
            ServeProcess.Answer answer = running.join();
            cyclesAfterKill = answer != null && answer.status() == 201 ? 2 : 1;
        }
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            int cycles = verify(s, submitted, cyclesAfterKill);
            assertThat(cycles).isBetween(1, 2); // the cycle killed is there whole, or not at all
            ServeProcess.Answer next = s.call("POST", "/v1/cycles", OPERATOR, null);
            assertThat(next.status()).as(next.body()).isIn(200, 201);
            if (next.status() == 201) {
                assertThat(next.json().get("cycle").asInt()).isEqualTo(cycles + 1);
            }
            verify(s, submitted, cycles);
        }
    }

    /**
     * After a restart: every job there once; every cycle recorded is whole (its reserved jobs hold its windows, no
     * other job claims that cycle); the reservations pass the independent checker. Returns the number of cycles.
     */
    private static int verify(ServeProcess s, Set<String> submitted, int atLeastCycles) throws IOException {
        JsonNode jobs = all(s, "jobs");
        Set<String> ids = new HashSet<>();
        jobs.forEach(j -> assertThat(ids.add(j.get("id").asString())).isTrue());
        assertThat(ids).isEqualTo(submitted);
        JsonNode cycles = all(s, "cycles");
        assertThat(cycles.size()).isGreaterThanOrEqualTo(atLeastCycles);
        Set<String> claimed = new HashSet<>();
        Map<String, JsonNode> byId = new java.util.HashMap<>();
        jobs.forEach(j -> byId.put(j.get("id").asString(), j));
        for (JsonNode c : cycles) {
            int n = c.get("cycle").asInt();
            JsonNode plan = s.call("GET", "/v1/cycles/" + n, OPERATOR, null).json();
            for (JsonNode id : plan.get("reserved")) {
                claimed.add(id.asString());
                // the job as the list above shows it (read in the same state: nothing changes in between), not one
                // GET per job: the same fields, without some hundreds of requests
                JsonNode j = byId.get(id.asString());
                assertThat(j).as("job %s of cycle %d", id, n).isNotNull();
                if (!j.get("state").asString().equals("cancelled")) {
                    assertThat(j.get("cycle").asInt()).as("job %s", id).isEqualTo(n);
                }
            }
        }
        for (JsonNode j : jobs) {
            if (!j.get("cycle").isNull()) {
                assertThat(claimed)
                        .as("job %s claims a cycle that does not list it", j.get("id"))
                        .contains(j.get("id").asString());
            }
        }
        assertThat(ReservationChecker.check(all(s, "nodes"), jobs)).isEmpty();
        return cycles.size();
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabases.class, names = "SQLITE")
    void sigtermLetsTheRunningCycleFinishRefusesChangesAndExitsInTheGracePeriod(TestDatabases kind) throws Exception {
        String db = kind.fresh(dir);
        Path config = config("");
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            publish(s, 300, 3);
            SplittableRandom rnd = new SplittableRandom(5);
            for (int i = 0; i < 200; i++) {
                int n = 2 + rnd.nextInt(5);
                double v = 100 + 300 * rnd.nextDouble();
                s.call("POST", "/v1/jobs", USER, job(n, v, n * v * 1.3));
            }
            CompletableFuture<ServeProcess.Answer> cycle = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.call("POST", "/v1/cycles", OPERATOR, null);
                } catch (IOException e) {
                    return null;
                }
            });
            Thread.sleep(150);
            long t0 = System.nanoTime();
            s.process.destroy(); // SIGTERM
            // once it says it is shutting down, every change gets 503 (until the cycle ends and it closes)
            int refused = 0;
            while (s.process.isAlive() && refused == 0) {
                try {
                    ServeProcess.Answer ready = s.call("GET", "/v1/ready", OPERATOR, null);
                    if (ready.status() == 503) {
                        assertThat(ready.body()).contains("shutting down");
                        ServeProcess.Answer late =
                                s.call("POST", "/v1/jobs", USER, "{\"nodes\":1,\"volume\":10,\"budget\":100}");
                        assertThat(late.status()).as(late.body()).isEqualTo(503);
                        assertThat(late.json().get("detail").asString()).contains("shutting down");
                        refused++;
                    }
                } catch (IOException e) {
                    break; // closed already
                }
            }
            ServeProcess.Answer answer = cycle.join();
            int code = s.terminate(25);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(code).as(s.output()).isNotEqualTo(-1);
            assertThat(seconds).isLessThan(21);
            assertThat(s.output()).contains("metasched serve: stopped");
            assertThat(answer).as("the running cycle finished and answered").isNotNull();
            assertThat(answer.status()).as(answer.body() + "\n" + s.output()).isEqualTo(201);
        }
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            assertThat(all(s, "cycles")).hasSize(1);
            assertThat(ReservationChecker.check(all(s, "nodes"), all(s, "jobs")))
                    .isEmpty();
        }
    }

    /**
     * Issue 26: the ledger across {@code kill -9} at random moments. Users submit, quote and accept, cancel and end
     * jobs early while cycles run and the clock moves; the service is killed at a random moment, five times, and
     * after each restart the ledger's rows sum to 0, every account's balance and held money are the sums of its
     * rows, and what a user's account holds is the cost of its reservations.
     */
    @ParameterizedTest
    @EnumSource(TestDatabases.class)
    void killedAtRandomMomentsTheLedgerStillBalances(TestDatabases kind) throws Exception {
        String db = kind.fresh(dir);
        Path config = config("");
        SplittableRandom rnd = new SplittableRandom(26);
        for (int round = 0; round < 5; round++) {
            try (ServeProcess s = ServeProcess.start(dir, config, db)) {
                if (round == 0) {
                    publish(s, 10, 2);
                    assertThat(s.call("POST", "/v1/accounts/u/credit", OPERATOR, "{\"amount\":100000}")
                                    .status())
                            .isEqualTo(201);
                }
                ledgerBalances(s);
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger steps = new AtomicInteger();
                long seed = rnd.nextLong();
                CompletableFuture<Void> driver = CompletableFuture.runAsync(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    try {
                        while (!stop.get()) {
                            drive(s, r);
                            steps.incrementAndGet();
                        }
                    } catch (IOException e) {
                        // killed
                    }
                });
                // killed at a random moment once the drive is under way: on a loaded machine a fixed delay alone
                // could end a round before its first step (and the ledger check below would see nothing moved)
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (steps.get() < 10 && !driver.isDone() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                Thread.sleep(rnd.nextInt(1500));
                s.kill();
                stop.set(true);
                driver.join();
            }
        }
        try (ServeProcess s = ServeProcess.start(dir, config, db)) {
            ledgerBalances(s);
            JsonNode rows = s.call("GET", "/v1/accounts/u/ledger?limit=10000", OPERATOR, null)
                    .json()
                    .get("rows");
            assertThat(rows.size()).as("the drive moved money").isGreaterThan(10);
        }
    }

    /** One random step of a user, the operator or the clock. */
    private static void drive(ServeProcess s, SplittableRandom r) throws IOException {
        switch (r.nextInt(6)) {
            case 0, 1 ->
                s.call(
                        "POST",
                        "/v1/jobs",
                        USER,
                        job(1 + r.nextInt(3), 20 + 100 * r.nextDouble(), 2000 * r.nextDouble()));
            case 2 -> {
                ServeProcess.Answer q = s.call(
                        "POST",
                        "/v1/quotes",
                        USER,
                        String.format(
                                Locale.ROOT,
                                "{\"nodes\":%d,\"volume\":%.3f,\"budget\":2000}",
                                1 + r.nextInt(3),
                                20 + 100 * r.nextDouble()));
                if (q.status() == 201 && !q.json().get("windows").isEmpty()) {
                    s.call("POST", "/v1/quotes/" + q.json().get("id").asString() + "/accept", USER, "{}");
                }
            }
            case 3 -> s.call("POST", "/v1/cycles", OPERATOR, null);
            case 4 -> s.call("POST", "/v1/clock", OPERATOR, "{\"advance\":" + (1 + r.nextInt(30)) + "}");
            default -> {
                JsonNode jobs = s.call("GET", "/v1/jobs?state=reserved,running", OPERATOR, null)
                        .json()
                        .get("jobs");
                if (!jobs.isEmpty()) {
                    JsonNode j = jobs.get(r.nextInt(jobs.size()));
                    String id = j.get("id").asString();
                    if (j.get("state").asString().equals("running") && r.nextBoolean()) {
                        s.call("POST", "/v1/jobs/" + id + "/finished", USER, "{}");
                    } else {
                        s.call("DELETE", "/v1/jobs/" + id, USER, null);
                    }
                }
            }
        }
    }

    /** The ledger's invariants, read over HTTP. */
    private static void ledgerBalances(ServeProcess s) throws IOException {
        JsonNode all = s.call("GET", "/v1/accounts", OPERATOR, null).json();
        assertThat(all.get("total").asDouble()).as("sum of every ledger row").isEqualTo(0.0);
        for (JsonNode a : all.get("accounts")) {
            String id = a.get("id").asString();
            long total = 0;
            long held = 0;
            for (JsonNode row : s.call(
                            "GET",
                            "/v1/accounts/" + java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8)
                                    + "/ledger?limit=10000",
                            OPERATOR,
                            null)
                    .json()
                    .get("rows")) {
                long micros = Math.round(row.get("amount").asDouble() * 1e6);
                total += micros;
                if (row.get("bucket").asString().equals("held")) {
                    held += micros;
                }
            }
            assertThat(Math.round(a.get("balance").asDouble() * 1e6))
                    .as("%s balance", id)
                    .isEqualTo(total);
            assertThat(Math.round(a.get("held").asDouble() * 1e6))
                    .as("%s held", id)
                    .isEqualTo(held);
        }
        double holds = 0;
        for (JsonNode j : all(s, "jobs")) {
            String st = j.get("state").asString();
            if (st.equals("reserved") || st.equals("running")) {
                holds += j.get("reservation").get("cost").asDouble();
            }
        }
        double held = s.call("GET", "/v1/accounts/u", OPERATOR, null)
                .json()
                .get("held")
                .asDouble();
        assertThat(held)
                .as("u's hold = its reservations' cost")
                .isCloseTo(holds, org.assertj.core.api.Assertions.within(1e-3));
    }
}
