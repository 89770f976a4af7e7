package org.metasched.service;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An event's data fields in the order written here, the order they are stored and streamed in. {@code Map.of}
 * iterates in an order that changes from one JVM to the next, so the same event was stored with its fields in
 * another order after each start of the service.
 */
final class EventData {
    private EventData() {}

    static Map<String, Object> of(String k1, Object v1, String k2, Object v2) {
        return fields(k1, v1, k2, v2);
    }

    static Map<String, Object> of(String k1, Object v1, String k2, Object v2, String k3, Object v3) {
        return fields(k1, v1, k2, v2, k3, v3);
    }

    static Map<String, Object> of(
            String k1, Object v1, String k2, Object v2, String k3, Object v3, String k4, Object v4) {
        return fields(k1, v1, k2, v2, k3, v3, k4, v4);
    }

    private static Map<String, Object> fields(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (m.put((String) keysAndValues[i], keysAndValues[i + 1]) != null) {
                throw new IllegalArgumentException("duplicate event field " + keysAndValues[i]);
            }
        }
        return Collections.unmodifiableMap(m);
    }
}
