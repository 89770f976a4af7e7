package org.metasched.bench;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.metasched.batch.BatchGenerator;
import org.metasched.batch.BatchJob;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;

/**
 * The load generator of {@code metasched serve} (docs/performance.md; not a test, never timed in the build). It starts
 * the service on 127.0.0.1 and a free port, with a new SQLite file or a new database of an embedded PostgreSQL, by
 * default in a JVM of its own ({@code --server fork}: this class's {@code serve} mode, so the service's CPU is
 * measured apart from the client's; {@code --server same} runs it inside this JVM, as before), and measures over
 * HTTP/1.1 keep-alive connections of {@link LeanHttpClient}:
 *
 * <ul>
 *   <li>{@code submit}: after {@code --warmup} seconds (30) of submissions at up to 500/s, unmeasured (the JIT
 *       compiles Jetty's, Javalin's and the service's paths for tens of seconds; with a 5 s warm-up the measured run
 *       carried the compiler's CPU), job submissions sent open-loop at {@code --rate} per second for {@code --seconds}
 *       (bounded: rate x seconds requests, then it stops) over {@code --connections} connections (at most that many in
 *       flight), the latency of each from its planned send time (so a stalled server is not hidden: a request that
 *       waits for a free connection counts its wait), reported as the achieved rate, p50, p99 and max and the CPU
 *       time per submission of the service's JVM, of its database's processes (PostgreSQL) and of the client;
 *   <li>{@code cycle}: {@code --nodes} P002 nodes and {@code --jobs} waiting P002 jobs, then one cycle (POST
 *       /v1/cycles), {@code --repeat} times on fresh jobs; the cycle's own duration and the call's.
 * </ul>
 *
 * <pre>
 * java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.ServiceLoad \
 *     submit --db sqlite --rate 1000 --seconds 20
 * java -cp metasched-bench/target/benchmarks.jar org.metasched.bench.ServiceLoad \
 *     cycle --db sqlite --nodes 500 --jobs 200
 * </pre>
 *
 * {@code --server-jvm "ARGS"} passes options to the service's JVM (e.g. a flight recording).
 */
public final class ServiceLoad {
    private static final String OWNER = ServiceUnderLoad.OWNER;
    private static final String USER = ServiceUnderLoad.USER;
    private static final String OPERATOR = ServiceUnderLoad.OPERATOR;

