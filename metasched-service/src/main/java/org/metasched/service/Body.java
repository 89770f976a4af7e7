package org.metasched.service;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.metasched.model.Sizes;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request body, read as a JSON object, whose every error names the field: {@code budget: must be >= 0, got -5}.
 * Unknown fields are refused (a typo would otherwise be ignored), numbers must be finite.
 */
final class Body {
    private static final JsonMapper JSON = JsonMapper.builder(tools.jackson.core.json.JsonFactory.builder()
                    // buffers kept per (request) thread: the default pool, a deque shared by all of them, was a few
                    // per cent of a submission's CPU under load
                    .recyclerPool(tools.jackson.core.util.JsonRecyclerPools.threadLocalPool())
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final String path;
    private final JsonNode node;

    private Body(String path, JsonNode node) {
        this.path = path;
        this.node = node;
    }

    /** The body as an object; an empty body is an empty object when {@code emptyAllowed}. */
    static Body parse(byte[] bytes, boolean emptyAllowed) {
        if (blank(bytes)) {
            if (emptyAllowed) {
                return new Body("", JSON.createObjectNode());
            }
            throw ApiException.badInput(null, "the request has no body, expected a JSON object");
        }
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JacksonException e) {
            // in the request's terms, never the parser's (source excerpts, feature switches, token names)
            String m = org.metasched.io.ParserMessages.explain(e.getOriginalMessage())
                    .replace("the file ", "the body ");
            var loc = e.getLocation();
            String at = loc == null || loc.getLineNr() < 1
                    ? ""
                    : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
            throw ApiException.badInput(null, "malformed JSON" + at + ": " + org.metasched.io.Text.shown(m, 160));
        }
        if (root == null || !root.isObject()) {
            throw ApiException.badInput(null, "the body must be a JSON object");
        }
        return new Body("", root);
    }

    /** Whether the body is empty or only white space (without decoding it to text first). */
    private static boolean blank(byte[] bytes) {
        for (byte b : bytes) {
            if (!(b == ' ' || b == '\n' || b == '\r' || b == '\t' || b == 0x0B || b == 0x0C)) {
                // a visible ASCII character: not blank; anything else (control characters, other Unicode spaces) as
                // String.isBlank says
                return b > 0x20 ? false : new String(bytes, StandardCharsets.UTF_8).isBlank();
            }
        }
        return true;
    }

    Body only(String... allowed) {
        Set<String> ok = Set.of(allowed);
        for (String name : node.propertyNames()) {
            if (!ok.contains(name)) {
                throw ApiException.badInput(
                        join(name),
                        ok.isEmpty()
                                ? "unknown field: this request takes no fields (send no body, or {})"
                                : "unknown field, expected one of " + String.join(", ", new TreeSet<>(ok)));
            }
        }
        return this;
    }

    boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    double number(String field) {
        if (!has(field)) {
            throw ApiException.badInput(join(field), "is missing, expected a number");
        }
        return finite(field, node.get(field));
    }

    double number(String field, double otherwise) {
        return has(field) ? finite(field, node.get(field)) : otherwise;
    }

    /**
     * Whether {@code field} is given as a whole number that a double does not hold (9007199254740993 reads as
     * 9007199254740992): {@link #number} would round it without a word.
     */
    boolean wholeAndRounded(String field) {
        JsonNode v = node.get(field);
        return v != null && rounded(v);
    }

    /** Whether {@code v} is a whole number that its double is not (only past 2^53). */
    private static boolean rounded(JsonNode v) {
        return v.isIntegralNumber()
                && Double.isFinite(v.doubleValue())
                && Sizes.roundedWholeNumber(new java.math.BigDecimal(v.bigIntegerValue()), v.doubleValue());
    }

    /** The number {@code field} as the body gives it, digit for digit. */
    String literal(String field) {
        return String.valueOf(node.get(field));
    }

    int integer(String field) {
        double d = number(field);
        if (d != Math.rint(d)) {
            throw ApiException.badInput(join(field), "must be a whole number, got " + Metascheduler.num(d));
        }
        if (d > Integer.MAX_VALUE || d < Integer.MIN_VALUE) {
            throw ApiException.badInput(
                    join(field),
                    "must be a whole number "
                            + (d > 0 ? "at most " + Integer.MAX_VALUE : "at least " + Integer.MIN_VALUE) + ", got "
                            + Metascheduler.num(d));
        }
        return (int) d;
    }

    String string(String field, String otherwise) {
        if (!has(field)) {
            return otherwise;
        }
        JsonNode v = node.get(field);
        if (!v.isString()) {
            throw ApiException.badInput(join(field), "must be a string, got " + describe(v));
        }
        String text = v.stringValue();
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            boolean paired = Character.isHighSurrogate(ch)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                i++;
            } else if (ch == 0 || Character.isSurrogate(ch)) {
                // PostgreSQL's text cannot hold U+0000 (the transaction failed: 503) and both databases stored a
                // lone surrogate as '?': refused alike on both
                throw ApiException.badInput(
                        join(field),
                        "must be text without U+0000 or a lone surrogate (such as \\ud800), which cannot be stored;"
                                + " got one at character " + (i + 1));
            }
        }
        return text;
    }

    /** The list of {@code [start, end]} pairs {@code field} (empty when absent). */
    List<double[]> pairs(String field) {
        List<double[]> out = new ArrayList<>();
        if (!has(field)) {
            return out;
        }
        JsonNode list = node.get(field);
        if (!list.isArray()) {
            throw ApiException.badInput(join(field), "must be a list of [start, end] pairs, got " + describe(list));
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String where = join(field) + "[" + i + "]";
            if (!p.isArray() || p.size() != 2) {
                throw ApiException.badInput(where, "must be a [start, end] pair, got " + describe(p));
            }
            out.add(new double[] {finiteAt(where + "[0]", p.get(0)), finiteAt(where + "[1]", p.get(1))});
        }
        return out;
    }

    private double finite(String field, JsonNode v) {
        return finiteAt(join(field), v);
    }

    private static double finiteAt(String where, JsonNode v) {
        if (v == null || !v.isNumber()) {
            throw ApiException.badInput(where, "must be a number, got " + (v == null ? "nothing" : describe(v)));
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d)) {
            throw ApiException.badInput(
                    where,
                    "must be a finite number, got " + (d > 0 ? "" : "-")
                            + "infinity (a number beyond the largest, 1.8e308)");
        }
        if (rounded(v)) {
            throw ApiException.badInput(
                    where,
                    "must be a whole number a double holds: " + Sizes.DOUBLES_SKIP_WHOLE_NUMBERS + " (" + v
                            + " would read as " + Metascheduler.num(d) + "); got " + v);
        }
        return d;
    }

    private String join(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String describe(JsonNode v) {
        if (v.isString()) {
            return "'" + org.metasched.io.Text.shown(v.stringValue()) + "'";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) { // with its length: [1, 2, 3] where a pair was expected says 3
            return "a list of " + v.size() + (v.size() == 1 ? " value" : " values");
        }
        if (v.isNumber() && Double.isFinite(v.doubleValue())) {
            return Metascheduler.num(v.doubleValue()); // 1e308, never Java's 1.0E308
        }
        return org.metasched.io.Text.shown(v.toString());
    }
}
