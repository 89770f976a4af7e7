package org.metasched.io.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemoryPolicy;
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
    /** The columns of {@code jobs.csv}: {@code id,class,submit,start,end,machine,core,wait,flowtime}. */
    static final CsvColumns<MemoryJobRecord> JOB_COLUMNS = JobColumns.of(
            CsvColumns.<MemoryJobRecord>of().integer("class", MemoryJobRecord::memoryClass),
            CsvColumns.<MemoryJobRecord>of()
                    .integer("machine", MemoryJobRecord::machine)
                    .integer("core", MemoryJobRecord::core),
            "flowtime",
            CsvColumns.of());

    private MemoryResultsWriter() {}

    /** Writes the three files into {@code dir}, which exists: the first run's jobs and time series, the summary. */
    public static void writeInto(Path dir, MemoryConfig config, Runs<MemoryCluster, MemorySummary> runs)
            throws IOException {
        JOB_COLUMNS.write(dir.resolve(ResultsWriter.JOBS), runs.first().jobRecords());
        MemoryTimeSeries series = runs.first().timeSeries();
        seriesColumns(series).write(dir.resolve(ResultsWriter.SERIES), CsvColumns.indices(series.size()));
        SummaryJson.write(dir.resolve(ResultsWriter.SUMMARY), runs, g -> summary(g, config, runs.summaries()));
    }

    /** The columns of {@code timeseries.csv} of {@code s}, whose rows are read by index. */
    static CsvColumns<Integer> seriesColumns(MemoryTimeSeries s) {
        CsvColumns<Integer> columns = CsvColumns.<Integer>of()
                .plainSum("time", i -> s.originSeconds(), s::modelTimeSeconds)
                .integer("busyCores", s::busyCores)
                .integer("usedMemory", s::usedMemoryGiB);
        for (int k = 1; k <= s.classes(); k++) {
            int c = k;
            columns = columns.integer("queue" + k, i -> s.queueLength(i, c));
        }
        for (int k = 1; k <= s.classes(); k++) {
            int c = k;
            columns = columns.integer("pool" + k, i -> s.poolSize(i, c));
        }
        return columns;
    }

    private static void summary(JsonGenerator g, MemoryConfig c, List<MemorySummary> summaries) {
        MemorySummary s = summaries.get(0);
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
        if (c.policy() == MemoryPolicy.ADAPTIVE) { // the others refuse --threshold: theirs would be a default unused
            SummaryJson.number(g, "threshold", c.threshold());
        }
        if (!c.traceWorkload()) {
            SummaryJson.number(g, "load", c.load());
            SummaryJson.number(g, "duration", c.durationSeconds());
            SummaryJson.number(g, "meanService", c.meanServiceSeconds());
        }
        g.writeNumberProperty("runs", summaries.size());
        g.writeNumberProperty("seed", c.seed());
        g.writeNumberProperty("jobs", s.jobs());
        SummaryJson.time(g, "windowStart", s.originSeconds(), s.modelWindowStartSeconds());
        SummaryJson.time(g, "windowEnd", s.originSeconds(), s.modelWindowEndSeconds());
        SummaryJson.number(g, "coreUtilization", s.coreUtilization());
        SummaryJson.number(g, "memoryUtilization", s.memoryUtilization());
        times(g, s.meanFlowtimeSeconds(), s.p95FlowtimeSeconds(), s.meanWaitSeconds(), s.p95WaitSeconds());
        g.writeNumberProperty("reprovisionings", s.reprovisionings());
        g.writeName("perClass");
        g.writeStartArray();
        for (ClassSummary k : s.classes()) {
            g.writeStartObject();
            g.writeNumberProperty("class", k.memoryClass());
            g.writeNumberProperty("memory", k.memoryGiB());
            g.writeNumberProperty("jobs", k.jobs());
            times(g, k.meanFlowtimeSeconds(), k.p95FlowtimeSeconds(), k.meanWaitSeconds(), k.p95WaitSeconds());
            SummaryJson.number(g, "meanQueueLength", k.meanQueueLength());
            SummaryJson.number(g, "meanPoolSize", k.meanPoolSize());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void times(JsonGenerator g, double meanFlow, double p95Flow, double meanWait, double p95Wait) {
        SummaryJson.number(g, "meanFlowtime", meanFlow);
        SummaryJson.number(g, "p95Flowtime", p95Flow);
        SummaryJson.number(g, "meanWait", meanWait);
        SummaryJson.number(g, "p95Wait", p95Wait);
    }
}
