package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwfPrefetchTest {
    @TempDir
    Path dir;

    @Test
    void aPrefetchedTraceReadsAsIfReadNowAndOnlyOnce() throws IOException {
        Path file = dir.resolve("t.swf");
        Files.writeString(file, SwfReaderTest.QUESTIONABLE, StandardCharsets.UTF_8);
        SwfTrace direct = new SwfReader(SwfOptions.DEFAULTS).read(file);
        SwfPrefetch.start(file);
        SwfColumns ahead = SwfPrefetch.take(file);
        assertThat(ahead).isNotNull();
        assertThat(SwfPrefetch.take(file)).isNull(); // taken once: a second read reads again
        assertThat(SwfPrefetch.takenNanos()).isPositive();
        assertThat(SwfPrefetch.takenNanos()).isZero();
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS.withOverrun(SwfOptions.Overrun.EXTEND)).records("t", ahead);
        assertThat(t.records()).isEqualTo(direct.records());
        // the options apply afterwards: --no-kill changes the estimate rule's effect, not the records
        assertThat(t.count(SwfRule.ESTIMATE_SHORT)).isEqualTo(direct.count(SwfRule.ESTIMATE_SHORT));
        assertThat(t.workload().size()).isEqualTo(direct.workload().size());
    }

    @Test
    void anotherFileIsReadItselfAndErrorsComeWhereTheReaderThrows() throws IOException {
        Path file = dir.resolve("t.swf");
        Files.writeString(file, SwfReaderTest.QUESTIONABLE, StandardCharsets.UTF_8);
        Path missing = dir.resolve("missing.swf");
        SwfPrefetch.start(missing);
        assertThat(new SwfReader(SwfOptions.DEFAULTS).read(file).records()).isEqualTo(10);
        // the prefetch of the missing file is still pending, and its error is the reader's own
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(missing))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(missing + ": no such file");
        Path bad = dir.resolve("bad.swf");
        Files.writeString(bad, "1 2 3\n", StandardCharsets.UTF_8);
        SwfPrefetch.start(bad);
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(bad))
                .isInstanceOf(SwfFormatException.class)
                .hasMessageStartingWith(bad + ":1: field 4 (run time): missing");
    }

    /**
     * A trace of many buffers read ahead is classified as it is found ({@link SwfReader#read} beside the read
     * ahead's threads): the same trace as a read without the read ahead, gzipped or not, with the machine from the
     * options, from the header, or from a header line halfway (then classified again), and the read's errors the same.
     */
    @Test
    void aTraceClassifiedWhileReadAheadIsTheTraceReadAtOnce() throws IOException {
        Random rnd = new Random(2525);
        SwfOptions[] options = {
            SwfOptions.DEFAULTS,
            SwfOptions.DEFAULTS.withOverrun(SwfOptions.Overrun.EXTEND).withSize(SwfOptions.SizeField.REQUESTED),
            SwfOptions.DEFAULTS.withMachineProcessors(100),
            SwfOptions.DEFAULTS.withMaxJobs(15_000),
        };
        for (int round = 0; round < 8; round++) {
            // 20,000 records of about 70 bytes: five buffers of the tokenizer and more
            String text = SwfTraces.random(rnd, 20_000, 64 + rnd.nextInt(128), round % 3 == 2 ? 80 : 0);
            Path file = dir.resolve("r" + round + (round % 2 == 0 ? ".swf.gz" : ".swf"));
            SwfTraces.write(file, text.getBytes(StandardCharsets.UTF_8), round % 2 == 0);
            SwfReader reader = new SwfReader(options[round % options.length]);
            SwfTrace atOnce = reader.read(file); // nothing read ahead: tokenised, then classified in one pass
            SwfPrefetch.start(file);
            SwfTraces.assertSame(reader.read(file), atOnce);
        }
        // no machine size anywhere, and a bad record after several buffers: the errors of a read at once
        String noHeader = SwfTraces.random(rnd, 20_000, 64, 0).replace("; MaxProcs: 64\n", "");
        String bad = SwfTraces.random(rnd, 20_000, 64, 0) + "20001 5 -1 x 1 -1 -1 1 1 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        for (String text : new String[] {noHeader, bad}) {
            Path file = dir.resolve("bad.swf.gz");
            SwfTraces.write(file, text.getBytes(StandardCharsets.UTF_8), true);
            SwfReader reader = new SwfReader(SwfOptions.DEFAULTS);
            String expected = SwfTraces.catchMessage(() -> reader.read(file));
            assertThat(expected).startsWith(file.toString());
            SwfPrefetch.start(file);
            assertThat(SwfTraces.catchMessage(() -> reader.read(file))).isEqualTo(expected);
        }
    }
}
