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
 * A budget or price cap, which may be a number at least 0 or "unbounded" (docs/select.md), names both forms whatever
 * is wrong with it: the type error said so already (TreeReaderTest), a negative one said only "must be >= 0, got
 * -1.0" (found by the session's CLI tester, beside the type error that omitted "unbounded").
 */
class UnboundedFieldsTest {
    @TempDir
    Path dir;

    private Path problem(String job) throws IOException {
        return Files.writeString(
                dir.resolve("p.json"),
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 1}], \"job\": " + job
                        + "}");
    }

    @Test
    void aNegativeBudgetOrPriceCapNamesUnboundedToo() throws IOException {
        Path budget = problem("{\"nodes\": 1, \"volume\": 10, \"budget\": -1}");
        assertThatThrownBy(() -> ProblemReader.read(budget))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(budget + ": job.budget must be >= 0 or \"unbounded\", got -1");
        Path cap = problem("{\"nodes\": 1, \"volume\": 10, \"maxPrice\": -0.5}");
        assertThatThrownBy(() -> ProblemReader.read(cap))
                .hasMessage(cap + ": job.maxPrice must be >= 0 or \"unbounded\", got -0.5");
        Path words = problem("{\"nodes\": 1, \"volume\": 10, \"budget\": \"unbounded\", \"maxPrice\": 0}");
        assertThat(ProblemReader.read(words).request().budget()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void aNegativeBudgetOfAnAvailabilityProblemNamesUnboundedToo() throws IOException {
        Path f = Files.writeString(
                dir.resolve("a.json"),
                "{\"horizon\": 10, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 1, \"occupancy\": 0.1}],"
                        + " \"job\": {\"nodes\": 1, \"runtime\": 1, \"budget\": -2}}");
        assertThatThrownBy(() -> AvailabilityProblemReader.read(f))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(f + ": job.budget must be >= 0 or \"unbounded\", got -2");
    }
}
