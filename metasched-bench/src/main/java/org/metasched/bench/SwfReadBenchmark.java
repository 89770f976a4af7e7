package org.metasched.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfTrace;
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

/** Reading a gzipped SWF trace into a workload, with the default reader rules, in a warm JVM. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SwfReadBenchmark {

    @Param({"../shared/traces/KTH-SP2-1996-2.1-cln.swf.gz"})
    public String trace;

    private Path file;

    private long textBytes;
    private long fileBytes;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        file = existing(trace);
        fileBytes = Files.size(file);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            textBytes = in.transferTo(OutputStream.nullOutputStream());
        } catch (java.util.zip.ZipException plainText) {
            textBytes = fileBytes;
        }
    }

    @Benchmark
    public Workload read() {
        return new SwfReader(SwfOptions.DEFAULTS).read(file).workload();
    }

    /** What one read gets through: SWF text (inflated) and gzip bytes, and records, per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Read {
        public long textBytes;
        public long gzipBytes;
        public long records;
    }

    /** The same read, as throughput: {@code textBytes} is the SWF text read per second (bytes/s). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Workload throughput(Read counters) {
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(file);
        counters.textBytes += textBytes;
        counters.gzipBytes += fileBytes;
        counters.records += t.records();
        return t.workload();
    }

    static Path existing(String trace) {
        Path file = Path.of(trace);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("trace " + file.toAbsolutePath() + " not found; run from the repository"
                    + " root with ../shared beside it, or pass -p trace=FILE.swf.gz");
        }
        return file;
    }
}
