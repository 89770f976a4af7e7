package org.metasched.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.experiments.P002Environment;
import org.metasched.model.Geometry;
import org.metasched.timeline.SlotList;
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
 * One P002 scheduling cycle (spec 3.4-3.5) as {@code reproduce p002-*} draws them at medium load: 20 jobs (2-6
 * nodes, volume 25-75) over 24 generated nodes with 10-50 % local load on [0, 600]: the alternatives search by AMP
 * and the CSS DP (min-time, T_CPU), or the batch-slicer with 5 sub-batches. Three cycles, since the work depends on
 * how many alternatives a cycle has. Target for CSS: under 5 ms.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CssCycleBenchmark {
    @Param({"css", "slicer"})
    public String scheme;

    /** Which medium-load cycle of reproduce p002-* (seed 2002). */
    @Param({"1", "2", "3"})
    public int cycle;

    private SlotList slots;
    private List<BatchJob> jobs;
    private BatchScheduler.Settings settings;

    @Setup(Level.Trial)
    public void setUp() {
        P002Environment.Cycle c = P002Environment.cycle(2002, P002Environment.Load.MEDIUM, cycle);
        slots = c.slots();
        jobs = c.jobs();
        settings = new BatchScheduler.Settings(
                BatchScheduler.Scheme.byName(scheme), CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 5, 10, 1);
    }

    @Benchmark
    public BatchScheduler.Result cycle() {
        return BatchScheduler.schedule(jobs, slots, Geometry.ROUGH, settings);
    }
}
