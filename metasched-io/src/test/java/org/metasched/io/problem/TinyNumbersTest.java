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
 * A positive performance or price below the smallest normal double (2.2250738585072014E-308), where a double keeps
 * fewer digits, is refused when the file is read, as the service refuses it: 1e-320 was accepted.
 */
class TinyNumbersTest {
    @TempDir
    Path dir;

    private Path problem(String performance, String price) throws IOException {
        return Files.writeString(
                dir.resolve("p.json"),
                "{\"horizon\": [0, 100], \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 0.1},"
                        + " {\"id\": \"b\", \"performance\": " + performance + ", \"price\": " + price + "}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": 10, \"budget\": 5}}");
    }

    @Test
    void aPerformanceOrPriceBelowTheSmallestNormalDoubleIsRefused() throws IOException {
        Path f = problem("1e-320", "1");
        assertThatThrownBy(() -> ProblemReader.read(f))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(f + ": nodes[1].performance 1.0E-320 is too small: expected a performance of at least"
                        + " 2.2250738585072014E-308 (the smallest normal double; below it a double keeps fewer"
                        + " digits)");
        Path g = problem("1", "1e-320");
        assertThatThrownBy(() -> ProblemReader.read(g))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(g + ": nodes[1].price 1.0E-320 is too small: expected a price of 0 or at least"
                        + " 2.2250738585072014E-308 (the smallest normal double; below it a double keeps fewer"
                        + " digits)");
        assertThat(ProblemReader.read(problem("2.2250738585072014e-308", "0"))
                        .domain()
                        .nodes())
                .hasSize(2);
        assertThat(ProblemReader.read(problem("1", "2.2250738585072014e-308"))
                        .domain()
                        .nodes())
                .hasSize(2);
    }
}