    private ServiceLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !(args[0].equals("submit") || args[0].equals("cycle") || args[0].equals("serve"))) {
            System.err.println("usage: ServiceLoad submit|cycle [--db sqlite|postgresql] [--rate R] [--seconds S]"
                    + " [--warmup S] [--connections N] [--nodes M] [--jobs K] [--repeat N] [--seed S]"
                    + " [--server fork|same] [--server-jvm ARGS] [--sqlite-sync full|normal]");
            System.exit(2);
        }
        Map<String, String> o = new java.util.HashMap<>(Map.of(
                "db", "sqlite", "rate", "1000", "seconds", "20", "nodes", "500", "jobs", "200", "repeat", "5", "seed",
                "1", "warmup", "30"));
        o.putAll(Map.of("connections", "256", "server", "fork", "server-jvm", "", "sqlite-sync", ""));
        for (int i = 1; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--") || !o.containsKey(args[i].substring(2))) {
                System.err.println("unknown option " + args[i]);
                System.exit(2);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        if (args[0].equals("serve")) {
            ServiceUnderLoad.serve(o);
            return;
        }
        ServiceUnderLoad.ServerUnderTest server =
                o.get("server").equals("same") ? ServiceUnderLoad.startHere(o) : ServiceUnderLoad.fork(o);
        try {
            ServiceLoad load = new ServiceLoad();
            load.base = URI.create(server.url());
            load.server = server;
            System.out.printf(
                    Locale.ROOT,
                    "service %s (%s), database %s (its log and files in %s), %d cores, java %s%n",
                    load.base,
                    o.get("server").equals("same") ? "in this JVM" : "in a JVM of its own",
                    o.get("db"),
                    server.dir(),
                    Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.version"));
            if (args[0].equals("submit")) {
                load.submissions(
                        Integer.parseInt(o.get("rate")),
                        Integer.parseInt(o.get("seconds")),
                        Integer.parseInt(o.get("warmup")),
                        Integer.parseInt(o.get("connections")));
            } else {
                load.cycles(
                        Integer.parseInt(o.get("nodes")),
                        Integer.parseInt(o.get("jobs")),
                        Integer.parseInt(o.get("repeat")),
                        Long.parseLong(o.get("seed")));
            }
        } finally {
            server.stop();
        }
    }

    private URI base;
    private ServiceUnderLoad.ServerUnderTest server;

    /** One connection for the set-up and the cycles' calls. */
    private LeanHttpClient control;

    private LeanHttpClient.Answer call(String method, String path, String token, String body) throws IOException {
        if (control == null) {
            control = new LeanHttpClient(base);
        }
        return control.call(method, path, token, body);
    }

    private void submissions(int rate, int seconds, int warmupSeconds, int connections) throws Exception {
        for (int i = 0; i < 10; i++) {
            call("PUT", "/v1/nodes/n" + i, OWNER, "{\"performance\":4,\"price\":4}");
        }
        if (warmupSeconds > 0) {
            run(Math.min(rate, 500), warmupSeconds, connections, false);
        }
        run(rate, seconds, connections, true);
    }

    /**
     * Sends rate x seconds submissions open-loop over {@code connections} keep-alive connections, one thread each;
     * prints the figures when {@code report}. Request k is planned at start + k / rate; a connection's thread takes
     * the next request, waits for its planned time if it is early and sends it; the latency runs from the planned
     * time, so a request that waited for a free connection (the server fell behind) counts the wait.
     */
    private void run(int rate, int seconds, int connections, boolean report) throws Exception {
        int total = rate * seconds;
        long[] latency = new long[total];
        AtomicInteger errors = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        long interval = 1_000_000_000L / rate;
        byte[][] bodies = new byte[300][];
        LeanHttpClient probe = new LeanHttpClient(base);
        for (int v = 0; v < bodies.length; v++) {
            bodies[v] = probe.request(
                    "POST", "/v1/jobs", USER, "{\"nodes\":2,\"volume\":" + (100 + v) + ",\"budget\":2000}");
        }
        long start = System.nanoTime() + 50_000_000L; // the threads start first
        long client0 = processCpuNanos();
        long service0 = server.serviceCpuNanos();
        long database0 = server.databaseCpuNanos();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < connections; t++) {
            Thread th = new Thread(
                    () -> {
                        try (LeanHttpClient c = new LeanHttpClient(base)) {
                            for (int k; (k = next.getAndIncrement()) < total; ) {
                                long planned = start + k * interval;
                                long wait;
                                while ((wait = planned - System.nanoTime()) > 0) {
                                    java.util.concurrent.locks.LockSupport.parkNanos(wait);
                                }
                                int status;
                                try {
                                    status = c.send(bodies[k % bodies.length], false)
                                            .status();
                                } catch (IOException e) {
                                    status = -1;
                                }
                                latency[k] = System.nanoTime() - planned;
                                if (status != 201) {
                                    errors.incrementAndGet();
                                }
                            }
                        }
                    },
                    "load-client-" + t);
            th.setDaemon(true);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join(TimeUnit.SECONDS.toMillis(seconds + 180L));
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        double clientCpu = (processCpuNanos() - client0) / 1e6 / total;
        long service1 = server.serviceCpuNanos();
        double serviceCpu = service0 < 0 ? -1 : (service1 - service0) / 1e6 / total;
        double databaseCpu = (server.databaseCpuNanos() - database0) / 1e6 / total;
        if (!report) {
            return;
        }
        Arrays.sort(latency);
        String cpu = serviceCpu < 0
                ? String.format(Locale.ROOT, "%.2f ms of CPU per submission (client and service, one JVM)", clientCpu)
                : String.format(
                        Locale.ROOT, "CPU per submission: service %.2f ms, client %.2f ms", serviceCpu, clientCpu);
        if (databaseCpu > 0) {
            cpu += String.format(Locale.ROOT, ", PostgreSQL's processes %.2f ms", databaseCpu);
        }
        System.out.printf(
                Locale.ROOT,
                "submissions: %d sent at %d/s over %d connections, %d errors, %.0f/s completed (%.1f s); latency"
                        + " p50 %.2f ms, p99 %.2f ms, max %.2f ms; %s%n",
                total,
                rate,
                connections,
                errors.get(),
                total / elapsed,
                elapsed,
                latency[total / 2] / 1e6,
                latency[(int) Math.min(total - 1, Math.ceil(total * 0.99) - 1)] / 1e6,
                latency[total - 1] / 1e6,
                cpu);
    }

    /** The CPU time of this JVM (every thread: client, JIT, GC; the service too with --server same) so far. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The service's CPU so far (this JVM's when it runs the service). */
    private long cycleCpuNanos() {
        long s = server.serviceCpuNanos();
        return s < 0 ? processCpuNanos() : s;
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
            LeanHttpClient.Answer r = call(
                    "PUT",
                    "/v1/nodes/" + n.id(),
                    OWNER,
                    "{\"performance\":" + n.performance() + ",\"price\":" + n.unitPrice() + ",\"busy\":" + busy + "}");
            if (r.status() != 201) {
                throw new IllegalStateException(r.body());
            }
        }
        BatchGenerator generator = new BatchGenerator(jobs, 2, 6, 100, 400, -0.1, 0.6);
        for (int round = 0; round <= repeat; round++) {
            List<String> ids = new ArrayList<>();
            for (BatchJob j : generator.generate(rng)) {
                LeanHttpClient.Answer r = call(
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
            long cpu0 = cycleCpuNanos();
            LeanHttpClient.Answer r = call("POST", "/v1/cycles", OPERATOR, null);
            double callMs = (System.nanoTime() - t0) / 1e6;
            double cpuMs = (cycleCpuNanos() - cpu0) / 1e6;
            String ms = r.body().replaceFirst("(?s).*\"durationMs\":([0-9.]+).*", "$1");
            String planMs = r.body().replaceFirst("(?s).*\"planMs\":([0-9.]+).*", "$1");
            String reserved = r.body().replaceFirst("(?s).*\"reserved\":\\[([^\\]]*)\\].*", "$1");
            int reservedCount = reserved.isBlank() ? 0 : reserved.split(",").length;
            System.out.printf(
                    Locale.ROOT,
                    "cycle%s: %d waiting jobs over %d nodes: plan %s ms (BatchScheduler), %s ms in the"
                            + " service before its commit, %.1f ms the call (with the commit), %.0f ms of CPU"
                            + " (the service's JVM, all its threads, during the call); %d reserved%n",
                    round == 0 ? " (warm-up)" : " " + round,
                    jobs,
                    nodes,
                    planMs,
                    ms,
                    callMs,
                    cpuMs,
                    reservedCount);
            for (String id : ids) { // the same domain for the next round
                LeanHttpClient.Answer c = call("DELETE", "/v1/jobs/" + id, OPERATOR, null);
                if (c.status() != 200) { // the next round's domain is then not the same: said, not hidden
                    System.out.printf(Locale.ROOT, "  cancelling %s: %d %s%n", id, c.status(), c.body());
                }
            }
        }
    }
}
