package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
