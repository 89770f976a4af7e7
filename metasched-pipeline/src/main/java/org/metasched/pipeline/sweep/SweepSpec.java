package org.metasched.pipeline.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.metasched.io.IoErrors;
import org.metasched.io.TreeReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.pipeline.Values;

/**
 * A sweep file (docs/sweep.md), read and checked before any cell runs: the command, fixed {@code options}, a
 * {@code grid} (each parameter a list of values: the cross product is the set of cells), optional explicit {@code
 * cells}, {@code replications} and a base {@code seed}. Each cell has a stable id derived from its parameters.
 *
 * @param hash SHA-256 of the file's bytes: shards of one sweep must carry the same
 * @param values each parameter's values in the order the file first gives them (the report draws them in that
 *     order; the cells themselves are sorted by id)
 */
public record SweepSpec(
        Path file,
        SweepableCommand command,
        List<Cell> cells,
        int replications,
        long seed,
        String hash,
        Map<String, List<String>> values) {

    /**
     * One cell: its parameters (sorted by name) and its id, the first 16 hex digits of the SHA-256 of {@code
     * name=value} lines: the same parameters give the same id in any file order, on any machine.
     */
    public record Cell(String id, Map<String, String> parameters) {
        static Cell of(Map<String, String> parameters) {
            Map<String, String> sorted = new TreeMap<>(parameters);
            StringBuilder canonical = new StringBuilder();
            sorted.forEach((k, v) -> canonical.append(k).append('=').append(v).append('\n'));
            String id = HexFormat.of()
                    .formatHex(sha256(canonical.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .substring(0, 16);
            return new Cell(id, java.util.Collections.unmodifiableMap(sorted));
        }
    }

    public static SweepSpec read(Path file) {
        if (file.toString().isEmpty()) { // Path.of("") is the working directory: say what a missing file says
            throw new InputFormatException("'': no such file (the file name is empty)");
        }
        if (Files.isDirectory(file)) {
            throw new InputFormatException(file + ": is a directory, expected a sweep file (YAML or JSON)");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputFormatException(file + ": no such file");
        } catch (IOException e) {
            throw new InputFormatException(file + ": cannot read: " + IoErrors.reason(e));
        }
        TreeReader doc = TreeReader.open(file);
        boolean problemFile = doc.isObject() && doc.has("nodes") && !doc.has("command"); // a select or a batch file
        TreeReader root = doc.onlyFields(
                List.of("command", "options", "grid", "cells", "replications", "seed"),
                !problemFile
                        ? null
                        : doc.has("jobs")
                                ? "a batch file? 'metasched batch -i FILE' plans a batch of jobs"
                                : "a select file? 'metasched select -i FILE' plans one job");
        String commandName = root.string("command", null);
        if (commandName == null) {
            throw new InputFormatException(
                    file + ": command is missing, expected one of " + String.join(", ", SweepCommands.names()));
        }
        SweepableCommand command = SweepCommands.byName(commandName, file + ": command");
        Map<String, String> fixed = new LinkedHashMap<>();
        if (root.has("options")) {
            TreeReader o = root.child("options");
            for (String name : o.fieldNames()) {
                fixed.put(name, value(command, o.child(name), name));
            }
        }
        List<Map<String, String>> combos = new ArrayList<>();
        if (root.has("grid")) {
            TreeReader g = root.child("grid");
            if (!g.isObject()) {
                throw g.error("must be parameters each with a list of values (policy: [fcfs, easy]), got "
                        + (g.isArray() ? "a list" : "'" + g.asScalarText() + "'"));
            }
            if (g.fieldNames().isEmpty()) {
                throw g.error("is empty, expected parameters each with a list of values");
            }
            combos.add(new LinkedHashMap<>());
            for (String name : g.fieldNames()) {
                TreeReader list = g.child(name);
                requireParameter(command, list, name); // named at its key, not at its first value
                List<TreeReader> values = list.isArray() ? list.elements() : List.of(list);
                if (values.isEmpty()) {
                    throw list.error("is an empty list, expected at least one value");
                }
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : combos) {
                    for (TreeReader v : values) {
                        Map<String, String> m = new LinkedHashMap<>(c);
                        m.put(name, value(command, v, name));
                        next.add(m);
                    }
                }
                combos = next;
            }
        }
        if (root.has("cells")) {
            for (TreeReader c : root.child("cells").elements()) {
                Map<String, String> m = new LinkedHashMap<>();
                for (String name : c.fieldNames()) {
                    m.put(name, value(command, c.child(name), name));
                }
                combos.add(m);
            }
        }
        if (combos.isEmpty()) {
            throw new InputFormatException(file + ": no cells: give a grid (parameters with lists of values) or cells");
        }
        List<Cell> cells = new ArrayList<>();
        Map<String, List<String>> values = new LinkedHashMap<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (int i = 0; i < combos.size(); i++) {
            Map<String, String> p = new LinkedHashMap<>(fixed);
            p.putAll(combos.get(i));
            for (String r : command.required()) {
                if (!p.containsKey(r)) {
                    throw new InputFormatException(
                            file + ": cell " + (i + 1) + " has no " + r + " (give it in options, grid or cells)");
                }
            }
            String problem;
            try {
                problem = command.check(p);
            } catch (InputFormatException e) { // a value out of the command's range: the same error
                problem = e.getMessage();
            }
            if (problem != null) {
                throw new InputFormatException(file + ": cell " + (i + 1) + " " + p + ": " + problem);
            }
            p.forEach((k, v) -> {
                List<String> known = values.computeIfAbsent(k, x -> new ArrayList<>());
                if (!known.contains(v)) {
                    known.add(v);
                }
            });
            Cell cell = Cell.of(p);
            if (ids.add(cell.id())) {
                cells.add(cell);
            }
        }
        cells.sort(java.util.Comparator.comparing(Cell::id));
        int replications = root.has("replications") ? root.integer("replications") : 1;
        if (replications < 1) {
            throw root.child("replications").error("must be at least 1, got " + replications);
        }
        long runs = (long) cells.size() * replications;
        if (runs > MAX_RUNS) { // each run's row is kept until cells.csv is written: 99,999,999 stalled at 650 MB
            throw root.child(root.has("replications") ? "replications" : "grid")
                    .error(String.format(
                            java.util.Locale.ROOT,
                            "%s x %s = %s; the limit is %,d runs (give fewer replications or a smaller grid)",
                            Values.counted("%,d", cells.size(), "cell"),
                            Values.counted("%,d", replications, "replication"),
                            Values.counted("%,d", runs, "run"),
                            MAX_RUNS));
        }
        long seed = root.has("seed") ? root.wholeNumber("seed") : 2026;
        return new SweepSpec(
                file,
                command,
                List.copyOf(cells),
                replications,
                seed,
                HexFormat.of().formatHex(sha256(bytes)),
                java.util.Collections.unmodifiableMap(values));
    }

    /** The most runs (cells times replications) one sweep file may ask for. */
    public static final long MAX_RUNS = 1_000_000;

    /** The parameter names that appear in some cell, in the command's order. */
    public List<String> parameterNames() {
        List<String> out = new ArrayList<>();
        for (String name : command.parameters().keySet()) {
            for (Cell c : cells) {
                if (c.parameters().containsKey(name)) {
                    out.add(name);
                    break;
                }
            }
        }
        return out;
    }

    private static Parameter<?> requireParameter(SweepableCommand command, TreeReader at, String name) {
        Parameter<?> p = command.schema().inFiles(name);
        if (p == null) {
            throw at.error("is not a parameter of " + command.name() + ", expected one of "
                    + String.join(", ", command.parameters().keySet()));
        }
        return p;
    }

    private static String value(SweepableCommand command, TreeReader v, String name) {
        Parameter<?> p = requireParameter(command, v, name);
        try {
            return p.canonicalText(v.asScalarText());
        } catch (Parameter.Invalid e) { // named as the file names it: its path
            throw new InputFormatException(v.file() + ": " + v.path() + ": " + e.getMessage());
        }
    }

    static byte[] sha256(byte[] b) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
