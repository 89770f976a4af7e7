package org.metasched.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.results.ResultsWriter;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfTrace;
import org.metasched.metrics.RunResult;
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
 * The result writers of {@code simulate} in a warm JVM, the run done once in set-up: {@code jobs.csv} from the job
 * table (jobs and bytes per second, into a stream that discards them, so no disk) and {@code summary.json}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ResultsWriteBenchmark {

    @Param({"../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz"})
    public String trace;

    @Param({"easy"})
    public String policy;

    private RunResult result;
    private ReaderCounts counts;

    @Setup(Level.Trial)
    public void setUp() {
        Path file = SwfReadBenchmark.existing(trace);
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(file);
        result = JobFlowSimulation.of(file.getFileName().toString()).run(t.workload(), FlowPolicy.byName(policy));
        counts = ReaderCounts.of(t);
    }

    /** Rows and bytes of {@code jobs.csv} written per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Written {
        public long rows;
        public long bytes;
    }

    /** A stream that counts and drops what it is given. */
    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }

    @Benchmark
    public long jobsCsv(Written w) throws IOException {
        Counting out = new Counting();
        ResultsWriter.writeJobs(out, result.table());
        w.rows += result.table().size();
        w.bytes += out.bytes;
        return out.bytes;
    }

    @Benchmark
    public int summaryJson() {
        StringWriter out = new StringWriter();
        ResultsWriter.writeSummary(out, result.summary(), counts);
        return out.getBuffer().length();
    }
}
