package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
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
 * One AEP window search on the P002 section 6.1 set-up: {@code nodes} nodes with performance U[2, 10], market
 * prices, 10-50 % local load over a scheduling interval of {@code interval}; the job needs 5 nodes for volume 300
 * (150 time units on the slowest node) with budget 1500. Each invocation searches the next of 64 generated
 * domains, so the figure is a mean over instances, not one lucky layout.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AepSearchBenchmark {
    private static final int INSTANCES = 64;

    @Param({"min-finish", "min-cost", "min-runtime", "min-proc-time", "amp", "csa"})
    public String strategy;

    @Param({"100"})
    public int nodes;

    @Param({"600"})
    public double interval;

    private SlotList[] domains;
    private WindowSearch search;
    private final ResourceRequest job = new ResourceRequest(5, 300, 0, 1500, 0);
    private int next;
    /** Mean number of slots per instance, reported by the set-up for the docs. */
    public double meanSlots;

    @Setup(Level.Trial)
    public void setUp() {
        RandomStreams streams = new RandomStreams(2015);
        DomainGenerator gen = DomainGenerator.p002(nodes, interval);
        domains = new SlotList[INSTANCES];
        long total = 0;
        for (int i = 0; i < INSTANCES; i++) {
            domains[i] = gen.generate(streams.stream("nodes", i)).slots();
            total += domains[i].size();
        }
        meanSlots = (double) total / INSTANCES;
        System.out.printf(
                "%n[setup] %s nodes=%d interval=%.0f mean slots=%.1f%n", strategy, nodes, interval, meanSlots);
        search = WindowSearches.create(strategy);
    }

    @Benchmark
    public void search(Blackhole bh) {
        SlotList s = domains[next];
        next = (next + 1) % INSTANCES;
        bh.consume(search.find(s, job, Geometry.ROUGH));
    }
}
