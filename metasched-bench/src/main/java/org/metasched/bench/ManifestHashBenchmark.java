package org.metasched.bench;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.metasched.io.Xxh64;
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
 * The output manifest's content hash over 20 MB of {@code jobs.csv}-like lines (SDSC-BLUE's is 20 MB), in the JVM
 * {@code simulate} runs (C1 only, {@code -XX:TieredStopAtLevel=1}): XXH64, which the manifest holds, against SHA-256,
 * which it held until 2026-11-28 (the JDK's {@code MessageDigest}; metasched's own {@code Sha256} is as fast under
 * C1). Milliseconds per 20 MB; docs/performance.md. Lines are made up, the same at every run (no trace needed).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-XX:TieredStopAtLevel=1")
public class ManifestHashBenchmark {
    @Param({"xxh64", "sha256"})
    public String hash;

    private byte[] bytes;

    @Setup(Level.Trial)
    public void setUp() {
        StringBuilder sb = new StringBuilder(21_000_000);
        SplittableRandom r = new SplittableRandom(22);
        for (int id = 1; sb.length() < 20_000_000; id++) {
            long submit = 1_000L * id + r.nextInt(1_000);
            long start = submit + r.nextInt(5_000);
            long end = start + 1 + r.nextInt(50_000);
            sb.append(id)
                    .append(',')
                    .append(submit)
                    .append(',')
                    .append(start)
                    .append(',')
                    .append(end)
                    .append(',')
                    .append(1 + r.nextInt(1152))
                    .append(',')
                    .append(end - start)
                    .append(',')
                    .append(r.nextInt(90_000))
                    .append(',')
                    .append(start - submit)
                    .append(',')
                    .append(end - submit)
                    .append(",1.0,1.0,false,0-63\n");
        }
        bytes = sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Benchmark
    public Object hashAll() throws NoSuchAlgorithmException {
        return hash.equals("xxh64")
                ? Xxh64.of(bytes)
                : MessageDigest.getInstance("SHA-256").digest(bytes);
    }
}
