package org.metasched.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/** Issue 22: input read exactly, and told as {@code FILE:LINE:COLUMN: what is wrong}, never in the parser's words. */
class TreeReaderTest {
    @TempDir
    Path dir;

    @Test
    void aKeyGivenTwiceIsRefusedWithItsLine() throws IOException {
        Path json = Files.writeString(dir.resolve("p.json"), "{\n  \"job\": {\"volume\": 1},\n  \"job\": 2\n}\n");
        assertThatThrownBy(() -> TreeReader.open(json))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(json + ":3:")
                .hasMessageContaining("key 'job' is given twice")
                .hasMessageNotContaining("`");
        Path yaml = Files.writeString(
                dir.resolve("s.yaml"), "command: simulate\ngrid:\n  policy: [fcfs]\n" + "  policy: [easy]\n");
        assertThatThrownBy(() -> TreeReader.open(yaml))
                .isInstanceOf(InputFormatException.class)
                .hasMessageMatching("\\Q" + yaml + "\\E:[45]:\\d+: .*key 'policy' is given twice.*")
                .hasMessageNotContaining("`");
    }

    @Test
    void aYamlAliasIsRefusedAtItsLineRatherThanReadAsItsName() throws IOException {
        // Jackson's tree gave '*easy' as the text "easy", whatever '&easy' marked (here fcfs)
        Path scalar = Files.writeString(
                dir.resolve("a.yaml"),
                "command: simulate\noptions:\n  policy: &easy fcfs\ncells:\n  - {policy: *easy, processors: 20}\n");
        assertThatThrownBy(() -> TreeReader.open(scalar))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(scalar + ":5:14: the alias '*easy' is not read (YAML anchors and aliases are not"
                        + " supported): write the value out where it is used");
        Path mapping = Files.writeString(dir.resolve("m.yml"), "base: &b {volume: 10}\njob:\n  <<: *b\n  nodes: 2\n");
        assertThatThrownBy(() -> TreeReader.open(mapping))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(mapping + ":3:7: the alias '*b' is not read");
        // an anchor alone changes nothing, and is read
        Path anchor = Files.writeString(dir.resolve("n.yaml"), "job: {nodes: &n 2}\n");
        assertThat(TreeReader.open(anchor).child("job").integer("nodes")).isEqualTo(2);
    }

    /** A number that may be unbounded says so when it is neither (found by the CLI tester: "must be a number"). */
    @Test
    void aNumberThatMayBeUnboundedNamesTheWordToo() throws IOException {
        Path json = Files.writeString(dir.resolve("b.json"), "{\"job\": {\"budget\": \"abc\", \"maxPrice\": true}}");
        TreeReader job = TreeReader.open(json).child("job");
        assertThatThrownBy(() -> job.number("budget", 1, true))
                .hasMessage(json + ": job.budget must be a number or \"unbounded\", got 'abc'");
        assertThatThrownBy(() -> job.number("maxPrice", 1, true))
                .hasMessage(json + ": job.maxPrice must be a number or \"unbounded\", got true");
        assertThatThrownBy(() -> job.number("budget", 1, false))
                .hasMessage(json + ": job.budget must be a number, got 'abc'");
        Path words = Files.writeString(dir.resolve("w.json"), "{\"budget\": \" Unbounded \"}");
        assertThat(TreeReader.open(words).number("budget", 1, true)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void trailingTextIsToldWithoutTheParsersSettings() throws IOException {
        Path json = Files.writeString(dir.resolve("t.json"), "{\"a\": 1}\n{}\n");
        assertThatThrownBy(() -> TreeReader.open(json))
                .hasMessageStartingWith(json + ":2:1: malformed JSON: more text after the end")
                .hasMessageNotContaining("FAIL_ON_TRAILING_TOKENS")
                .hasMessageNotContaining("`");
    }

    @Test
    void aLimitOfTheParserIsToldWithoutItsClassNames() throws IOException {
        Path json = Files.writeString(dir.resolve("n.json"), "{\"a\": " + "9".repeat(2000) + "}\n");
        assertThatThrownBy(() -> TreeReader.open(json))
                .hasMessageStartingWith(json + ":") // the parser gives no line for its limits
                .hasMessageContaining("1000")
                .hasMessageNotContaining("StreamReadConstraints")
                .hasMessageNotContaining("`");
        Path deep = Files.writeString(dir.resolve("d.json"), "[".repeat(3000) + "]".repeat(3000));
        assertThatThrownBy(() -> TreeReader.open(deep))
                .hasMessageStartingWith(deep + ":")
                .hasMessageNotContaining("StreamReadConstraints")
                .hasMessageNotContaining("`");
    }

    /** A typo among the file's own fields names its subject, as a nested one does ("job has ..."). */
    /** A number too large for a double is named as infinity, not as the quoted text "Infinity" (a string). */
    @Test
    void aNumberBeyondTheDoublesIsNamedAsInfinityNotAsText() throws IOException {
        Path json = Files.writeString(dir.resolve("big.json"), "{\"budget\": 1e400, \"low\": -1e400}");
        assertThatThrownBy(() -> TreeReader.open(json).number("budget"))
                .hasMessage(
                        json
                                + ": budget must be a finite number, got infinity (.inf, or a number beyond the largest, 1.8e308)");
        assertThatThrownBy(() -> TreeReader.open(json).number("low"))
                .hasMessageContaining("low must be a finite number, got -infinity (");
        Path inf = Files.writeString(dir.resolve("inf.yaml"), "volume: .inf\n");
        assertThatThrownBy(() -> TreeReader.open(inf).number("volume"))
                .hasMessage(
                        inf + ": volume must be a finite number, got infinity (.inf, or a number beyond the largest,"
                                + " 1.8e308)");
        Path yaml = Files.writeString(dir.resolve("nan.yaml"), "x: .nan\n");
        assertThatThrownBy(() -> TreeReader.open(yaml).number("x"))
                .hasMessage(yaml + ": x must be a finite number, got NaN");
    }

    @Test
    void anUnknownTopLevelFieldSaysWhere() throws IOException {
        Path yaml = Files.writeString(dir.resolve("y.yaml"), "horizon: 10\na: 1\njob: {nodes: 1, volme: 2}\n");
        assertThatThrownBy(() -> TreeReader.open(yaml).onlyFields("horizon", "job"))
                .hasMessage(yaml + ": the top level has an unknown field 'a', expected one of horizon, job");
        assertThatThrownBy(() -> TreeReader.open(yaml).child("job").onlyFields("nodes", "volume"))
                .hasMessage(yaml + ": job has an unknown field 'volme', expected one of nodes, volume");
        // the caller that knows which format it expects may say what the document looks like instead
        assertThatThrownBy(() -> TreeReader.open(yaml).onlyFields(List.of("job", "horizon"), "another kind?"))
                .hasMessage(yaml + ": the top level has an unknown field 'a', expected one of horizon, job"
                        + " (another kind?)");
        assertThat(TreeReader.open(yaml).onlyFields(List.of("horizon", "a", "job"), "another kind?"))
                .isNotNull();
    }
}
