package org.metasched.pipeline.sweep;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.metasched.io.JsonOutput;
import org.metasched.io.TreeReader;
import org.metasched.io.results.CsvColumns;
import org.metasched.model.InputFormatException;
import org.metasched.report.Report;
import tools.jackson.core.JsonGenerator;

/** The files of a sweep directory (docs/sweep.md): {@code cells.csv}, {@code summary.csv}, {@code sweep.json}. */
final class SweepFiles {
    static final String CELLS = "cells.csv";
    static final String SUMMARY = "summary.csv";
    static final String MANIFEST = "sweep.json";

    private SweepFiles() {}

    static List<String> cellsHeader(SweepableCommand c, List<String> parameters) {
        List<String> h = new ArrayList<>(List.of("cell", "replication"));
        h.addAll(parameters);
        h.addAll(c.metrics());
        h.add("wallSeconds");
        h.add("error");
        return h;
    }

    static void writeCells(Path file, SweepableCommand c, List<String> parameters, List<SweepRun.Result> results)
            throws IOException {
        List<List<?>> rows = new ArrayList<>();
        for (SweepRun.Result r : results) {
            List<Object> row = new ArrayList<>();
            row.add(r.cell().id());
            row.add(r.replication());
            for (String p : parameters) {
                row.add(r.cell().parameters().getOrDefault(p, ""));
            }
            for (int m = 0; m < c.metrics().size(); m++) {
                row.add(r.failed() ? "" : Double.toString(r.metrics()[m]));
            }
            row.add(String.format(java.util.Locale.ROOT, "%.3f", r.wallSeconds()));
            row.add(r.failed() ? r.error() : "");
            rows.add(row);
        }
        CsvColumns.write(file, cellsHeader(c, parameters), rows);
    }

    /** Per cell: its parameters, runs, failed, then each metric's mean and 95 % half-width over its replications. */
    static void writeSummary(Path file, SweepableCommand c, List<String> parameters, List<SweepRun.Result> results)
            throws IOException {
        List<String> header = new ArrayList<>(List.of("cell"));
        header.addAll(parameters);
        header.add("runs");
        header.add("failed");
        for (String m : c.metrics()) {
            header.add(m + "Mean");
            header.add(m + "Ci95");
        }
        List<List<?>> rows = new ArrayList<>();
        for (SweepReport.CellStats s : SweepCells.stats(c, results)) {
            List<Object> row = new ArrayList<>();
            row.add(s.id());
            for (String p : parameters) {
                row.add(s.parameters().getOrDefault(p, ""));
            }
            row.add(s.runs());
            row.add(s.failed());
            for (int m = 0; m < c.metrics().size(); m++) {
                boolean none = s.runs() == 0;
                row.add(none ? "" : Double.toString(s.mean()[m]));
                row.add(none || Double.isNaN(s.halfWidth()[m]) ? "" : Double.toString(s.halfWidth()[m]));
            }
            rows.add(row);
        }
        CsvColumns.write(file, header, rows);
    }

    static void writeManifest(Path file, SweepSpec spec, SweepRun.Shard shard, List<SweepSpec.Cell> cells)
            throws IOException {
        writeManifest(
                file,
                new Manifest(
                        spec.file().getFileName().toString(),
                        spec.hash(),
                        spec.command().name(),
                        shard.index(),
                        shard.count(),
                        spec.replications(),
                        spec.parameterNames(),
                        cells.stream().map(SweepSpec.Cell::id).toList()));
    }

    /** What {@code sweep.json} says: which sweep file, which shard of how many, which cells. */
    record Manifest(
            String spec,
            String specSha256,
            String command,
            int shard,
            int shards,
            int replications,
            List<String> parameters,
            List<String> cells) {}

