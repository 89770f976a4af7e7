package org.metasched.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.metasched.batch.BatchGenerator;
import org.metasched.batch.BatchJob;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;

/**
 * The load generator of {@code metasched serve} (docs/performance.md; not a test, never timed in the build). It starts
 * the service in this JVM (client and server share the cores and the heap) on 127.0.0.1 and a free port, with a new SQLite file or a new database of an embedded
 * PostgreSQL, and measures over HTTP:
 *
 * <ul>
 *   <li>{@code submit}: job submissions sent open-loop at {@code --rate} per second for {@code --seconds} (bounded:
 *       rate x seconds requests, then it stops), the latency of each from its planned send time (so a stalled server
 *       is not hidden), reported as the achieved rate, p50, p99 and max;
 *   <li>{@code cycle}: {@code --nodes} P002 nodes and {@code --jobs} waiting P002 jobs, then one cycle (POST
 *       /v1/cycles), {@code --repeat} times on fresh jobs; the cycle's own duration and the call's.
 * </ul>
 *
 * <pre>
 * java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.ServiceLoad submit --db sqlite --rate 1000 --seconds 20
 * java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.ServiceLoad cycle --db sqlite --nodes 500 --jobs 200
 * </pre>
 */
public final class ServiceLoad {
    private static final String OWNER = "load-owner-0123456789";
    private static final String USER = "load-user-0123456789";
    private static final String OPERATOR = "load-operator-0123456789";

