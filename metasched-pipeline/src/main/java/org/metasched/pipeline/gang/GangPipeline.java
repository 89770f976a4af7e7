package org.metasched.pipeline.gang;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.experiments.Replications;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.io.OutputDirectory;
import org.metasched.io.results.GangResultsWriter;
import org.metasched.io.results.Runs;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfTrace;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;

/**
 * The multicluster gang pipeline of paper P001, exactly as {@code metasched gang} runs it: read an SWF trace,
 * simulate it on the grid {@code runs} times (run r draws its clocks and dispatch choices from replication r of
 * the seed), write {@code jobs.csv}, {@code tasks.csv}, {@code processors.csv}, {@code summary.json} and the
 * report as one output directory.
 */
public final class GangPipeline {
    private GangPipeline() {}

    /** What a run produced: the trace, the configuration and the runs. */
    public record Result(
            Path workload,
            GangConfig config,
            GangResult first,
            List<GangSummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts)
            implements Runs<GangResult, GangSummary> {
        /** The trace's name in the summary and the report ({@link Values#workloadName}). */
        public String workloadName() {
            return Values.workloadName(workload);
        }
    }

    /** Reads the trace's jobs as the gang model sees them: every record the reader accepts, sizes unlimited. */
    public static SwfTrace read(Path workload) {
        return new SwfReader(SwfOptions.DEFAULTS.withMachineProcessors(SwfReader.MAX_PROCESSORS)).read(workload);
    }

    /**
     * Reads and simulates.
     *
     * @param jobs the first {@code jobs} accepted jobs, 0 for all
     * @param progress receives 1 per finished run, from worker threads
     * @throws InputFormatException for a bad trace, no job, or every job larger than every cluster
     */
    public static Result run(Path workload, GangConfig config, int jobs, int runs, int threads, IntConsumer progress) {
        SwfTrace trace = read(workload);
        GangJobs gangJobs = jobs(trace, jobs);
        if (gangJobs.size() == 0) {
            throw new InputFormatException(workload + ": no job to simulate: every record was skipped by the reader"
                    + " (docs/simulate.md lists its rules)");
        }
        int smallest = Integer.MAX_VALUE;
        for (int j = 0; j < gangJobs.size(); j++) {
            smallest = Math.min(smallest, gangJobs.tasks(j));
        }
        if (smallest > config.largestCluster()) {
            throw new InputFormatException(workload + ": every job is larger than every cluster (the smallest job has "
                    + smallest + " tasks, the largest cluster " + config.largestCluster()
                    + " processors); give larger --clusters");
        }
        List<GangResult> results =
                Replications.run(runs, threads, r -> GangSimulation.run(gangJobs, config, r), progress);
        List<GangSummary> summaries = results.stream().map(GangResult::summary).toList();
        Map<String, double[]> overRuns = new LinkedHashMap<>();
        if (runs > 1) {
            overRuns.put("art", Values.interval(summaries, GangSummary::artSeconds));
            overRuns.put("awt", Values.interval(summaries, GangSummary::awtSeconds));
            overRuns.put("lossOfCapacityPercent", Values.interval(summaries, GangSummary::lossOfCapacityPercent));
            overRuns.put("utilization", Values.interval(summaries, GangSummary::utilization));
        }
        return new Result(workload, config, results.get(0), summaries, overRuns, trace.countsByKey());
    }

    /** Writes the result files and, as {@code outputs} asks, the report into {@code dir}, all or nothing. */
    public static void write(Path dir, Result result, Outputs outputs, String command) {
        OutputDirectory.write(dir, d -> {
            GangResultsWriter.writeInto(d, result.config(), result);
            if (outputs.report()) {
                outputs.configure(GangReport.of(result, command)).writeTo(d);
            }
        });
    }

    /** {@code results/gang-<trace without .swf/.gz>-<dispatch>-<policy>}. */
    public static Path defaultDirectory(Path workload, GangConfig config) {
        return Path.of(
                "results",
                "gang-" + Values.traceName(workload) + "-" + config.dispatch().name() + "-"
                        + config.policy().name());
    }

    /** The first {@code jobs} accepted jobs of {@code trace} (0: all), on the clock of the log's start. */
    public static GangJobs jobs(SwfTrace trace, int jobs) {
        return GangJobs.of(trace.workload(), jobs).withLogStart(trace.firstSubmitSeconds());
    }
}
