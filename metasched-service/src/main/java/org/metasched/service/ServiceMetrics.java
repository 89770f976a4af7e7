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
    private final Map<String, Timer> requests = new ConcurrentHashMap<>();
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
        String key = method + ' ' + route + ' ' + status;
        requests.computeIfAbsent(key, k -> Timer.builder("http.server.requests")
                        .description("HTTP requests by route, method and status")
                        .tags("method", method, "route", route, "status", Integer.toString(status))
                        .publishPercentileHistogram()
                        .maximumExpectedValue(Duration.ofSeconds(10))
                        .register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
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
