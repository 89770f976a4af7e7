package org.metasched.io.results;

import java.util.Map;

/**
 * A minimal JSON emitter for the summary tree (maps, strings, numbers, booleans). Hand-written on purpose: the
 * simulate command must finish in about a second including JVM start, and initialising a JSON databind library
 * alone costs more than half of that. Non-finite numbers become {@code null}.
 */
final class JsonText {
    private JsonText() {}

    static String of(Map<String, ?> tree) {
        StringBuilder sb = new StringBuilder(1024);
        value(sb, tree, 0);
        return sb.append('\n').toString();
    }

    private static void value(StringBuilder sb, Object v, int indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                pad(sb, indent + 2);
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                value(sb, e.getValue(), indent + 2);
                sb.append(++i < m.size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append('}');
        } else if (v instanceof Double d) {
            sb.append(Double.isFinite(d) ? d.toString() : "null");
        } else if (v instanceof Float f) {
            sb.append(Float.isFinite(f) ? f.toString() : "null");
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else {
            string(sb, v.toString());
        }
    }

    private static void pad(StringBuilder sb, int n) {
        for (int i = 0; i < n; i++) {
            sb.append(' ');
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
