package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.Workload;

/**
 * A machine-size header line given twice with two values ({@code ; MaxProcs: 100}, then {@code ; MaxProcs: 50}) is
 * bad input naming both lines and values: which line counts would otherwise be the reader's silent choice. The same
 * value again stays accepted, and {@code MaxNodes} beside another {@code MaxProcs} is two fields, not a repeat. The
 * error is the same on every path the reader has: in memory, a file plain or gzipped, read ahead (whole, or live with
 * the second line found after the first jobs), the records a sweep shares, and a pipe.
 */
class SwfRepeatedHeaderTest {
    private static final String WHY = " (a header line given twice must repeat its value)";

    @TempDir
    Path dir;

    private static String rec(int id, int submit) {
        return id + " " + submit + " -1 10 2 -1 -1 2 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
    }

    private static SwfTrace parse(SwfOptions o, String text) {
        return new SwfReader(o).parse("t.swf", text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aSecondValueIsAnErrorNamingBothLinesAndValues() {
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, "; MaxProcs: 100\n; MaxProcs: 50\n" + rec(1, 0)))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage("t.swf:2: header 'MaxProcs': bad value '50', expected 100 as on line 1" + WHY);
        // MaxNodes is the machine size when there is no MaxProcs: the same rule, wherever the lines are
        assertThatThrownBy(
                        () -> parse(SwfOptions.DEFAULTS, ";MaxNodes:16\n" + rec(1, 0) + "; MaxNodes: 8\n" + rec(2, 1)))
                .hasMessage("t.swf:3: header 'MaxNodes': bad value '8', expected 16 as on line 1" + WHY);
        // named against the line before that gave the value
        assertThatThrownBy(() ->
                        parse(SwfOptions.DEFAULTS, "; MaxProcs: 64\n; MaxProcs: 64\n" + rec(1, 0) + "; MaxProcs: 32\n"))
                .hasMessage("t.swf:4: header 'MaxProcs': bad value '32', expected 64 as on line 2" + WHY);
        // a file that contradicts itself is one even when --processors sets the machine
        assertThatThrownBy(() -> parse(
                        SwfOptions.DEFAULTS.withMachineProcessors(8), "; MaxProcs: 100\n; MaxProcs: 50\n" + rec(1, 0)))
                .hasMessageStartingWith("t.swf:2: header 'MaxProcs': bad value '50'");
    }

    @Test
    void theSameValueAgainAndTwoDifferentFieldsAreAccepted() {
        SwfTrace same =
                parse(SwfOptions.DEFAULTS, "; MaxProcs: 100\n" + rec(1, 0) + ";  MaxProcs:  100  \n" + rec(2, 1));
        assertThat(same.workload().machineProcessors()).isEqualTo(100);
        assertThat(same.headerProcessors()).isEqualTo(100);
        SwfTrace nodes = parse(SwfOptions.DEFAULTS, "; MaxNodes: 16\n; MaxNodes: 16\n" + rec(1, 0));
        assertThat(nodes.workload().machineProcessors()).isEqualTo(16);
        // SDSC-BLUE's header: 144 nodes of 8 processors
        SwfTrace blue = parse(SwfOptions.DEFAULTS, "; MaxNodes: 144\n; MaxProcs: 1152\n" + rec(1, 0));
        assertThat(blue.workload().machineProcessors()).isEqualTo(1152);
    }

    /** 20,000 records (several of the tokenizer's buffers) with a second MaxProcs of another value after 15,000. */
    @Test
    void everyPathGivesTheSameError() throws IOException, InterruptedException {
        String good = SwfTraces.random(new Random(2611), 20_000, 64, 0, false);
        int at = good.indexOf("\n15000 ") + 1;
        String text = good.substring(0, at) + "; MaxProcs: 40\n" + good.substring(at);
        int line = (int) good.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        byte[] gz = SwfPipeTest.gzip(bytes);
        SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);

        Path plain = dir.resolve("t.swf");
        Path gzipped = dir.resolve("t.swf.gz");
        SwfTraces.write(plain, bytes, false);
        SwfTraces.write(gzipped, bytes, true);
        for (Path file : List.of(plain, gzipped)) {
            String expected = file + ":" + line + ": header 'MaxProcs': bad value '40', expected 64 as on line 2" + WHY;
            assertThat(SwfTraces.catchMessage(() -> reader.parse(file.toString(), bytes)))
                    .as("in memory")
                    .isEqualTo(expected);
            assertThat(SwfTraces.catchMessage(() -> reader.read(file)))
                    .as("read")
                    .isEqualTo(expected);
            assertThat(SwfTraces.catchMessage(() -> reader.readLive(file).finish()))
                    .as("live, nothing read ahead")
                    .isEqualTo(expected);
            assertThat(SwfTraces.catchMessage(() -> SwfReader.records(file)))
                    .as("records (sweep)")
                    .isEqualTo(expected);
            SwfPrefetch.start(file);
            assertThat(SwfTraces.catchMessage(() -> reader.read(file)))
                    .as("read ahead, read whole")
                    .isEqualTo(expected);
            SwfPrefetch.start(file);
            assertThat(SwfTraces.catchMessage(() -> consume(reader.readLive(file))))
                    .as("read ahead, simulated as read")
                    .isEqualTo(expected);
        }
        // a pipe, plain in two pieces and gzipped, read whole or for a simulation
        List<byte[]> pieces = List.of(
                Arrays.copyOf(bytes, bytes.length / 2), Arrays.copyOfRange(bytes, bytes.length / 2, bytes.length));
        Path[] pipes = {
            SwfPipeTest.fifo(dir, "p1", pieces),
            SwfPipeTest.fifo(dir, "p2", List.of(gz)),
            SwfPipeTest.fifo(dir, "p3", pieces)
        };
        for (int i = 0; i < pipes.length; i++) {
            Path p = pipes[i];
            String expected = p + ":" + line + ": header 'MaxProcs': bad value '40', expected 64 as on line 2" + WHY;
            if (i < 2) {
                assertThat(SwfTraces.catchMessage(() -> reader.read(p)))
                        .as(p.toString())
                        .isEqualTo(expected);
            } else {
                SwfPrefetch.start(p); // as simulate does: nothing is read ahead from a pipe
                assertThat(SwfTraces.catchMessage(() -> consume(reader.readLive(p))))
                        .as(p.toString())
                        .isEqualTo(expected);
            }
        }
    }

    /** What a simulation does with a live trace: every job as it comes, then the trace. */
    private static void consume(LiveTrace live) {
        Workload w = live.workload();
        for (int j = 0; w.has(j); j++) {
            w.submitSeconds(j);
        }
        live.finish();
    }
}
