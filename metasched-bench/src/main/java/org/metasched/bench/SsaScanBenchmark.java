package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One SSA scan (COMMON geometry, unbounded budget) for an 8-node job of volume 600 on the P000 domain: 32 nodes
 * with performance U[2, 16], onto which {@code queued} jobs of the P000 distribution (n ~ U{1..8}, V ~ U[60,
 * 1200]) were already placed by conservative backfilling with BFfinish, so the slot list has the gaps of a busy
 * schedule. Each invocation searches the next of 32 such domains.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SsaScanBenchmark {
    private static final int INSTANCES = 32;

    @Param({"cop", "bf-finish", "past", "bf-start"})
    public String criterion;

    @Param({"50"})
    public int queued;

    private SlotList[] domains;
    private WindowSearch search;
    private final ResourceRequest job = ResourceRequest.of(8, 600);
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        RandomStreams streams = new RandomStreams(2020);
        domains = new SlotList[INSTANCES];
        long total = 0;
        WindowBackfilling driver = new WindowBackfilling(WindowSearches.create("bf-finish"), Geometry.COMMON);
        for (int i = 0; i < INSTANCES; i++) {
            ResourceDomain d = DomainGenerator.p000(32).generate(streams.stream("nodes", i));
            UniformRandomProvider jobs = streams.stream("jobs", i);
            java.util.List<ResourceRequest> queue = new java.util.ArrayList<>();
            for (int j = 0; j < queued; j++) {
                queue.add(ResourceRequest.of(1 + jobs.nextInt(8), 60 + 1140 * jobs.nextDouble()));
            }
            driver.schedule(d, queue);
            domains[i] = d.slots();
            total += domains[i].size();
        }
        System.out.printf("%n[setup] %s queued=%d mean slots=%.1f%n", criterion, queued, (double) total / INSTANCES);
        search = WindowSearches.create(criterion);
    }

    @Benchmark
    public void search(Blackhole bh) {
        SlotList s = domains[next];
        next = (next + 1) % INSTANCES;
        bh.consume(search.find(s, job, Geometry.COMMON));
    }
}
