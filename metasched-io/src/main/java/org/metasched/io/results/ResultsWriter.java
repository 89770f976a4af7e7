package org.metasched.io.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.metasched.io.JsonOutput;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.JobTable;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.TimeSeries;
import tools.jackson.core.JsonGenerator;

/**
 * The result files of one simulation run: {@code jobs.csv}, {@code summary.json} and {@code timeseries.csv}
 * (columns documented in {@code docs/outputs.md}), written into a directory that {@link
 * org.metasched.io.OutputDirectory} puts in place as a whole.
 */
public final class ResultsWriter {
    public static final String JOBS = "jobs.csv";
    public static final String SUMMARY = "summary.json";
    public static final String SERIES = "timeseries.csv";

    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER = "id,submit,start,end,processors,runtime,estimate,wait,response,slowdown,"
            + "boundedSlowdown,killed,allocatedProcessors";

    /** Bytes of {@code jobs.csv} formatted before they are handed to the file. */
    static final int CHUNK = 1 << 16;

    private ResultsWriter() {}

    /** Writes the three result files into {@code dir}, which exists. */
    public static void writeInto(Path dir, RunResult result, ReaderCounts counts) throws IOException {
        writeJobs(dir.resolve(JOBS), result);
        writeSummary(dir.resolve(SUMMARY), result.summary(), counts);
        writeSeries(dir.resolve(SERIES), result.series());
    }

    static void writeJobs(Path file, RunResult result) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            writeJobs(out, result.table());
        }
    }

    /**
     * {@code jobs.csv} straight from the job table's columns, through one buffer that is handed to {@code out}
     * whenever it holds {@link #CHUNK} bytes (no object or string per job).
     */
    public static void writeJobs(OutputStream out, JobTable t) throws IOException {
        AsciiBuffer b = new AsciiBuffer(CHUNK + 4096);
        b.append(JOBS_HEADER).append('\n');
        for (int j = 0; j < t.size(); j++) {
            b.append(t.id(j)).append(',');
            b.append(t.submitSeconds(j)).append(',');
            b.append(t.startSeconds(j)).append(',');
            b.append(t.endSeconds(j)).append(',');
            b.append(t.processors(j)).append(',');
            b.append(t.runtimeSeconds(j)).append(',');
            b.append(t.estimateSeconds(j)).append(',');
            b.append(t.waitSeconds(j)).append(',');
            b.append(t.responseSeconds(j)).append(',');
            b.appendFixed6(t.slowdown(j)).append(',');
            b.appendFixed6(t.boundedSlowdown(j)).append(',');
            b.append(t.killed(j) ? "true" : "false").append(',');
            for (int k = 0; k < t.rangeCount(j); k++) {
                int first = t.rangeFirst(j, k);
                int last = t.rangeLast(j, k);
                if (k > 0) {
                    b.append(' ');
                }
                b.append(first);
                if (last != first) {
                    b.append('-').append(last);
                }
            }
            b.append('\n');
            if (b.size() >= CHUNK) {
                b.writeTo(out);
            }
        }
        b.writeTo(out);
    }

    static void writeSeries(Path file, TimeSeries s) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 40 * s.size());
        b.append("time,utilization,waiting,running\n");
        for (int i = 0; i < s.size(); i++) {
            b.append(s.timeSeconds(i)).append(',');
            b.appendFixed6(s.utilization(i)).append(',');
            b.append(s.waitingJobs(i)).append(',');
            b.append(s.runningJobs(i)).append('\n');
        }
        b.writeTo(file);
    }

    static void writeSummary(Path file, RunSummary s, ReaderCounts counts) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeSummary(w, s, counts);
            w.write('\n');
        }
    }

    /** The summary exactly as in {@code summary.json} (without the final line break). */
    public static void writeSummary(Writer out, RunSummary s, ReaderCounts counts) {
        try (JsonGenerator g = JsonOutput.files(out)) {
            g.writeStartObject();
            g.writeStringProperty("workload", s.workload());
            g.writeStringProperty("policy", s.policy());
            g.writeNumberProperty("processors", s.processors());
            g.writeNumberProperty("jobs", s.jobs());
            g.writeNumberProperty("skipped", counts.skipped());
            g.writeNumberProperty("rejected", counts.rejected());
            g.writeNumberProperty("adjusted", counts.adjusted());
            g.writeNumberProperty("killed", s.killed());
            SummaryJson.number(g, "meanWait", s.waitSeconds().mean());
            SummaryJson.number(g, "meanResponse", s.responseSeconds().mean());
            SummaryJson.number(g, "meanBoundedSlowdown", s.boundedSlowdown().mean());
            SummaryJson.number(g, "utilization", s.utilization());
            g.writeNumberProperty("makespan", s.makespanSeconds());
            g.writeNumberProperty("firstSubmit", s.firstSubmitSeconds());
            g.writeNumberProperty("lastEnd", s.lastEndSeconds());
            SummaryJson.number(g, "lossOfCapacityPercent", s.lossOfCapacityPercent());
            distribution(g, "wait", s.waitSeconds());
            distribution(g, "response", s.responseSeconds());
            distribution(g, "boundedSlowdown", s.boundedSlowdown());
            SummaryJson.counts(g, "recordCounts", counts.byRule());
            g.writeEndObject();
        }
    }

    private static void distribution(JsonGenerator g, String name, Distribution d) {
        g.writeName(name);
        g.writeStartObject();
        SummaryJson.number(g, "mean", d.mean());
        SummaryJson.number(g, "p50", d.p50());
        SummaryJson.number(g, "p90", d.p90());
        SummaryJson.number(g, "p99", d.p99());
        SummaryJson.number(g, "max", d.max());
        g.writeEndObject();
    }
}