    private ServiceLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !(args[0].equals("submit") || args[0].equals("cycle"))) {
            System.err.println("usage: ServiceLoad submit|cycle [--db sqlite|postgresql] [--rate R] [--seconds S]"
                    + " [--nodes M] [--jobs K] [--repeat N] [--seed S]");
            System.exit(2);
        }
        Map<String, String> o = new java.util.HashMap<>(Map.of(
                "db", "sqlite", "rate", "1000", "seconds", "20", "nodes", "500", "jobs", "200", "repeat", "5", "seed",
                "1", "warmup", "5"));
        for (int i = 1; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--") || !o.containsKey(args[i].substring(2))) {
                System.err.println("unknown option " + args[i]);
                System.exit(2);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        Path dir = Files.createTempDirectory("metasched-load");
        // the service logs one line per request, the embedded PostgreSQL its start: to a file here, so the terminal
        // shows the figures (set before anything logs, which is when Logback reads it)
        System.setProperty("logback.configurationFile", writeLogConfig(dir).toString());
        EmbeddedPostgres pg = null;
        String db;
        if (o.get("db").equals("postgresql")) {
            pg = EmbeddedPostgres.builder()
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .start();
            try (Connection c = pg.getPostgresDatabase().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE load");
            }
            db = pg.getJdbcUrl("postgres", "load");
        } else {
            db = dir.resolve("load.db").toString();
        }
        Path config = dir.resolve("service.yaml");
        Files.writeString(
                config,
                "clock: wall\nhorizon: 600\ntokens:\n"
                        + "  - {name: owner, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: user, role: user, token: " + USER + "}\n"
                        + "  - {name: operator, role: operator, token: " + OPERATOR + "}\n");
        Service service = Service.start(ServiceConfig.load(config, Map.of(), Map.of("port", "0", "db", db)));
        try {
            ServiceLoad load = new ServiceLoad();
            load.base = service.url();
            System.out.printf(
                    Locale.ROOT,
                    "service %s, database %s (its log and files in %s), %d cores, java %s%n",
                    load.base,
                    o.get("db"),
                    dir,
                    Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.version"));
            if (args[0].equals("submit")) {
                load.submissions(
                        Integer.parseInt(o.get("rate")),
                        Integer.parseInt(o.get("seconds")),
                        Integer.parseInt(o.get("warmup")));
            } else {
                load.cycles(
                        Integer.parseInt(o.get("nodes")),
                        Integer.parseInt(o.get("jobs")),
                        Integer.parseInt(o.get("repeat")),
                        Long.parseLong(o.get("seed")));
            }
        } finally {
            service.stop();
            if (pg != null) {
                pg.close();
            }
        }
    }

    private static Path writeLogConfig(Path dir) throws IOException {
        Path f = dir.resolve("logback.xml");
        Files.writeString(
                f,
                "<configuration><statusListener class=\"ch.qos.logback.core.status.NopStatusListener\"/>"
                        + "<appender name=\"F\" class=\"ch.qos.logback.core.FileAppender\"><file>"
                        + dir.resolve("service.log")
                        + "</file><encoder><pattern>%d %-5level %logger{0}: %msg%n</pattern></encoder></appender>"
                        + "<logger name=\"org.eclipse.jetty\" level=\"WARN\"/><root level=\"INFO\"><appender-ref ref=\"F\"/>"
                        + "</root></configuration>");
        return f;
    }

    private String base;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .executor(java.util.concurrent.Executors.newFixedThreadPool(8, r -> {
                Thread t = new Thread(r, "load-client");
                t.setDaemon(true); // the JVM ends with main
                return t;
            }))
            .build();

    private HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        return http.send(request(method, path, token, body), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String method, String path, String token, String body) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    private void submissions(int rate, int seconds, int warmupSeconds) throws Exception {
        for (int i = 0; i < 10; i++) {
            call("PUT", "/v1/nodes/n" + i, OWNER, "{\"performance\":4,\"price\":4}");
        }
        if (warmupSeconds > 0) {
            run(Math.min(rate, 500), warmupSeconds, false);
        }
        run(rate, seconds, true);
    }

    /** Sends rate x seconds submissions open-loop; prints the figures when {@code report}. */
    private void run(int rate, int seconds, boolean report) throws Exception {
        int total = rate * seconds;
        long[] latency = new long[total];
        AtomicInteger errors = new AtomicInteger();
        List<CompletableFuture<Void>> pending = new ArrayList<>(total);
        // at most 256 requests in flight (connections): a slow server then delays the sending, and the latency,
        // measured from each request's planned time, shows it
        java.util.concurrent.Semaphore inFlight = new java.util.concurrent.Semaphore(256);
        long start = System.nanoTime();
        long cpu0 = processCpuNanos();
        long interval = 1_000_000_000L / rate;
        for (int i = 0; i < total; i++) {
            long planned = start + i * interval;
            long wait = planned - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            inFlight.acquire();
            int k = i;
            String body = "{\"nodes\":2,\"volume\":" + (100 + (i % 300)) + ",\"budget\":2000}";
            pending.add(http.sendAsync(request("POST", "/v1/jobs", USER, body), HttpResponse.BodyHandlers.discarding())
                    .handle((r, e) -> {
                        latency[k] = System.nanoTime() - planned;
                        inFlight.release();
                        if (e != null || r.statusCode() != 201) {
                            errors.incrementAndGet();
                        }
                        return null;
                    }));
        }
        CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0])).get(120, TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        double cpuPerRequest = (processCpuNanos() - cpu0) / 1e6 / total;
        if (!report) {
            return;
        }
        Arrays.sort(latency);
        System.out.printf(
                Locale.ROOT,
                "submissions: %d sent at %d/s, %d errors, %.0f/s completed (%.1f s); latency"
                        + " p50 %.2f ms, p99 %.2f ms, max %.2f ms; %.2f ms of CPU per submission (client and"
                        + " server)%n",
                total,
                rate,
                errors.get(),
                total / elapsed,
                elapsed,
                latency[total / 2] / 1e6,
                latency[(int) Math.min(total - 1, Math.ceil(total * 0.99) - 1)] / 1e6,
                latency[total - 1] / 1e6,
                cpuPerRequest);
    }

    /** The CPU time of this JVM (every thread: client, service, JIT, GC) so far. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private void cycles(int nodes, int jobs, int repeat, long seed) throws Exception {
        UniformRandomProvider rng = RandomSource.PHILOX_4X64.create(seed);
        ResourceDomain domain = DomainGenerator.p002(nodes, 100_000).generate(rng);
        for (Node n : domain.nodes()) {
            StringBuilder busy = new StringBuilder("[");
            for (Interval iv : domain.timeline(n.index()).busy()) {
                busy.append(busy.length() > 1 ? "," : "")
                        .append('[')
                        .append(iv.start())
                        .append(',')
                        .append(iv.end())
                        .append(']');
            }
            busy.append(']');
            HttpResponse<String> r = call(
                    "PUT",
                    "/v1/nodes/" + n.id(),
                    OWNER,
                    "{\"performance\":" + n.performance() + ",\"price\":" + n.unitPrice() + ",\"busy\":" + busy + "}");
            if (r.statusCode() != 201) {
                throw new IllegalStateException(r.body());
            }
        }
        BatchGenerator generator = new BatchGenerator(jobs, 2, 6, 100, 400, -0.1, 0.6);
        for (int round = 0; round <= repeat; round++) {
            List<String> ids = new ArrayList<>();
            for (BatchJob j : generator.generate(rng)) {
                HttpResponse<String> r = call(
                        "POST",
                        "/v1/jobs",
                        USER,
                        String.format(
                                Locale.ROOT,
                                "{\"nodes\":%d,\"volume\":%s,\"budget\":%s,\"criterion\":\"%s\"}",
                                j.request().nodes(),
                                j.request().volume(),
                                j.request().budget(),
                                j.criterion().name()));
                ids.add(r.body().replaceFirst(".*\"id\":\"([^\"]+)\".*", "$1"));
            }
            long t0 = System.nanoTime();
            long cpu0 = processCpuNanos();
            HttpResponse<String> r = call("POST", "/v1/cycles", OPERATOR, null);
            double callMs = (System.nanoTime() - t0) / 1e6;
            double cpuMs = (processCpuNanos() - cpu0) / 1e6;
            String ms = r.body().replaceFirst("(?s).*\"durationMs\":([0-9.]+).*", "$1");
            String planMs = r.body().replaceFirst("(?s).*\"planMs\":([0-9.]+).*", "$1");
            String reserved = r.body().replaceFirst("(?s).*\"reserved\":\\[([^\\]]*)\\].*", "$1");
            int reservedCount = reserved.isBlank() ? 0 : reserved.split(",").length;
            System.out.printf(
                    Locale.ROOT,
                    "cycle%s: %d waiting jobs over %d nodes: plan %s ms (BatchScheduler), %s ms in the"
                            + " service before its commit, %.1f ms the call (with the commit), %.0f ms of CPU"
                            + " (this JVM's threads, all of them, during the call); %d reserved%n",
                    round == 0 ? " (warm-up)" : " " + round,
                    jobs,
                    nodes,
                    planMs,
                    ms,
                    callMs,
                    cpuMs,
                    reservedCount);
            for (String id : ids) { // the same domain for the next round
                HttpResponse<String> c = call("DELETE", "/v1/jobs/" + id, OPERATOR, null);
                if (c.statusCode() != 200) { // the next round's domain is then not the same: said, not hidden
                    System.out.printf(Locale.ROOT, "  cancelling %s: %d %s%n", id, c.statusCode(), c.body());
                }
            }
        }
    }
}
