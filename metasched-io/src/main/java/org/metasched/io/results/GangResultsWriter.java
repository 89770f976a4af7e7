package org.metasched.io.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobRecord;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSummary;
import org.metasched.gang.GangTaskRecord;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/**
 * The result files of {@code metasched gang} (paper P001): {@code jobs.csv}, {@code tasks.csv}, {@code
 * processors.csv} and {@code summary.json} (columns in {@code docs/gang.md}), written into a directory that
 * {@link org.metasched.io.OutputDirectory} puts in place as a whole. Times are printed as Java prints doubles, so a
 * checker reading the files back sees exactly the simulated schedule.
 */
public final class GangResultsWriter {
    public static final String TASKS = "tasks.csv";
    public static final String PROCESSORS = "processors.csv";

    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER = "id,cluster,submit,start,end,tasks,wait,response,migrated";

    /** The columns of {@code tasks.csv}, in order. */
    public static final String TASKS_HEADER = "job,task,cluster,processor,start,end";

    private GangResultsWriter() {}

    /**
     * Writes the files into {@code dir}, which exists.
     *
     * @param first the first run, whose jobs, tasks and processors are written
     * @param summaries one summary per run (the first is {@code first}'s)
     * @param overRuns with several runs: metric to {mean, 95 % half-width}; else empty
     * @param recordCounts what the SWF reader did with the trace's records, by rule
     */
    public static void writeInto(
            Path dir,
            GangConfig config,
            GangResult first,
            List<GangSummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts)
            throws IOException {
        writeJobs(dir.resolve(ResultsWriter.JOBS), first.jobRecords());
        writeTasks(dir.resolve(TASKS), first.taskRecords());
        writeProcessors(dir.resolve(PROCESSORS), first);
        try (Writer w = Files.newBufferedWriter(dir.resolve(ResultsWriter.SUMMARY), StandardCharsets.UTF_8)) {
            writeSummary(w, config, summaries, overRuns, recordCounts);
            w.write('\n');
        }
    }

    static void writeJobs(Path file, List<GangJobRecord> jobs) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 112 * jobs.size());
        b.append(JOBS_HEADER).append('\n');
        for (GangJobRecord r : jobs) {
            b.append(r.id()).append(',');
            b.append(r.cluster()).append(',');
            b.append(Double.toString(r.submitSeconds())).append(',');
            b.append(Double.toString(r.startSeconds())).append(',');
            b.append(Double.toString(r.endSeconds())).append(',');
            b.append(r.tasks()).append(',');
            b.append(Double.toString(r.waitSeconds())).append(',');
            b.append(Double.toString(r.responseSeconds())).append(',');
            b.append(r.migrated().label()).append('\n');
        }
        b.writeTo(file);
    }

    static void writeTasks(Path file, List<GangTaskRecord> tasks) throws IOException {
        AsciiBuffer b = new AsciiBuffer(64 + 64 * tasks.size());
        b.append(TASKS_HEADER).append('\n');
        for (GangTaskRecord t : tasks) {
            b.append(t.job()).append(',');
            b.append(t.task()).append(',');
            b.append(t.cluster()).append(',');
            b.append(t.processor()).append(',');
            b.append(Double.toString(t.startSeconds())).append(',');
            b.append(Double.toString(t.endSeconds())).append('\n');
        }
        b.writeTo(file);
    }

    static void writeProcessors(Path file, GangResult r) throws IOException {
        int[] sizes = r.clusterSizes();
        AsciiBuffer b = new AsciiBuffer(64 + 24 * java.util.Arrays.stream(sizes).sum());
        b.append("cluster,processor,clockMHz\n");
        for (int c = 0; c < sizes.length; c++) {
            for (int p = 0; p < sizes[c]; p++) {
                b.append(c).append(',').append(p).append(',');
                b.append(Double.toString(r.clockMHz(c, p))).append('\n');
            }
        }
        b.writeTo(file);
    }

    /** The summary exactly as in {@code summary.json} (without the final line break). */
    public static void writeSummary(
            Writer out,
            GangConfig c,
            List<GangSummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts) {
        GangSummary s = summaries.get(0);
        try (JsonGenerator g = JsonOutput.files(out)) {
            g.writeStartObject();
            g.writeName("clusters");
            g.writeStartArray();
            for (int m : c.clusterProcessors()) {
                g.writeNumber(m);
            }
            g.writeEndArray();
            g.writeStringProperty("dispatch", c.dispatch());
            g.writeStringProperty("policy", c.policy());
            g.writeStringProperty("startRule", org.metasched.gang.GangRegistries.name(c.startRule()));
            g.writeStringProperty("clock", c.clocks().name().toLowerCase(java.util.Locale.ROOT));
            SummaryJson.number(g, "referenceClockMHz", c.referenceClockMHz());
            g.writeNumberProperty("seed", c.seed());
            g.writeNumberProperty("runs", summaries.size());
            g.writeNumberProperty("jobs", s.jobs());
            g.writeNumberProperty("executedJobs", s.executedJobs());
            g.writeNumberProperty("rejectedJobs", s.rejectedJobs());
            SummaryJson.number(g, "awt", s.awtSeconds());
            SummaryJson.number(g, "art", s.artSeconds());
            SummaryJson.number(g, "lossOfCapacityPercent", s.lossOfCapacityPercent());
            g.writeName("clusterLossOfCapacityPercent");
            g.writeStartArray();
            for (double v : s.clusterLossOfCapacityPercent()) {
                JsonOutput.number(g, v);
            }
            g.writeEndArray();
            SummaryJson.number(g, "clusterSumLossOfCapacityPercent", s.clusterSumLossOfCapacityPercent());
            SummaryJson.number(g, "utilization", s.utilization());
            SummaryJson.number(g, "literalUtilization", s.literalUtilization());
            SummaryJson.number(g, "processorUtilization", s.processorUtilization());
            SummaryJson.number(g, "makespan", s.makespanSeconds());
            SummaryJson.number(g, "firstArrival", s.firstArrivalSeconds());
            SummaryJson.number(g, "lastCompletion", s.lastCompletionSeconds());
            g.writeNumberProperty("localMigrations", s.localMigrations());
            g.writeNumberProperty("externalMigrations", s.externalMigrations());
            g.writeNumberProperty("migratedTasks", s.migratedTasks());
            SummaryJson.overRuns(g, overRuns);
            SummaryJson.counts(g, "recordCounts", recordCounts);
            g.writeEndObject();
        }
    }
}
