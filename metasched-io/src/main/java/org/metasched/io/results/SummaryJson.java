package org.metasched.io.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/**
 * The {@code summary.json} of a model's runs (gang, memory), and the numbers in it: written as their CSV files write
 * them, never in exponent form ({@link CsvColumns#plain}: {@code 1700000000000000.0}, not {@code 1.7E15}; {@code
 * 0.0001}, not {@code 1.0E-4}), which JSON reads as the same numbers; times on a rebased clock as the exact sum of the
 * origin and the model's time ({@link CsvColumns#plainSum(double, double)}); NaN and the infinities as {@code null}.
 */
final class SummaryJson {
    private SummaryJson() {}

    /** A finite number without exponent ({@link CsvColumns#plain}), anything else as {@code null}. */
    static void number(JsonGenerator g, double v) {
        if (Double.isFinite(v)) {
            g.writeNumber(CsvColumns.plain(v));
        } else {
            g.writeNull();
        }
    }

    /** A property whose value is {@link #number(JsonGenerator, double)}. */
    static void number(JsonGenerator g, String name, double v) {
        g.writeName(name);
        number(g, v);
    }

    /**
     * A property whose value is the time {@code origin + modelSeconds}, exact and without exponent ({@link
     * CsvColumns#plainSum(double, double)}), as jobs.csv writes its times; {@code null} if either is not finite.
     */
    static void time(JsonGenerator g, String name, double origin, double modelSeconds) {
        g.writeName(name);
        if (Double.isFinite(origin) && Double.isFinite(modelSeconds)) {
            g.writeNumber(CsvColumns.plainSum(origin, modelSeconds));
        } else {
            g.writeNull();
        }
    }

    /**
     * Writes {@code file}: one object in {@link JsonOutput#files}' layout and a line break. Its fields are those
     * {@code fields} writes, then {@code "overRuns": {metric: {"mean": m, "ci95": h}, ...}} (with {@code "runs": n},
     * the runs the two are over, when some runs have no value) and {@code "recordCounts": {rule: count, ...}}, each
     * left out when the runs have none.
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
