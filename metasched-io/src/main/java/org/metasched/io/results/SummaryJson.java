package org.metasched.io.results;

import static org.metasched.io.JsonOutput.number;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/** The {@code summary.json} of a model's runs (gang, memory), and the numbers in it. */
final class SummaryJson {
    private SummaryJson() {}

    /**
     * Writes {@code file}: one object in {@link JsonOutput#files}' layout and a line break. Its fields are those
     * {@code fields} writes, then {@code "overRuns": {metric: {"mean": m, "ci95": h}, ...}} (with {@code "runs": n}, the runs
     * the two are over, when some runs have no value) and {@code
     * "recordCounts": {rule: count, ...}}, each left out when the runs have none.
     */
    static void write(Path file, Runs<?, ?> runs, Consumer<JsonGenerator> fields) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            try (JsonGenerator g = JsonOutput.files(w)) {
                g.writeStartObject();
                fields.accept(g);
                if (!runs.overRuns().isEmpty()) {
                    g.writeName("overRuns");
                    g.writeStartObject();
                    for (Map.Entry<String, double[]> e : runs.overRuns().entrySet()) {
                        g.writeName(e.getKey());
                        g.writeStartObject();
                        number(g, "mean", e.getValue()[0]);
                        number(g, "ci95", e.getValue()[1]);
                        if (e.getValue().length > 2) {
                            g.writeNumberProperty("runs", (long) e.getValue()[2]);
                        }
                        g.writeEndObject();
                    }
                    g.writeEndObject();
                }
                if (!runs.recordCounts().isEmpty()) {
                    g.writeName("recordCounts");
                    g.writeStartObject();
                    for (Map.Entry<String, Long> e : runs.recordCounts().entrySet()) {
                        g.writeNumberProperty(e.getKey(), e.getValue());
                    }
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            w.write('\n');
        }
    }
}