    static void writeManifest(Path file, Manifest m) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                JsonGenerator g = JsonOutput.files(w)) {
            g.writeStartObject();
            g.writeStringProperty("spec", m.spec());
            g.writeStringProperty("specSha256", m.specSha256());
            g.writeStringProperty("command", m.command());
            g.writeNumberProperty("shard", m.shard());
            g.writeNumberProperty("shards", m.shards());
            g.writeNumberProperty("replications", m.replications());
            g.writeName("parameters");
            g.writeStartArray();
            for (String p : m.parameters()) {
                g.writeString(p);
            }
            g.writeEndArray();
            g.writeName("cells");
            g.writeStartArray();
            for (String c : m.cells()) {
                g.writeString(c);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    /** What a shard directory holds, read back for {@code sweep-merge}. */
    record ShardDir(Path dir, Manifest manifest, List<SweepRun.Result> results) {}

    static ShardDir readShard(Path dir) {
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.isDirectory(dir)) {
            throw new InputFormatException(dir + (Files.exists(dir) ? ": not a directory" : ": no such directory")
                    + ", expected a directory written by metasched sweep (with --shard i/N)");
        }
        if (!Files.isRegularFile(manifest)) {
            throw new InputFormatException(dir + ": no " + MANIFEST + ", expected a directory written by metasched"
                    + " sweep (with --shard i/N)");
        }
        TreeReader m = TreeReader.open(manifest);
        SweepableCommand c = SweepCommands.byName(m.string("command", ""), manifest.toString());
        List<String> parameters = new ArrayList<>();
        for (TreeReader p : m.child("parameters").elements()) {
            parameters.add(p.asScalarText());
        }
        List<String> ids = new ArrayList<>();
        for (TreeReader p : m.child("cells").elements()) {
            ids.add(p.asScalarText());
        }
        Manifest man = new Manifest(
                m.string("spec", ""),
                m.string("specSha256", ""),
                c.name(),
                m.integer("shard"),
                m.integer("shards"),
                m.integer("replications"),
                parameters,
                ids);
        List<SweepRun.Result> results = new ArrayList<>();
        endsWithLineBreak(dir.resolve(CELLS));
        try (Reader r = Files.newBufferedReader(dir.resolve(CELLS), StandardCharsets.UTF_8);
                CSVParser parser = CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .get()
                        .parse(r)) {
            List<String> expected = cellsHeader(c, parameters);
            if (!parser.getHeaderNames().equals(expected)) {
                throw new InputFormatException(
                        dir.resolve(CELLS) + ": columns " + parser.getHeaderNames() + ", expected " + expected);
            }
            for (CSVRecord rec : parser) {
                if (rec.size() != expected.size()) {
                    throw new InputFormatException(dir.resolve(CELLS) + ":" + (rec.getRecordNumber() + 1)
                            + ": the row has " + rec.size() + " fields, expected " + expected.size()
                            + " (cut short, or copied while being written?)");
                }
                Map<String, String> params = new LinkedHashMap<>();
                for (String p : parameters) {
                    if (!rec.get(p).isEmpty()) {
                        params.put(p, rec.get(p));
                    }
                }
                SweepSpec.Cell cell = SweepSpec.Cell.of(params);
                if (!cell.id().equals(rec.get("cell"))) {
                    throw new InputFormatException(dir.resolve(CELLS) + ":" + (rec.getRecordNumber() + 1) + ": cell id "
                            + rec.get("cell") + " does not match its parameters");
                }
                String error = rec.get("error");
                double[] metrics = null;
                if (error.isEmpty()) {
                    metrics = new double[c.metrics().size()];
                    for (int i = 0; i < metrics.length; i++) {
                        metrics[i] = number(dir.resolve(CELLS), rec, c.metrics().get(i));
                    }
                }
                results.add(new SweepRun.Result(
                        cell,
                        (int) number(dir.resolve(CELLS), rec, "replication"),
                        metrics,
                        number(dir.resolve(CELLS), rec, "wallSeconds"),
                        error.isEmpty() ? null : error));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof InputFormatException ife) {
                throw ife;
            }
            // commons-csv's messages name its classes: keep the line and what is wrong (issue 22)
            String why = (e.getMessage() == null ? "unreadable" : e.getMessage())
                    .replaceAll("(?:[a-z]+\\.)+[A-Z]\\w*(?:Exception|Error)?: ?", "")
                    .replaceAll("\\b[A-Z]\\w*(?:Exception|Record)\\b:? ?", "");
            java.util.regex.Matcher at = java.util.regex.Pattern.compile(
                            "\\(line (\\d+)\\) ?|,? at line: (\\d+)(?:, position: \\d+)?")
                    .matcher(why);
            if (at.find()) {
                String line = at.group(1) != null ? at.group(1) : at.group(2);
                throw new InputFormatException(dir.resolve(CELLS) + ":" + line + ": "
                        + at.replaceAll("").strip()
                        + ", expected the CSV metasched wrote");
            }
            throw new InputFormatException(dir.resolve(CELLS) + ": cannot read it back: " + why.strip());
        }
        return new ShardDir(dir, man, results);
    }

    /** A number of a cells.csv row, or one line naming the file, line, column and value. */
    private static double number(Path file, CSVRecord rec, String column) {
        String v = rec.get(column);
        try {
            double d = Double.parseDouble(v);
            if (column.equals("replication") && !(d >= 0 && d == Math.rint(d) && d <= Integer.MAX_VALUE)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InputFormatException(file + ":" + (rec.getRecordNumber() + 1) + ": " + column + " '"
                    + org.metasched.io.Text.shown(v, 40) + "', expected "
                    + (column.equals("replication") ? "a whole number >= 0" : "a number")
                    + " (a cells.csv metasched wrote, unchanged)");
        }
    }

    /** Every row metasched writes ends with a line break: a file that does not was cut short. */
    private static void endsWithLineBreak(Path file) {
        try (java.nio.channels.SeekableByteChannel c = Files.newByteChannel(file)) {
            if (c.size() == 0) {
                throw new InputFormatException(file + ": empty, expected at least the header line");
            }
            java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
            c.position(c.size() - 1).read(last);
            if (last.get(0) != '\n') {
                throw new InputFormatException(
                        file + ": the last line has no line break: cut short, or copied while" + " being written?");
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputFormatException(file + ": no such file, expected the cells of a metasched sweep");
        } catch (IOException e) {
            throw new InputFormatException(file + ": cannot read: " + org.metasched.io.IoErrors.reason(e));
        }
    }

    /**
     * The report: every metric's mean per cell as small multiples ({@link SweepReport}), the parameters' values in the
     * sweep file's order, then every cell run in one table.
     */
    static Report report(SweepSpec spec, List<SweepRun.Result> results) {
        return report(
                spec.file().getFileName().toString(), spec.command(), spec.parameterNames(), spec.values(), results);
    }

    /** The report of a merge, which has the cells but not the sweep file: values in ascending order. */
    static Report report(String name, SweepableCommand c, List<String> parameters, List<SweepRun.Result> results) {
        return report(name, c, parameters, Map.of(), results);
    }

    static Report report(
            String name,
            SweepableCommand c,
            List<String> parameters,
            Map<String, List<String>> fileOrder,
            List<SweepRun.Result> results) {
        Report r = Report.create("Sweep " + name + ": " + c.name())
                .subtitle(
                        results.isEmpty()
                                ? "no cell in this shard (a sweep split into more shards than it has cells leaves some"
                                        + " empty); sweep-merge takes it with the others"
                                : results.size() + " cell runs; cells.csv has every run, summary.csv the means");
        List<String> columns = new ArrayList<>(parameters);
        columns.addAll(c.metrics());
        columns.add("error");
        List<List<Object>> rows = new ArrayList<>();
        for (SweepRun.Result x : results) {
            List<Object> row = new ArrayList<>();
            for (String p : parameters) {
                row.add(x.cell().parameters().getOrDefault(p, ""));
            }
            for (int m = 0; m < c.metrics().size(); m++) {
                row.add(x.failed() ? "" : String.format(java.util.Locale.ROOT, "%.4g", x.metrics()[m]));
            }
            row.add(x.failed() ? x.error() : "");
            rows.add(row);
        }
        SweepReport.addCharts(r, c, parameters, fileOrder, results);
        r.table("Every cell run", columns, rows);
        return r;
    }
}
