package org.metasched.cli;

import static org.metasched.io.JsonOutput.number;

import java.io.StringWriter;
import java.util.Optional;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.io.JsonOutput;
import org.metasched.model.Allocation;
import org.metasched.model.Window;
import tools.jackson.core.JsonGenerator;

/** The JSON form of a search result (format in docs/select.md). */
final class WindowJson {
    private WindowJson() {}

    /**
     * A window search's result: {@code strategy}, {@code found}, the window's numbers and {@code slots}, then {@code
     * exact} when {@code exact} is not null (an SSA criterion on a finite budget: whether it counted costs exactly).
     */
    static String of(String strategy, Optional<Window> window, Boolean exact) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonOutput.printed(out)) {
            g.writeStartObject();
            fields(g, strategy, window);
            if (exact != null) {
                g.writeBooleanProperty("exact", exact);
            }
            g.writeEndObject();
        }
        return out.toString();
    }

    /**
     * An availability strategy's result: the fields of {@link #of(String, Optional, Boolean)} for {@code window} (its
     * nodes held together, as {@code SelectPipeline} gives it), then {@code availability} (the window's probability, 0
     * when none was found) and {@code evaluations} (static problems solved).
     */
    static String of(String strategy, AvailabilityWindow w, Optional<Window> window) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonOutput.printed(out)) {
            g.writeStartObject();
            fields(g, strategy, window);
            number(g, "availability", w.availability());
            g.writeNumberProperty("evaluations", w.evaluations());
            if (strategy.equals("availability-knapsack")) {
                g.writeBooleanProperty("exact", w.exact());
            }
            g.writeEndObject();
        }
        return out.toString();
    }

    private static void fields(JsonGenerator g, String strategy, Optional<Window> window) {
        {
            g.writeStringProperty("strategy", strategy);
            g.writeBooleanProperty("found", window.isPresent());
            if (window.isEmpty()) {
                for (String f : new String[] {"start", "finish", "runtime", "cost", "processorTime"}) {
                    g.writeNullProperty(f);
                }
                g.writeName("slots");
                g.writeStartArray();
                g.writeEndArray();
            } else {
                Window w = window.get();
                number(g, "start", w.start());
                number(g, "finish", w.finish());
                number(g, "runtime", w.runtime());
                number(g, "cost", w.cost());
                number(g, "processorTime", w.processorTime());
                g.writeName("slots");
                g.writeStartArray();
                for (Allocation a : w.allocations()) {
                    g.writeStartObject();
                    g.writeStringProperty("node", a.node().id());
                    number(g, "start", a.start());
                    number(g, "end", a.end());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
    }
}
