package org.metasched.io.results;

import java.util.Map;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/** The pieces the {@code summary.json} writers share: a named number, the means over runs, counts by name. */
final class SummaryJson {
    private SummaryJson() {}

    static void number(JsonGenerator g, String name, double v) {
        g.writeName(name);
        JsonOutput.number(g, v);
    }

    /** {@code "overRuns": {metric: {"mean": m, "ci95": h}, ...}}, left out when {@code overRuns} is empty. */
    static void overRuns(JsonGenerator g, Map<String, double[]> overRuns) {
        if (overRuns.isEmpty()) {
            return;
        }
        g.writeName("overRuns");
        g.writeStartObject();
        for (Map.Entry<String, double[]> e : overRuns.entrySet()) {
            g.writeName(e.getKey());
            g.writeStartObject();
            number(g, "mean", e.getValue()[0]);
            number(g, "ci95", e.getValue()[1]);
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** {@code name: {key: count, ...}}. */
    static void counts(JsonGenerator g, String name, Map<String, Long> counts) {
        g.writeName(name);
        g.writeStartObject();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            g.writeNumberProperty(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
