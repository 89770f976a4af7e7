package org.metasched.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.metasched.experiments.P001Experiment;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.model.Workload;
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
 * The whole P001 experiment (2 dispatchers x 6 policies x 10 runs on the first 3 000 jobs of SDSC-SP2, 128 + 256
 * heterogeneous processors) on all available cores, trace read in set-up. Single shots: the first in a fresh JVM
 * is what {@code reproduce p001} will cost (plus JVM start and output files).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 3)
@Fork(1)
public class P001Benchmark {

    @Param({"../shared/traces/SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz"})
    public String trace;

    private Workload workload;

    @Setup(Level.Trial)
    public void setUp() {
        workload = new SwfReader(SwfOptions.DEFAULTS)
                .read(SwfReadBenchmark.existing(trace))
                .workload();
    }

    @Benchmark
    public List<P001Experiment.Row> experiment() {
        return P001Experiment.run(
                workload,
                P001Experiment.Config.paper(2019),
                Runtime.getRuntime().availableProcessors(),
                x -> {});
    }
}
