package org.metasched.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The service's Prometheus metrics through Micrometer: requests by route, method and status with latency histograms,
 * cycles and their duration, jobs by state (the queue length is {@code state="queued"}) and reservations per node,
 * the last two read from the database when {@code /metrics} is scraped.
 */
final class ServiceMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final RequestTimers requests = new RequestTimers();
    private final Timer cycles;
    private final Counter cycleJobs;
    private final Map<String, AtomicLong> jobsByState = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> reservationsByNode = new ConcurrentHashMap<>();
    private final AtomicLong queue = new AtomicLong();

    ServiceMetrics() {
        cycles = Timer.builder("metasched.cycle.duration")
                .description("Scheduling cycles: how long each took, planning and committing")
                .publishPercentileHistogram()
                .maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry);
        cycleJobs = Counter.builder("metasched.cycle.jobs")
                .description("Waiting jobs planned by the cycles")
                .register(registry);
        registry.gauge("metasched.queue.length", queue);
        for (Store.State s : Store.State.values()) {
            AtomicLong v = new AtomicLong();
            jobsByState.put(s.shortName(), v);
            registry.gauge("metasched.jobs", Tags.of("state", s.shortName()), v);
        }
    }

    void request(String method, String route, int status, long nanos) {
        // looked up without building a key string: by method and route, then by status (100-599)
        Timer[] byStatus = requests.get(method, route);
        int i = status - 100;
        Timer t = byStatus == null || i < 0 || i >= byStatus.length ? null : byStatus[i];
        if (t == null) {
            t = timer(method, route, status);
        }
        t.record(nanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(String method, String route, int status) {
        Timer t = Timer.builder("http.server.requests")
                .description("HTTP requests by route, method and status")
                .tags("method", method, "route", route, "status", Integer.toString(status))
                .publishPercentileHistogram()
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry); // the registry returns the same timer for the same tags
        int i = status - 100;
        if (i >= 0 && i < 500) {
            requests.computeIfAbsent(method, route)[i] = t; // a racing thread stores the same timer
        }
        return t;
    }

    /** The request timers by method, then route: an array by status - 100. */
    private static final class RequestTimers {
        private final Map<String, Map<String, Timer[]>> byMethod = new ConcurrentHashMap<>();

        Timer[] get(String method, String route) {
            Map<String, Timer[]> m = byMethod.get(method);
            return m == null ? null : m.get(route);
        }

        Timer[] computeIfAbsent(String method, String route) {
            return byMethod.computeIfAbsent(method, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(route, k -> new Timer[500]);
        }
    }

    void cycle(Metascheduler.CycleOutcome o, double seconds) {
        cycles.record((long) (seconds * 1e9), TimeUnit.NANOSECONDS);
        cycleJobs.increment(o.jobs());
    }

    /** The Prometheus text, after reading the state gauges from the database. */
    String scrape(Metascheduler m) {
        try {
            m.database().read(c -> {
                for (Map.Entry<Store.State, Long> e : JobStore.countByState(c).entrySet()) {
                    jobsByState.get(e.getKey().shortName()).set(e.getValue());
                }
                queue.set(jobsByState.get("queued").get());
                Map<String, Long> byNode = SlotStore.reservationsByNode(c);
                for (Map.Entry<String, AtomicLong> e : reservationsByNode.entrySet()) {
                    e.getValue().set(byNode.getOrDefault(e.getKey(), 0L));
                }
                for (Map.Entry<String, Long> e : byNode.entrySet()) {
                    reservationsByNode
                            .computeIfAbsent(e.getKey(), k -> {
                                AtomicLong v = new AtomicLong();
                                registry.gauge("metasched.node.reservations", Tags.of("node", k), v);
                                return v;
                            })
                            .set(e.getValue());
                }
                return null;
            });
        } catch (Database.Unavailable e) {
            // the gauges keep their last values; the database's state shows in /v1/ready
        }
        return registry.scrape();
    }
}
