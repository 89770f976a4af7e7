package org.metasched.report;

/**
 * A minimal streaming JSON writer into a string, with the few calls the report's data block needs. It replaces a
 * general JSON library on this path because initialising one costs more than half a second in a short-lived
 * command (the whole {@code simulate} run of a 28,000-job trace takes about one second).
 *
 * <p>The output is safe to embed in a {@code <script>} element: in strings, {@code <}, {@code >}, {@code &} and
 * the JavaScript line separators are written as {@code \\uXXXX} escapes, which JSON parsers read back unchanged,
 * and they cannot occur outside strings.
 */
final class JsonWriter {
    private final StringBuilder out;
    /** Per open container: whether the next element is its first (no comma before it). */
    private boolean[] first = new boolean[16];

    private int depth;
    private boolean afterName;

    JsonWriter(int capacity) {
        out = new StringBuilder(capacity);
    }

    @Override
    public String toString() {
        return out.toString();
    }

    void writeStartObject() {
        open('{');
    }

    void writeEndObject() {
        close('}');
    }

    void writeStartArray() {
        open('[');
    }

    void writeEndArray() {
        close(']');
    }

    void writeName(String name) {
        separate();
        string(name);
        out.append(':');
        afterName = true;
    }

    void writeString(String s) {
        separate();
        string(s);
    }

    void writeNumber(long v) {
        separate();
        out.append(v);
    }

    void writeNumber(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            writeNull();
            return;
        }
        separate();
        out.append(v);
    }

    void writeBoolean(boolean v) {
        separate();
        out.append(v);
    }

    void writeNull() {
        separate();
        out.append("null");
    }

    void writeStringProperty(String name, String value) {
        writeName(name);
        writeString(value);
    }

    void writeNumberProperty(String name, long value) {
        writeName(name);
        writeNumber(value);
    }

    private void open(char c) {
        separate();
        out.append(c);
        if (depth == first.length) {
            first = java.util.Arrays.copyOf(first, depth * 2);
        }
        first[depth++] = true;
    }

    private void close(char c) {
        depth--;
        out.append(c);
    }

    private void separate() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            if (first[depth - 1]) {
                first[depth - 1] = false;
            } else {
                out.append(',');
            }
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                    // script-safe: nothing in the text can end a script element or a JavaScript line
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                case '\u2028' -> out.append("\\u2028");
                case '\u2029' -> out.append("\\u2029");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
