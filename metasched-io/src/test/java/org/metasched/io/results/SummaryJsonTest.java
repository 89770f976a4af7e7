package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * gang's and memory's summary.json write numbers as their CSV files do: never in exponent form (JSON allows it,
 * but the CSVs have none), times on a rebased clock exact; still valid JSON that reads back to the same numbers.
 */
class SummaryJsonTest {
    @Test
    void numbersHaveNoExponentAndTimesAreExact() {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.files(w)) {
            g.writeStartObject();
            SummaryJson.number(g, "large", 1.7e15);
            SummaryJson.number(g, "small", 7.688980136648091E-4);
            SummaryJson.number(g, "plain", 0.25);
            SummaryJson.number(g, "none", Double.NaN);
            SummaryJson.time(g, "late", 1.7e15, 226.66666666666663);
            SummaryJson.time(g, "atZero", 0, 226.66666666666663);
            SummaryJson.time(g, "never", 1.7e15, Double.POSITIVE_INFINITY);
            g.writeName("list");
            g.writeStartArray();
            SummaryJson.number(g, 1.0e-5);
            g.writeEndArray();
            g.writeEndObject();
        }
        assertThat(w.toString()).isEqualTo("""
                        {
                          "large": 1700000000000000.0,
                          "small": 0.0007688980136648091,
                          "plain": 0.25,
                          "none": null,
                          "late": 1700000000000226.66666666666663,
                          "atZero": 226.66666666666663,
                          "never": null,
                          "list": [
                            0.00001
                          ]
                        }""");
        JsonNode read = JsonMapper.builder().build().readTree(w.toString());
        assertThat(read.get("large").asDouble()).isEqualTo(1.7e15);
        assertThat(read.get("small").asDouble()).isEqualTo(7.688980136648091E-4);
        assertThat(read.get("late").asDouble()).isEqualTo(1.7e15 + 226.66666666666663);
        assertThat(read.get("list").get(0).asDouble()).isEqualTo(1.0e-5);
    }
}
