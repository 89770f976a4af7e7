package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace that is not a regular file (a named pipe here; {@code /dev/stdin} and {@code <(zcat t.swf.gz)} are pipes
 * too) is read once, from start to end, and gives the trace the regular file gives: no "Illegal seek".
 */
class SwfPipeTest {
    @TempDir
    Path dir;

    private Path fifo(String name, List<byte[]> pieces) throws IOException, InterruptedException {
        return fifo(dir, name, pieces);
    }

    /**
     * A named pipe {@code name} in {@code dir} that a daemon thread fills with {@code pieces}, pausing between them
     * as a slow writer would (the test is skipped where there is no mkfifo).
     */
    static Path fifo(Path dir, String name, List<byte[]> pieces) throws IOException, InterruptedException {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here: " + e.getMessage());
            throw e;
        }
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        Thread writer = new Thread(
                () -> {
                    try (OutputStream out = Files.newOutputStream(p)) { // waits for the reader to open the pipe
                        for (int i = 0; i < pieces.size(); i++) {
                            if (i > 0) {
                                Thread.sleep(300);
                            }
                            out.write(pieces.get(i));
                            out.flush();
                        }
                    } catch (IOException | InterruptedException e) {
                        // the reader's failure is what the test reports
                    }
                },
                "fifo-writer");
        writer.setDaemon(true);
        writer.start();
        return p;
    }

    static byte[] gzip(byte[] text) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(b)) {
            out.write(text);
        }
        return b.toByteArray();
    }

    /** The trace of {@code bytes} read from a regular file called {@code name}, which is then removed. */
    private SwfTrace asFile(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(p);
        Files.delete(p);
        return t;
    }

    @Test
    void aPipeReadsAsTheRegularFilePlainGzippedAndLive() throws IOException, InterruptedException {
        byte[] text = SwfTraces.random(new Random(77), 20_000, 64, 0).getBytes(StandardCharsets.UTF_8);
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
        // in two pieces, so the reader waits for the second half of the text in the middle of a line
        int half = text.length / 2;
        List<byte[]> plain = List.of(Arrays.copyOf(text, half), Arrays.copyOfRange(text, half, text.length));
        SwfTrace expected = asFile("plain", text);
        SwfTraces.assertSame(reader.read(fifo("plain", plain)), expected);
        byte[] gz = gzip(text);
        expected = asFile("gzipped", gz);
        SwfTraces.assertSame(reader.read(fifo("gzipped", List.of(gz))), expected);
        // simulate's way: the read ahead is not started on a pipe, and the live read reads it whole, once
        expected = asFile("live", text);
        Path live = fifo("live", plain);
        SwfPrefetch.start(live);
        assertThat(SwfPrefetch.claim(live)).isNull(); // nothing read ahead
        LiveTrace t = reader.readLive(live);
        assertThat(t.workload().size()).isEqualTo(expected.workload().size());
        SwfTraces.assertSame(t.finish(), expected);
    }

    /**
     * Concatenated gzip members (what {@code cat a.gz b.gz} gives) whose second member comes late down the pipe: the
     * gzip stream asks whether more data follows after each member, and a pipe must not answer "no" only because the
     * writer has not written it yet.
     */
    @Test
    void aLateSecondGzipMemberIsNotTheEnd() throws IOException, InterruptedException {
        byte[] text = SwfTraces.random(new Random(78), 4_000, 64, 0).getBytes(StandardCharsets.UTF_8);
        int cut = text.length / 3;
        while (text[cut - 1] != '\n') {
            cut++;
        }
        byte[] a = gzip(Arrays.copyOf(text, cut));
        byte[] b = gzip(Arrays.copyOfRange(text, cut, text.length));
        SwfTrace expected = asFile("members", concat(a, b));
        assertThat(expected.records()).isEqualTo(4_000);
        SwfTraces.assertSame(new SwfReader(SwfOptions.DEFAULTS).read(fifo("members", List.of(a, b))), expected);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
