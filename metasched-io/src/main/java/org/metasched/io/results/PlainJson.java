package org.metasched.io.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * A minimal JSON writer for {@code simulate}'s {@code summary.json}, in exactly the layout of {@link
 * org.metasched.io.JsonOutput#files} (two-space indent, {@code "name": value}, Jackson's escapes and number forms:
 * {@code Long.toString}, {@code Double.toString}, {@code null} for a number that is not finite). It exists so that
 * a run without a report never loads Jackson (its start-up is a noticeable part of a short command);
 * {@code PlainJsonTest} checks it against {@code JsonOutput} byte for byte. Objects and scalar properties only.
 */
final class PlainJson {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final Writer out;
    private int depth;
    private boolean first = true;

    PlainJson(Writer out) {
        this.out = out;
    }

    PlainJson startObject() {
        write("{");
        depth++;
        first = true;
        return this;
    }

    PlainJson endObject() {
        depth--;
        if (!first) {
            newline();
        }
        write("}");
        first = false;
        return this;
    }

    /** {@code "name": } before an object value. */
    PlainJson name(String name) {
        if (!first) {
            write(",");
        }
        newline();
        string(name);
        write(": ");
        first = true;
        return this;
    }

    PlainJson property(String name, String value) {
        name(name);
        string(value);
        first = false;
        return this;
    }

    PlainJson property(String name, long value) {
        name(name);
        write(Long.toString(value));
        first = false;
        return this;
    }

    /** A finite number as is, anything else as {@code null}. */
    PlainJson property(String name, double value) {
        name(name);
        write(Double.isFinite(value) ? Double.toString(value) : "null");
        first = false;
        return this;
    }

    private void newline() {
        write("\n");
        for (int i = 0; i < depth; i++) {
            write("  ");
        }
    }

    private void string(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\t' -> b.append("\\t");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        write(b.append('"').toString());
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
