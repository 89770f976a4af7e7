package org.metasched.io;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON and YAML parser's messages in the file's terms: what ended or what was found where, never the parser's
 * own vocabulary (token names, source excerpts, feature switches, class names).
 */
public final class ParserMessages {
    private static final Pattern DUPLICATE_KEY = Pattern.compile("^Duplicate (?:field|property) ['\"](.*)['\"] for `");

    private ParserMessages() {}

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
    public static String explain(String message) {
        String m = firstLine(message);
        Matcher dup = DUPLICATE_KEY.matcher(m);
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
}
