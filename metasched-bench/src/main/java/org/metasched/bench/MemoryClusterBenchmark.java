package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryWorkload;
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
 * A simulated day of the memory cluster (issue 12's speed target): 100 machines of 2 cores sharing 4 GiB, classes
 * 1, 2, 3 GiB, Poisson arrivals at 80 % load with exponential service of mean 60 s over 86 400 s (about 230 000
 * jobs). {@code simulate} runs the model with its time series and summary on a workload generated in set-up;
 * {@code generateAndSimulate} adds the generation of the jobs, which the {@code memory} command also does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MemoryClusterBenchmark {
    @Param({"adaptive", "static", "shared", "shared-backfill"})
    public String policy;

    @Param({"stable", "peak"})
    public String workload;

    private MemoryConfig config;
    private MemoryWorkload jobs;

    @Setup(Level.Trial)
    public void setUp() {
        config = MemoryConfig.defaults()
                .withPolicy(policy)
                .withCluster(100, 2, 4)
                .withWorkload(workload)
                .withStream(0.8, 86_400, 60);
        jobs = MemoryStreams.generate(config, 0);
    }

    @Benchmark
    public MemorySummary simulate() {
        return MemorySummary.of(MemoryCluster.of(config, jobs).run());
    }

    @Benchmark
    public MemorySummary generateAndSimulate() {
        return MemorySummary.of(
                MemoryCluster.of(config, MemoryStreams.generate(config, 0)).run());
    }
}
