package org.metasched.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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

    @Setup(Level.Trial)
    public void setUp() {
        file = existing(trace);
    }

    @Benchmark
    public Workload read() {
        return new SwfReader(SwfOptions.DEFAULTS).read(file).workload();
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
