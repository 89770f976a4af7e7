package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.metasched.model.Workload;

/** Random SWF traces with every kind of questionable record, and a field-by-field comparison of two reads. */
final class SwfTraces {
    private SwfTraces() {}

    /**
     * {@code n} records with unique job numbers: submit times mostly in order (some out of order), missing and
     * zero run times, sizes from either field or neither, some larger than {@code machine}, estimates missing or
     * short, memory fields. The header gives {@code machine} processors first; if {@code laterMachine > 0} a second
     * header line gives that size after the first {@code n / 2} records (then the first is {@code MaxNodes} and the
     * second {@code MaxProcs}, which the reader takes over it: a second {@code MaxProcs} with another value is an
     * error).
     */
    static String random(Random rnd, int n, int machine, int laterMachine) {
        return random(rnd, n, machine, laterMachine, true);
    }

    /** {@link #random(Random, int, int, int)}, with submit times out of order only if {@code outOfOrder}. */
    static String random(Random rnd, int n, int machine, int laterMachine, boolean outOfOrder) {
        StringBuilder s = new StringBuilder(n * 64);
        s.append("; Version: 2.2\n; ")
                .append(laterMachine > 0 ? "MaxNodes" : "MaxProcs")
                .append(": ")
                .append(machine)
                .append('\n');
        long submit = 0;
        for (int i = 0; i < n; i++) {
            if (laterMachine > 0 && i == n / 2) {
                s.append("; MaxProcs: ").append(laterMachine).append('\n');
            }
            if (rnd.nextInt(50) == 0) {
                s.append('\n'); // blank lines are passed over
            }
            submit += rnd.nextInt(100);
            long sub = outOfOrder && rnd.nextInt(40) == 0 ? Math.max(0, submit - rnd.nextInt(500)) : submit;
            if (rnd.nextInt(200) == 0) {
                sub = -1;
            }
            long run = rnd.nextInt(30) == 0 ? -1 + rnd.nextInt(2) : 1 + rnd.nextInt(5000);
            long alloc = rnd.nextInt(10) == 0 ? -1 : 1 + rnd.nextInt(machine + machine / 8);
            long req = rnd.nextInt(10) == 0 ? -1 : 1 + rnd.nextInt(machine + machine / 8);
            long reqTime = rnd.nextInt(8) == 0 ? -1 : 1 + rnd.nextInt(6000);
            long used = rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(1 << 20);
            long reqMem = rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(1 << 20);
            s.append(i + 1)
                    .append(' ')
                    .append(sub)
                    .append(" -1 ")
                    .append(run)
                    .append(' ')
                    .append(alloc)
                    .append(" 12.5 ")
                    .append(used)
                    .append(' ')
                    .append(req)
                    .append(' ')
                    .append(reqTime)
                    .append(' ')
                    .append(reqMem)
                    .append(" 1 3 -1 7 1 -1 -1 -1\n");
        }
        return s.toString();
    }

    /** Asserts that {@code actual} is {@code expected} in every field, job by job. */
    static void assertSame(SwfTrace actual, SwfTrace expected) {
        assertThat(actual.source()).isEqualTo(expected.source());
        assertThat(actual.records()).isEqualTo(expected.records());
        assertThat(actual.counts()).isEqualTo(expected.counts());
        assertThat(actual.headerProcessors()).isEqualTo(expected.headerProcessors());
        assertThat(actual.adjusted()).isEqualTo(expected.adjusted());
        Workload a = actual.workload();
        Workload e = expected.workload();
        assertThat(a.machineProcessors()).isEqualTo(e.machineProcessors());
        assertThat(a.size()).isEqualTo(e.size());
        for (int j = 0; j < e.size(); j++) {
            assertThat(new long[] {
                        a.id(j),
                        a.submitSeconds(j),
                        a.runtimeSeconds(j),
                        a.estimateSeconds(j),
                        a.processors(j),
                        a.killed(j) ? 1 : 0
                    })
                    .as("job %d", j)
                    .containsExactly(
                            e.id(j),
                            e.submitSeconds(j),
                            e.runtimeSeconds(j),
                            e.estimateSeconds(j),
                            e.processors(j),
                            e.killed(j) ? 1 : 0);
        }
        int n = expected.memory().size();
        assertThat(actual.memory().size()).isEqualTo(n);
        assertThat(Arrays.copyOf(actual.memory().requestedKiB(), n))
                .isEqualTo(Arrays.copyOf(expected.memory().requestedKiB(), n));
        assertThat(Arrays.copyOf(actual.memory().usedKiB(), n))
                .isEqualTo(Arrays.copyOf(expected.memory().usedKiB(), n));
    }

    /** Writes {@code text} to {@code file}, gzipped if {@code gzip}. */
    static void write(Path file, byte[] text, boolean gzip) throws IOException {
        if (!gzip) {
            Files.write(file, text);
            return;
        }
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text);
        }
    }

    /** The message of the {@link SwfFormatException} {@code r} throws (an assertion error if it throws none). */
    static String catchMessage(Runnable r) {
        try {
            r.run();
        } catch (SwfFormatException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error");
    }
}
