package org.metasched.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.metrics.RunResult;
import org.metasched.model.Workload;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * A whole trace replay in a warm JVM: the simulation with its metrics, the trace read once in set-up ({@link
 * SwfReadBenchmark} times the reading). The trace is a path relative to the working directory (run from the
 * repository root with {@code ../shared} beside it) or given with {@code -p trace=...}. The {@code ./metasched
 * simulate} command adds JVM start, reading, the output files and the report to these figures
 * (docs/performance.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class JobFlowBenchmark {

    @Param({"../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz"})
    public String trace;

    @Param({"fcfs", "easy", "conservative"})
    public String policy;

    private Workload workload;
    private FlowPolicy flowPolicy;
    private JobFlowSimulation simulation;

    @Setup(Level.Trial)
    public void setUp() {
        Path file = SwfReadBenchmark.existing(trace);
        workload = new SwfReader(SwfOptions.DEFAULTS).read(file).workload();
        flowPolicy = FlowPolicy.byName(policy);
        simulation = JobFlowSimulation.of(file.getFileName().toString());
    }

    @Benchmark
    public RunResult simulate() {
        return simulation.run(workload, flowPolicy);
    }

    /** Jobs scheduled per run (the counter JMH turns into jobs per second). */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Jobs {
        public long jobs;
    }

    /** The schedule alone (no metrics), as throughput: {@code jobs} is jobs scheduled per second. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public JobFlowSimulation.Replay schedule(Jobs counters) {
        JobFlowSimulation.Replay r = simulation.replay(workload, flowPolicy);
        counters.jobs += workload.size();
        return r;
    }
}
