package org.metasched.io.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/**
 * A horizon that is neither a number nor a pair is quoted in its message, as every other field's bad value is, and a
 * YAML number written with a leading zero (which YAML reads as text) says so.
 */
class HorizonValueTest {
    @TempDir
    Path dir;

    private static final String REST = "nodes:\n  - {id: a, performance: 1, price: 1}\njob: {nodes: 1, volume: %s}\n";

    @Test
    void aBadHorizonIsQuoted() throws IOException {
        Path json = Files.writeString(
                dir.resolve("h.json"),
                "{\"horizon\": \"abc\", \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": 10}}");
        assertThatThrownBy(() -> ProblemReader.read(json))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(json + ": horizon must be a number (the end; start 0) or a [start, end] pair, got 'abc'");
        Path object = Files.writeString(dir.resolve("o.yaml"), "horizon: {end: 5}\n" + REST.formatted("10"));
        assertThatThrownBy(() -> ProblemReader.read(object))
                .hasMessageEndingWith("or a [start, end] pair, got an object");
    }

    @Test
    void aYamlNumberWithALeadingZeroIsToldAsText() throws IOException {
        Path horizon = Files.writeString(dir.resolve("z.yaml"), "horizon: 060\n" + REST.formatted("10"));
        assertThatThrownBy(() -> ProblemReader.read(horizon))
                .hasMessageEndingWith("or a [start, end] pair, got '060' (text: YAML reads a number with a leading"
                        + " zero as text; write it without the zero)");
        Path volume = Files.writeString(dir.resolve("v.yaml"), "horizon: 60\n" + REST.formatted("010"));
        assertThatThrownBy(() -> ProblemReader.read(volume))
                .hasMessageContaining("job.volume must be a number, got '010' (text: YAML reads");
        Path fine = Files.writeString(dir.resolve("f.yaml"), "horizon: 60\n" + REST.formatted("'abc'"));
        assertThatThrownBy(() -> ProblemReader.read(fine))
                .hasMessageEndingWith("job.volume must be a number, got 'abc'");
        assertThat(ProblemReader.read(Files.writeString(dir.resolve("ok.yaml"), "horizon: 60\n" + REST.formatted("10")))
                        .domain()
                        .nodes())
                .hasSize(1);
    }
}
