package org.metasched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.batch.AlternativesSearch;
import org.metasched.batch.BatchJob;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
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

/**
 * The CSS alternatives search (spec 3.4, AMP, no cap) on a large, fragmented domain like the one of docs/performance.md
 * ("A large domain"): {@code nodes} nodes of performance 1-4 and unit price U[1, 5] over a horizon of 20,000, each
 * busy for U[50, 800] after every idle gap of U[50, 1500]; two jobs, 4 nodes for volume 200 and 8 nodes for volume
 * 400, budgets unbounded. At 200 nodes it finds 1,432 and 1,417 alternatives. The domain is drawn once from a fixed
 * seed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class AlternativesSearchBenchmark {
    private static final double HORIZON = 20_000;

    @Param({"200"})
    public int nodes;

    private SlotList slots;
    private List<BatchJob> jobs;

    @Setup(Level.Trial)
    public void setUp() {
        UniformRandomProvider r = new RandomStreams(1).stream("nodes");
        List<Node> list = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            list.add(new Node(i, "n" + i, 1 + r.nextInt(4), 1 + 4 * r.nextDouble()));
        }
        ResourceDomain domain = new ResourceDomain(list, 0, HORIZON);
        for (int i = 0; i < nodes; i++) {
            double t = 0;
            while (true) {
                t += 50 + 1450 * r.nextDouble();
                double busy = 50 + 750 * r.nextDouble();
                if (t + busy > HORIZON) {
                    break;
                }
                domain.addBusy(i, new Interval(t, t + busy));
                t += busy;
            }
        }
        slots = domain.slots();
        jobs = List.of(
                new BatchJob("J1", new ResourceRequest(4, 200, 0, 1e6, 0), BatchJob.Criterion.COST),
                new BatchJob("J2", new ResourceRequest(8, 400, 0, 1e6, 0), BatchJob.Criterion.FINISH));
    }

    @Benchmark
    public List<List<Window>> search() {
        return AlternativesSearch.search(
                jobs, slots, j -> WindowSearches.create("amp"), Geometry.ROUGH, Integer.MAX_VALUE);
    }
}
