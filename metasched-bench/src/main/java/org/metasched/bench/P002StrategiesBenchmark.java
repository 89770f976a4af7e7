package org.metasched.bench;

import java.util.concurrent.TimeUnit;
import org.metasched.experiments.P002StrategyExperiments;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One cycle of {@code reproduce p002-strategies} (P002 Figure 5): a 100-node domain with local load drawn, then the
 * seven strategies search it for the job of section 6.1. The target runs 5 000 of these on the machine's cores;
 * the target is under a minute for all of them, i.e. under 24 ms per cycle on two cores.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class P002StrategiesBenchmark {
    private int run;

    @Benchmark
    public double[][] cycle() {
        return P002StrategyExperiments.strategyRun(2002, run++ % 5000);
    }
}
