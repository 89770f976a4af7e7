package org.metasched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
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
 * One gang-scheduling replication (spec 5) in a warm JVM, the trace read once in set-up: the model with its
 * metrics (summary included), heterogeneous clocks. Default cases: P001's (first 3 000 jobs of SDSC-SP2 on 128 +
 * 256 processors) and the whole KTH-SP2 trace on 2 x 50. Paths are relative to the repository root ({@code -p
 * trace=...} to change).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GangBenchmark {

    /** {@code FILE:JOBS:CLUSTERS}: the trace, how many jobs (0 = all), cluster sizes separated by '+'. */
    @Param({
        "../shared/traces/SDSC-SP2-1998-4.2-cln.first4961jobs.swf.gz:3000:128+256",
        "../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz:0:50+50"
    })
    public String workload;

    @Param({"olb", "jseq"})
    public String dispatch;

    @Param({"afcfs", "afcfs-m", "ljfs", "ljfs-m", "lxf", "lxf-m"})
    public String policy;

    private GangJobs jobs;
    private GangConfig config;

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = workload.split(":", -1);
        jobs = GangJobs.of(
                new SwfReader(SwfOptions.DEFAULTS)
                        .read(SwfReadBenchmark.existing(parts[0]))
                        .workload(),
                Integer.parseInt(parts[1]));
        List<Integer> clusters = new ArrayList<>();
        for (String c : parts[2].split("\\+", -1)) {
            clusters.add(Integer.parseInt(c));
        }
        config = GangConfig.DEFAULTS
                .withClusters(clusters)
                .withDispatch(GangRegistries.DISPATCHERS.byName(dispatch))
                .withPolicy(GangRegistries.POLICIES.byName(policy));
    }

    @Benchmark
    public GangSummary replication() {
        return GangSimulation.run(jobs, config, 0).summary();
    }
}
