package org.metasched.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import tools.jackson.databind.JsonNode;

/**
 * A position in a parsed JSON or YAML document that knows its file and path, so that every error names both:
 * {@code problem.json: job.volume must be > 0, got -5}.
 */
public final class TreeReader {
    private final String file;
    private final String path;
    private final JsonNode node;

    private TreeReader(String file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    /**
     * Parses {@code file} as YAML when it ends in .yaml or .yml, JSON otherwise.
     *
     * @throws InputFormatException naming the file, and the line where there is one, if it cannot be read or parsed
     */
    public static TreeReader open(Path file) {
        return new TreeReader(file.toString(), "", TreeFiles.read(file));
    }

    /**
     * Parses JSON {@code text} that is not a file of its own (a record read from a database), named {@code name} in
     * every error.
     */
    public static TreeReader parse(String name, String text) {
        return new TreeReader(
                name, "", TreeFiles.parse(name, false, text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** The error for this position: {@code file: path message}. */
    public InputFormatException error(String message) {
        return new InputFormatException(file + ": " + (path.isEmpty() ? "" : path + " ") + message);
    }

    public String file() {
        return file;
    }

    public String path() {
        return path;
    }

    /** Fails when this object has a field not in {@code allowed} (a typo would otherwise be ignored). */
    public TreeReader onlyFields(String... allowed) {
        return onlyFields(List.of(allowed), null);
    }

    /**
     * Fails when this object has a field not in {@code allowed}; {@code hint}, when not null, is added to that
     * error in parentheses: what the caller, which knows the format it expects, takes the document to be instead
     * ({@code (a select file? ...)}).
     */
    public TreeReader onlyFields(List<String> allowed, String hint) {
        requireObject();
        Set<String> ok = Set.copyOf(allowed);
        for (String name : node.propertyNames()) {
            if (!ok.contains(name)) {
                throw error((path.isEmpty() ? "the top level " : "") // a subject for the file's own fields
                        + "has an unknown field '" + name + "', expected one of "
                        + String.join(", ", new TreeSet<>(ok))
                        + (hint == null ? "" : " (" + hint + ")"));
            }
        }
        return this;
    }

    private void requireObject() {
        if (!node.isObject()) {
            throw new InputFormatException(file + ": " + (path.isEmpty() ? "the document" : path)
                    + " must be an object, got " + describe(node));
        }
    }

    public boolean has(String field) {
        requireObject();
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    /** The required child object or array {@code field}. */
    public TreeReader child(String field) {
        return child(field, "a value");
    }

    /** The required child {@code field}; {@code expected} says what it should be when it is missing. */
    public TreeReader child(String field, String expected) {
        requireObject();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw missing(field, expected);
        }
        return new TreeReader(file, join(field), v);
    }

    public List<TreeReader> elements() {
        if (!node.isArray()) {
            throw error("must be a list, got " + describe(node));
        }
        List<TreeReader> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(new TreeReader(file, path + "[" + i + "]", node.get(i)));
        }
        return out;
    }

    public boolean isArray() {
        return node.isArray();
    }

    public boolean isObject() {
        return node.isObject();
    }

    /** The field names of this object, in file order. */
    public List<String> fieldNames() {
        requireObject();
        List<String> out = new ArrayList<>();
        node.propertyNames().forEach(out::add);
        return out;
    }

    /**
     * This scalar as text: a string as it is, a whole number without a fraction, another number as Java prints it,
     * a boolean as {@code true}/{@code false}.
     *
     * @throws InputFormatException for a list, an object or null
     */
    public String asScalarText() {
        if (node.isString()) {
            return node.stringValue();
        }
        if (node.isBoolean()) {
            return Boolean.toString(node.booleanValue());
        }
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue().toString(); // exact: 2^53 + 1 stays itself
        }
        if (node.isNumber()) {
            double d = asNumber();
            return Parameter.shown(d);
        }
        throw error("must be a single value (text, number or true/false), got " + describe(node));
    }

    public boolean isNumber() {
        return node.isNumber();
    }

    /** This node as a finite number. */
    public double asNumber() {
        if (node.isNumber()) {
            double d = node.doubleValue();
            if (Double.isFinite(d)) {
                return d;
            }
            throw error("must be a finite number, got " + describe(node));
        }
        throw error("must be a number, got " + describe(node));
    }

    /** The required number {@code field}. */
    public double number(String field) {
        requireObject();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw missing(field, "a number");
        }
        return new TreeReader(file, join(field), v).asNumber();
    }

    /** The optional number {@code field}; "inf", "infinity" or "unbounded" give +infinity when allowed. */
    public double number(String field, double otherwise, boolean infinityAllowed) {
        if (!has(field)) {
            return otherwise;
        }
        JsonNode v = node.get(field);
        if (infinityAllowed && v.isString()) {
            String s = v.stringValue().trim().toLowerCase(Locale.ROOT);
            if (s.equals("inf") || s.equals("infinity") || s.equals("unbounded")) {
                return Double.POSITIVE_INFINITY;
            }
        }
        TreeReader r = new TreeReader(file, join(field), v);
        if (infinityAllowed && !v.isNumber()) { // say the words that are allowed too (found by the CLI tester)
            throw r.error("must be a number or \"unbounded\", got " + describe(v));
        }
        return r.asNumber();
    }

    /** The required whole number {@code field}. */
    public int integer(String field) {
        double d = number(field);
        if (d != Math.rint(d)) {
            throw new InputFormatException(
                    file + ": " + join(field) + " must be a whole number, got " + describe(node.get(field)));
        }
        if (Math.abs(d) > Integer.MAX_VALUE) {
            throw new InputFormatException(file + ": " + join(field) + " is too large: " + describe(node.get(field))
                    + ", expected a whole number of at most " + Integer.MAX_VALUE);
        }
        return (int) d;
    }

    /**
     * The required whole number {@code field}, exactly, as a 64-bit integer (a seed): {@code 9007199254740993} is
     * not rounded to {@code 9007199254740992} as a double would.
     */
    public long wholeNumber(String field) {
        requireObject();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw missing(field, "a whole number");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new InputFormatException(file + ": " + join(field) + " must be a whole number from " + Long.MIN_VALUE
                    + " to " + Long.MAX_VALUE + ", got " + describe(v));
        }
        return v.longValue();
    }

