package org.metasched.io.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobRecord;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSummary;
import org.metasched.gang.GangTaskRecord;
import tools.jackson.core.JsonGenerator;

/**
 * The result files of {@code metasched gang} (paper P001): {@code jobs.csv}, {@code tasks.csv}, {@code
 * processors.csv} and {@code summary.json} (columns in {@code docs/gang.md}), written into a directory that
 * {@link org.metasched.io.OutputDirectory} puts in place as a whole. Times are printed with the digits Java prints
 * for doubles, never in exponent form ({@link CsvColumns#plainDecimal}), so a checker reading the files back sees
 * exactly the simulated schedule.
 */
public final class GangResultsWriter {
    public static final String TASKS = "tasks.csv";
    public static final String PROCESSORS = "processors.csv";

    /** The columns of {@code jobs.csv}: {@code id,cluster,submit,start,end,tasks,wait,response,migrated}. */
    static final CsvColumns<GangJobRecord> JOB_COLUMNS = JobColumns.of(
            CsvColumns.<GangJobRecord>of().integer("cluster", GangJobRecord::cluster),
            CsvColumns.<GangJobRecord>of().integer("tasks", GangJobRecord::tasks),
            "response",
            CsvColumns.<GangJobRecord>of().text("migrated", r -> r.migrated().label()));

    /** The columns of {@code tasks.csv}. */
    static final CsvColumns<GangTaskRecord> TASK_COLUMNS = CsvColumns.<GangTaskRecord>of()
            .integer("job", GangTaskRecord::job)
            .integer("task", GangTaskRecord::task)
            .integer("cluster", GangTaskRecord::cluster)
            .integer("processor", GangTaskRecord::processor)
            .plainSum("start", GangTaskRecord::originSeconds, GangTaskRecord::modelStartSeconds)
            .plainSum("end", GangTaskRecord::originSeconds, GangTaskRecord::modelEndSeconds);

    /** One line of {@code processors.csv}. */
    private record Processor(int cluster, int processor, double clockMHz) {}

    private static final CsvColumns<Processor> PROCESSOR_COLUMNS = CsvColumns.<Processor>of()
            .integer("cluster", Processor::cluster)
            .integer("processor", Processor::processor)
            .decimal("clockMHz", Processor::clockMHz);

    private GangResultsWriter() {}

    /** Writes the files into {@code dir}, which exists: the first run's jobs, tasks and processors, the summary. */
    public static void writeInto(Path dir, GangConfig config, Runs<GangResult, GangSummary> runs) throws IOException {
        GangResult first = runs.first();
        JOB_COLUMNS.write(dir.resolve(ResultsWriter.JOBS), first.jobRecords());
        TASK_COLUMNS.write(dir.resolve(TASKS), first.taskRecords());
        PROCESSOR_COLUMNS.write(dir.resolve(PROCESSORS), processors(first));
        SummaryJson.write(dir.resolve(ResultsWriter.SUMMARY), runs, g -> summary(g, config, runs.summaries()));
    }

    private static List<Processor> processors(GangResult r) {
        int[] sizes = r.clusterSizes();
        List<Processor> out = new ArrayList<>();
        for (int c = 0; c < sizes.length; c++) {
            for (int p = 0; p < sizes[c]; p++) {
                out.add(new Processor(c, p, r.clockMHz(c, p)));
            }
        }
        return out;
    }

    private static void summary(JsonGenerator g, GangConfig c, List<GangSummary> summaries) {
        GangSummary s = summaries.get(0);
        g.writeName("clusters");
        g.writeStartArray();
        for (int m : c.clusterProcessors()) {
            g.writeNumber(m);
        }
        g.writeEndArray();
        g.writeStringProperty("dispatch", c.dispatch().name());
        g.writeStringProperty("policy", c.policy().name());
        g.writeStringProperty("startRule", c.startRule().name());
        g.writeStringProperty("clock", c.clocks().name().toLowerCase(Locale.ROOT));
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
            SummaryJson.number(g, v);
        }
        g.writeEndArray();
        SummaryJson.number(g, "clusterSumLossOfCapacityPercent", s.clusterSumLossOfCapacityPercent());
        SummaryJson.number(g, "utilization", s.utilization());
        SummaryJson.number(g, "literalUtilization", s.literalUtilization());
        SummaryJson.number(g, "processorUtilization", s.processorUtilization());
        SummaryJson.number(g, "makespan", s.makespanSeconds());
        SummaryJson.time(g, "firstArrival", s.originSeconds(), s.modelFirstArrivalSeconds());
        SummaryJson.time(g, "lastCompletion", s.originSeconds(), s.modelLastCompletionSeconds());
        g.writeNumberProperty("localMigrations", s.localMigrations());
        g.writeNumberProperty("externalMigrations", s.externalMigrations());
        g.writeNumberProperty("migratedTasks", s.migratedTasks());
    }
}
