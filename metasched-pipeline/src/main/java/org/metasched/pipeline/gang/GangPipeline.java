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
import org.metasched.model.Sizes;
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

    /** One run as kept until the summaries are made: the first run's result, every run's summary. */
    private record Run(GangResult result, GangSummary summary) {}

    /**
     * The most runs: ten thousand times the default of 1 (the paper's set-up takes 10), as {@code reproduce} allows
     * at least, far beyond any confidence interval the summary needs.
     */
    public static final int MAX_RUNS = 10_000;

    /**
     * Memory a run keeps until its summary is read, beyond the first run's result: the summary (about 400 bytes
     * and 40 per cluster) and its task's future in the pool's queue (about 150).
     */
    static double bytesPerRun(GangConfig config) {
        return 550 + 40.0 * config.clusterProcessors().size();
    }

    /**
     * Fails before any work when {@code runs} exceed {@link #MAX_RUNS} or would not fit the heap.
     *
     * @throws InputFormatException (a {@link org.metasched.model.ParameterException}) naming the runs, the need and
     *     the limit
     */
    public static void checkRuns(int runs, GangConfig config) {
        Sizes.atMost(
                n -> n.apply("runs") + " " + runs,
                "runs",
                runs,
                MAX_RUNS,
                bytesPerRun(config),
                n -> "give fewer " + n.apply("runs") + " (the default is 1)");
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
     * @throws InputFormatException for too many runs ({@link #checkRuns}), a bad trace, no job, or every job larger
     *     than every cluster
     */
    public static Result run(Path workload, GangConfig config, int jobs, int runs, int threads, IntConsumer progress) {
        checkRuns(runs, config);
        SwfTrace trace = read(workload);
        GangJobs gangJobs = jobs(trace, jobs);
        if (gangJobs.size() == 0) {
            throw new InputFormatException(
                    workload + ": no job to simulate: every record was skipped or rejected by the"
                            + " reader (docs/simulate.md lists its rules)");
        }
        int smallest = Integer.MAX_VALUE;
        for (int j = 0; j < gangJobs.size(); j++) {
            smallest = Math.min(smallest, gangJobs.tasks(j));
        }
        if (smallest > config.largestCluster()) {
            throw new InputFormatException(workload + ": every job is larger than every cluster (the smallest job has "
                    + Values.counted("%d", smallest, "task") + ", the largest cluster "
                    + Values.counted("%d", config.largestCluster(), "processor") + "); give larger --clusters");
        }
        // the first run's result is written; of the others only the summary is kept (a result holds the grid)
        List<Run> results = Replications.run(
                runs,
                threads,
                r -> {
                    GangResult g = GangSimulation.run(gangJobs, config, r);
                    return new Run(r == 0 ? g : null, g.summary());
                },
                progress);
        List<GangSummary> summaries = results.stream().map(Run::summary).toList();
        Map<String, double[]> overRuns = new LinkedHashMap<>();
        if (runs > 1) {
            overRuns.put("art", Values.interval(summaries, GangSummary::artSeconds));
            overRuns.put("awt", Values.interval(summaries, GangSummary::awtSeconds));
            overRuns.put("lossOfCapacityPercent", Values.interval(summaries, GangSummary::lossOfCapacityPercent));
            overRuns.put("utilization", Values.interval(summaries, GangSummary::utilization));
        }
        return new Result(workload, config, results.get(0).result(), summaries, overRuns, trace.countsByKey());
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
