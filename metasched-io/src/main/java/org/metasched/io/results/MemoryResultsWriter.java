package org.metasched.io.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.metasched.io.JsonOutput;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryTimeSeries;
import tools.jackson.core.JsonGenerator;

/**
 * The result files of {@code metasched memory} (paper P004): {@code jobs.csv}, {@code timeseries.csv} and
 * {@code summary.json} (columns in {@code docs/memory.md}), written into a directory that {@link
 * org.metasched.io.OutputDirectory} puts in place as a whole. Times are printed as Java prints doubles, so they
 * read back to the same numbers (a checker can recompute every invariant from the files).
 */
public final class MemoryResultsWriter {
    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER = "id,class,submit,start,end,machine,core,wait,flowtime";

    private MemoryResultsWriter() {}

    /**
     * Writes the three files into {@code dir}, which exists.
     *
     * @param first the first replication, whose jobs and time series are written
     * @param summaries one summary per replication (the first is {@code first}'s)
     * @param overRuns with several replications: metric name to {mean, 95 % half-width} over them; else empty
     * @param recordCounts what the reader did with a trace's records, by rule; empty for generated streams
     */
    public static void writeInto(
            Path dir,
            MemoryConfig config,
            MemoryCluster first,
            List<MemorySummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts)
            throws IOException {
        writeJobs(dir.resolve(ResultsWriter.JOBS), first.jobRecords());
        writeSeries(dir.resolve(ResultsWriter.SERIES), first.timeSeries());
        try (Writer w = Files.newBufferedWriter(dir.resolve(ResultsWriter.SUMMARY), StandardCharsets.UTF_8)) {
            writeSummary(w, config, summaries, overRuns, recordCounts);
            w.write('\n');
        }
    }

    /** The header of {@code timeseries.csv} for {@code classes} memory classes. */
    public static String seriesHeader(int classes) {
        StringBuilder b = new StringBuilder("time,busyCores,usedMemory");
        for (int k = 1; k <= classes; k++) {
            b.append(",queue").append(k);
        }
        for (int k = 1; k <= classes; k++) {
            b.append(",pool").append(k);
        }
        return b.toString();
    }

    static void writeJobs(Path file, List<MemoryJobRecord> jobs) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 96 * jobs.size());
        b.append(JOBS_HEADER).append('\n');
        for (MemoryJobRecord r : jobs) {
            b.append(r.id()).append(',');
            b.append(r.memoryClass()).append(',');
            b.append(Double.toString(r.submitSeconds())).append(',');
            b.append(Double.toString(r.startSeconds())).append(',');
            b.append(Double.toString(r.endSeconds())).append(',');
            b.append(r.machine()).append(',');
            b.append(r.core()).append(',');
            b.append(Double.toString(r.waitSeconds())).append(',');
            b.append(Double.toString(r.flowtimeSeconds())).append('\n');
        }
        b.writeTo(file);
    }

    static void writeSeries(Path file, MemoryTimeSeries s) throws IOException {
        int k = s.classes();
        AsciiBuffer b = new AsciiBuffer(64 + (32 + 8 * k) * s.size());
        b.append(seriesHeader(k)).append('\n');
        for (int i = 0; i < s.size(); i++) {
            b.append(Double.toString(s.timeSeconds(i))).append(',');
            b.append(s.busyCores(i)).append(',');
            b.append(s.usedMemoryGiB(i));
            for (int c = 1; c <= k; c++) {
                b.append(',').append(s.queueLength(i, c));
            }
            for (int c = 1; c <= k; c++) {
                b.append(',').append(s.poolSize(i, c));
            }
            b.append('\n');
        }
        b.writeTo(file);
    }

    /** The summary exactly as in {@code summary.json} (without the final line break). */
    public static void writeSummary(
            Writer out,
            MemoryConfig c,
            List<MemorySummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts) {
        MemorySummary s = summaries.get(0);
        try (JsonGenerator g = JsonOutput.files(out)) {
            g.writeStartObject();
            g.writeStringProperty("policy", c.policy().name());
            g.writeStringProperty("workload", c.workload());
            g.writeNumberProperty("machines", c.machines());
            g.writeNumberProperty("cores", c.coresPerMachine());
            g.writeNumberProperty("memory", c.memoryGiB());
            g.writeName("classes");
            g.writeStartArray();
            for (int gib : c.classesGiB()) {
                g.writeNumber(gib);
            }
            g.writeEndArray();
            SummaryJson.number(g, "threshold", c.threshold());
            if (!c.traceWorkload()) {
                SummaryJson.number(g, "load", c.load());
                SummaryJson.number(g, "duration", c.durationSeconds());
                SummaryJson.number(g, "meanService", c.meanServiceSeconds());
            }
            g.writeNumberProperty("runs", summaries.size());
            g.writeNumberProperty("seed", c.seed());
            g.writeNumberProperty("jobs", s.jobs());
            SummaryJson.number(g, "windowStart", s.windowStartSeconds());
            SummaryJson.number(g, "windowEnd", s.windowEndSeconds());
            SummaryJson.number(g, "coreUtilization", s.coreUtilization());
            SummaryJson.number(g, "memoryUtilization", s.memoryUtilization());
            SummaryJson.number(g, "meanFlowtime", s.meanFlowtimeSeconds());
            SummaryJson.number(g, "p95Flowtime", s.p95FlowtimeSeconds());
            SummaryJson.number(g, "meanWait", s.meanWaitSeconds());
            SummaryJson.number(g, "p95Wait", s.p95WaitSeconds());
            g.writeNumberProperty("reprovisionings", s.reprovisionings());
            g.writeName("perClass");
            g.writeStartArray();
            for (ClassSummary k : s.classes()) {
                g.writeStartObject();
                g.writeNumberProperty("class", k.memoryClass());
                g.writeNumberProperty("memory", k.memoryGiB());
                g.writeNumberProperty("jobs", k.jobs());
                SummaryJson.number(g, "meanFlowtime", k.meanFlowtimeSeconds());
                SummaryJson.number(g, "p95Flowtime", k.p95FlowtimeSeconds());
                SummaryJson.number(g, "meanWait", k.meanWaitSeconds());
                SummaryJson.number(g, "p95Wait", k.p95WaitSeconds());
                SummaryJson.number(g, "meanQueueLength", k.meanQueueLength());
                SummaryJson.number(g, "meanPoolSize", k.meanPoolSize());
                g.writeEndObject();
            }
            g.writeEndArray();
            SummaryJson.overRuns(g, overRuns);
            if (!recordCounts.isEmpty()) {
                SummaryJson.counts(g, "recordCounts", recordCounts);
            }
            g.writeEndObject();
        }
    }
}
