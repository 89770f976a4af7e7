package org.metasched.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.metasched.model.InputFormatException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A position in a parsed JSON or YAML document that knows its file and path, so that every error names both:
 * {@code problem.json: job.volume must be > 0, got -5}.
 */
public final class TreeReader {
    // a key given twice is an error (issue 22: the last one used to win silently)
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    private static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private final String file;
    private final String path;
    private final JsonNode node;

    private TreeReader(String file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    /** Parses {@code file} as YAML when it ends in .yaml or .yml, JSON otherwise. */
    public static TreeReader open(Path file) {
        String name = file.toString();
        if (name.isEmpty()) { // Path.of("") is the working directory: say what a missing file says
            throw new InputFormatException("'': no such file (the file name is empty)");
        }
        if (!Files.exists(file)) {
            throw new InputFormatException(name + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new InputFormatException(name + ": is a directory, expected a JSON or YAML file");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        boolean yaml = lower.endsWith(".yaml") || lower.endsWith(".yml");
        String kind = yaml ? "YAML" : "JSON";
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InputFormatException(name + ": " + Files.size(file) + " bytes is too large for a " + kind
                        + " problem file (at most " + MAX_BYTES + ")");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputFormatException(name + ": no such file", e);
        } catch (IOException e) {
            throw new InputFormatException(name + ": cannot read: " + IoErrors.reason(e), e);
        }
        requireText(name, kind, bytes);
        try {
            JsonNode root = (yaml ? YAML : JSON).readTree(bytes);
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw new InputFormatException(name + ": the file "
                        + (bytes.length == 0 ? "is empty" : "holds no " + kind + " value (only blanks or comments)")
                        + ", expected a " + kind + " object");
            }
            return new TreeReader(name, "", root);
        } catch (JacksonException e) {
            var loc = e.getLocation();
            String where = loc == null || loc.getLineNr() < 1 ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr();
            throw new InputFormatException(
                    name + where + ": malformed " + kind + ": " + explain(e.getOriginalMessage()), e);
        }
    }

    /** Problem files are small; anything larger is a mistake (a trace given as a problem, say). */
    static final long MAX_BYTES = 64L << 20;

    /** Binary data or another encoding would make the parser's message cryptic: say what it is instead. */
    private static void requireText(String name, String kind, byte[] bytes) {
        int line = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new InputFormatException(name + ":" + line + ": a NUL byte at byte " + (i + 1)
                        + ": this is binary data, not a " + kind + " text file");
            }
            if (bytes[i] == '\n') {
                line++;
            }
        }
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            int at = firstBadUtf8(bytes);
            int l = 1;
            for (int i = 0; i < at; i++) {
                l += bytes[i] == '\n' ? 1 : 0;
            }
            throw new InputFormatException(
                    name + ":" + l + ": bytes '" + Text.shown(bytes, at, Math.min(bytes.length, at + 8)) + "' at byte "
                            + (at + 1) + " are not UTF-8 text: expected a " + kind + " file in UTF-8",
                    e);
        }
    }

    private static int firstBadUtf8(byte[] b) {
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(b.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : 0;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /**
     * The parser's message in the file's terms: what ended or what was found where, never the parser's own
     * vocabulary (token names, source excerpts, feature switches, class names). YAML's messages already speak of the
     * document ("while parsing a flow mapping: expected ',' or '}'"); JSON's are translated.
     */
    static String explain(String message) {
        String m = firstLine(message);
        java.util.regex.Matcher dup = java.util.regex.Pattern.compile(
                        "^Duplicate (?:field|property) ['\"](.*)['\"] for `")
                .matcher(m);
        if (dup.find()) {
            return "key '" + Text.shown(dup.group(1), 80) + "' is given twice in one object; give every key once";
        }
        if (m.startsWith("Trailing token")) {
            return "more text after the end of the document's value; expected one object and nothing after it";
        }
        if (m.contains("Non-standard token 'NaN'")
                || m.contains("Non-standard token 'Infinity'")
                || m.contains("Non-standard token '+Infinity'")
                || m.contains("Non-standard token '-Infinity'")) {
            int a = m.indexOf('\'');
            int b = m.indexOf('\'', a + 1);
            return m.substring(a, b + 1) + " is not a number in JSON: give a finite number";
        }
        if (m.startsWith("Unexpected end-of-input")) {
            return endOfInput(m);
        }
        List<String> kept = new ArrayList<>();
        boolean excerpt = false; // YAML quotes the source line after each location line
        for (String line : (message == null ? "" : message).lines().toList()) {
            String l = line.strip();
            if (l.startsWith("in reader") || l.startsWith("in 'reader'")) {
                excerpt = true;
                continue;
            }
            if (l.isEmpty() || l.startsWith("^") || l.startsWith("at [Source")) {
                continue;
            }
            if (excerpt) {
                excerpt = false;
                continue;
            }
            int hint = l.indexOf(": enable `");
            if (hint < 0) {
                hint = l.indexOf("; enable `");
            }
            kept.add(withoutLibraryNames(hint < 0 ? l : l.substring(0, hint)));
            if (kept.size() == 2) {
                break;
            }
        }
        return Text.shown(plain(kept.isEmpty() ? "unreadable" : String.join(": ", kept)), 200);
    }

    /** Where a cut-short JSON document ends, from Jackson's end-of-input messages. */
    private static String endOfInput(String m) {
        if (m.contains("for Object") || m.contains("Object entries")) {
            return "the file ends inside an object (a '}' is missing)";
        }
        if (m.contains("for Array") || m.contains("Array entries")) {
            return "the file ends inside a list (a ']' is missing)";
        }
        if (m.contains("for name") || m.contains("property name")) {
            return "the file ends inside a field name (a closing '\"' is missing)";
        }
        if (m.contains("VALUE_STRING")) {
            return "the file ends inside a text value (a closing '\"' is missing)";
        }
        return "the file ends before the document is complete";
    }

    /** The parser's words for a document's parts in the user's, and no locations or switches of its own. */
    private static String plain(String m) {
        String s = m;
        for (String cut : new String[] {" (start marker at", " at [Source", " [Source", " (for "}) {
            int at = s.indexOf(cut);
            if (at >= 0) {
                s = s.substring(0, at);
            }
        }
        s = s.replace("<stream end>", "the end of the file")
                .replace("'<stream end>'", "the end of the file")
                .replace("VALUE_STRING", "a text value")
                .replace("VALUE_NUMBER_INT", "a whole number")
                .replace("VALUE_NUMBER_FLOAT", "a number")
                .replace("START_OBJECT", "an object")
                .replace("START_ARRAY", "a list")
                .replace("END_OBJECT", "'}'")
                .replace("END_ARRAY", "']'")
                .replace("PROPERTY_NAME", "a field name")
                .replace("FIELD_NAME", "a field name")
                .replace("in numeric value", "in a number")
                .replace("Decimal point not followed by a digit", "a decimal point must be followed by a digit")
                .replaceAll(" \\(code \\d+\\)", "");
        if (s.startsWith("Unexpected character")) {
            s = "u" + s.substring(1);
        }
        if (s.contains("Source") || s.contains("Feature") || s.contains("jackson") || s.contains("REDACTED")) {
            return "not valid here"; // a message we do not know: say where, not the parser's internals
        }
        return s;
    }

    /**
     * Without the names of the parser's classes and settings (a limit's {@code from `StreamReadConstraints...`}, a
     * {@code (bound as `...`)}), which mean nothing to the user.
     */
    static String withoutLibraryNames(String line) {
        return line.replaceAll(",? from `[^`]*`", "")
                .replaceAll("\\s*\\((bound as|for) `[^`]*`\\)", "")
                .replaceAll("`[^`]*(Feature|Constraints|Exception|tools\\.jackson)[^`]*`", "a parser setting")
                .strip();
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
        requireObject();
        Set<String> ok = Set.of(allowed);
        for (String name : node.propertyNames()) {
            if (!ok.contains(name)) {
                throw error(
                        "has an unknown field '" + name + "', expected one of " + String.join(", ", new TreeSet<>(ok)));
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
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
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
        return new TreeReader(file, join(field), v).asNumber();
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

    private static String describe(JsonNode v) {
        if (v.isString()) {
            return "'" + Text.shown(v.stringValue()) + "'";
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
