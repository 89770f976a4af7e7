package org.metasched.io.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.metasched.io.JsonOutput;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.JobRecord;
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

    private ResultsWriter() {}

    /** Writes the three result files into {@code dir}, which exists. */
    public static void writeInto(Path dir, RunResult result, ReaderCounts counts) throws IOException {
        writeJobs(dir.resolve(JOBS), result);
        writeSummary(dir.resolve(SUMMARY), result.summary(), counts);
        writeSeries(dir.resolve(SERIES), result.series());
    }

    static void writeJobs(Path file, RunResult result) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 96 * result.jobs().size());
        b.append(JOBS_HEADER).append('\n');
        for (JobRecord r : result.jobs()) {
            b.append(r.id()).append(',');
            b.append(r.submitSeconds()).append(',');
            b.append(r.startSeconds()).append(',');
            b.append(r.endSeconds()).append(',');
            b.append(r.processors()).append(',');
            b.append(r.runtimeSeconds()).append(',');
            b.append(r.estimateSeconds()).append(',');
            b.append(r.waitSeconds()).append(',');
            b.append(r.responseSeconds()).append(',');
            b.appendFixed6(r.slowdown()).append(',');
            b.appendFixed6(r.boundedSlowdown()).append(',');
            b.append(r.killed() ? "true" : "false").append(',');
            b.append(r.allocatedProcessors()).append('\n');
        }
        b.writeTo(file);
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
