package org.metasched.io;

import java.io.IOException;
import java.io.InputStream;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A position in a parsed JSON or YAML document that knows its file and path, so that every error names both:
 * {@code problem.json: job.volume must be > 0, got -5}.
 */
public final class TreeReader {
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final ObjectMapper YAML = YAMLMapper.builder().build();

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
        if (!Files.exists(file)) {
            throw new InputFormatException(name + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new InputFormatException(name + ": is a directory, expected a JSON or YAML file");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        boolean yaml = lower.endsWith(".yaml") || lower.endsWith(".yml");
        try (InputStream in = Files.newInputStream(file)) {
            JsonNode root = (yaml ? YAML : JSON).readTree(in);
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw new InputFormatException(
                        name + ": the file is empty, expected a " + (yaml ? "YAML" : "JSON") + " object");
            }
            return new TreeReader(name, "", root);
        } catch (NoSuchFileException e) {
            throw new InputFormatException(name + ": no such file", e);
        } catch (IOException e) {
            throw new InputFormatException(name + ": cannot read: " + e.getMessage(), e);
        } catch (JacksonException e) {
            var loc = e.getLocation();
            String where = loc == null || loc.getLineNr() < 1 ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr();
            throw new InputFormatException(
                    name + where + ": malformed " + (yaml ? "YAML" : "JSON") + ": " + firstLine(e.getOriginalMessage()),
                    e);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
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
        requireObject();
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw missing(field, "a value");
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
        if (d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            throw new InputFormatException(file + ": " + join(field) + " must be a whole number, got " + d);
        }
        return (int) d;
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
        return new InputFormatException(file + ": " + join(field) + " is missing, expected " + what);
    }

    private String join(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String describe(JsonNode v) {
        if (v.isString()) {
            return "'" + v.stringValue() + "'";
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