    public String string(String field, String otherwise) {
        if (!has(field)) {
            return otherwise;
        }
        JsonNode v = node.get(field);
        if (v.isString()) {
            return v.stringValue();
        }
        if (v.isNumber()) {
            return v.asString();
        }
        throw new InputFormatException(file + ": " + join(field) + " must be a string, got " + describe(v));
    }

    private InputFormatException missing(String field, String what) {
        boolean present = node.has(field); // present but null: "nodes:" with nothing after it in YAML
        return new InputFormatException(
                file + ": " + join(field) + (present ? " has no value" : " is missing") + ", expected " + what);
    }

    private String join(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** A number with a leading zero as YAML gives it: text ({@code 060}, {@code -010.5}), not a number. */
    private static final java.util.regex.Pattern LEADING_ZERO =
            java.util.regex.Pattern.compile("[-+]?0[0-9]+(\\.[0-9]*)?");

    /** This node's value as a message quotes it ({@code 'abc'}, {@code a list}, {@code 12}). */
    public String described() {
        return describe(node);
    }

    private static String describe(JsonNode v) {
        if (v.isNumber() && !v.isIntegralNumber() && !Double.isFinite(v.doubleValue())) {
            // a JSON 1e400 or a YAML .inf: not the text "Infinity" (quoted, as the node prints it)
            double d = v.doubleValue();
            return Double.isNaN(d)
                    ? "NaN"
                    : (d > 0 ? "" : "-") + "infinity (.inf, or a number beyond the largest, 1.8e308)";
        }
        if (v.isString()) {
            String text = v.stringValue();
            return "'" + Text.shown(text) + "'"
                    + (LEADING_ZERO.matcher(text).matches()
                            ? " (text: YAML reads a number with a leading zero as text; write it without the zero)"
                            : "");
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "a list";
        }
        return v.toString();
    }
}
