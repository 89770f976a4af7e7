package org.metasched.cli;

import java.util.Optional;
import org.metasched.model.Allocation;
import org.metasched.model.Window;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON form of a search result (format in docs/select.md). */
final class WindowJson {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private WindowJson() {}

    static ObjectNode of(String strategy, Optional<Window> window) {
        ObjectNode o = JSON.createObjectNode();
        o.put("strategy", strategy);
        o.put("found", window.isPresent());
        if (window.isEmpty()) {
            for (String f : new String[] {"start", "finish", "runtime", "cost", "processorTime"}) {
                o.putNull(f);
            }
            o.putArray("slots");
            return o;
        }
        Window w = window.get();
        o.put("start", w.start());
        o.put("finish", w.finish());
        o.put("runtime", w.runtime());
        o.put("cost", w.cost());
        o.put("processorTime", w.processorTime());
        ArrayNode slots = o.putArray("slots");
        for (Allocation a : w.allocations()) {
            ObjectNode s = slots.addObject();
            s.put("node", a.node().id());
            s.put("start", a.start());
            s.put("end", a.end());
        }
        return o;
    }

    static String pretty(ObjectNode o) {
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o);
    }
}
