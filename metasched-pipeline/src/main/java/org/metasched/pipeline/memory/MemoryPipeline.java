package org.metasched.pipeline.memory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.io.OutputDirectory;
import org.metasched.io.results.MemoryResultsWriter;
import org.metasched.io.results.Runs;
import org.metasched.io.swf.SwfMemory;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfTrace;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryWorkload;
import org.metasched.memory.SwfMemoryClasses;
import org.metasched.model.InputFormatException;
import org.metasched.model.Workload;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;

/**
 * The memory-cluster pipeline of paper P004, exactly as {@code metasched memory} runs it: generate the stable or
 * peak stream (one per replication) or read an SWF trace, simulate the cluster under a policy, write {@code
 * jobs.csv}, {@code timeseries.csv}, {@code summary.json} and the report as one output directory.
 */
public final class MemoryPipeline {
    /** {@code --load} may stretch a trace's arrivals over less than 2^53 s: there a double still resolves 1 s. */
    static final double MAX_SCALED_SPAN_SECONDS = 0x1p53;

    private MemoryPipeline() {}

    /**
     * What a run produced: the configuration and the runs, whose summaries are over the arrival window [0, duration]
     * for a stream, over the whole run for a trace; a trace's records are counted by reader rule and memory rule.
     */
    public record Result(
            MemoryConfig config,
            MemoryCluster first,
            List<MemorySummary> summaries,
            Map<String, double[]> overRuns,
            Map<String, Long> recordCounts)
            implements Runs<MemoryCluster, MemorySummary> {}

    /**
     * Runs {@code config}: {@code config.runs()} replications of a generated stream, or the one trace.
     *
     * @param traceLoad for a trace only: scale its arrival times so that the offered load is this; null keeps them
     * @param progress receives 1 per finished replication
     * @throws InputFormatException for a bad trace, or a trace with no job left
     */
    public static Result run(MemoryConfig config, Double traceLoad, IntConsumer progress) {
        List<MemorySummary> summaries = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        MemoryCluster first = null;
        if (config.traceWorkload()) {
            MemoryWorkload w = readTrace(Path.of(config.workload()), config, traceLoad, counts);
            first = MemoryCluster.of(config, w).run();
            summaries.add(MemorySummary.of(first));
            progress.accept(1);
        } else {
            for (int r = 0; r < config.runs(); r++) {
                MemoryCluster run = MemoryCluster.of(config, MemoryStreams.generate(config, r))
                        .run();
                summaries.add(MemorySummary.of(run, 0, config.durationSeconds()));
                if (r == 0) {
                    first = run;
                }
                progress.accept(1);
            }
        }
        Map<String, double[]> overRuns = new LinkedHashMap<>();
        if (summaries.size() > 1) {
            overRuns.put("coreUtilization", Values.interval(summaries, MemorySummary::coreUtilization));
            overRuns.put("memoryUtilization", Values.interval(summaries, MemorySummary::memoryUtilization));
            overRuns.put("meanFlowtime", Values.interval(summaries, MemorySummary::meanFlowtimeSeconds));
            overRuns.put("meanWait", Values.interval(summaries, MemorySummary::meanWaitSeconds));
            overRuns.put("reprovisionings", Values.interval(summaries, s -> s.reprovisionings()));
        }
        return new Result(config, first, List.copyOf(summaries), overRuns, counts);
    }

    /** Writes the result files and, as {@code outputs} asks, the report into {@code dir}, all or nothing. */
    public static void write(Path dir, Result result, Outputs outputs, String command) {
        OutputDirectory.write(dir, d -> {
            MemoryResultsWriter.writeInto(d, result.config(), result);
            if (outputs.report()) {
                outputs.configure(MemoryReport.of(result, command)).writeTo(d);
            }
        });
    }

    /** {@code results/memory-<workload>-<policy>}, the trace's file name without .swf/.gz as its workload. */
    public static Path defaultDirectory(MemoryConfig config) {
        String w = config.traceWorkload() ? Values.traceName(Path.of(config.workload())) : config.workload();
        return Path.of("results", "memory-" + w + "-" + config.policy());
    }

    /**
     * One single-core job per accepted trace job: id field 1, arrival field 2, service field 4 (the real run
     * time, never cut at the estimate), class from field 10, else field 7 ({@link SwfMemoryClasses}).
     */
    static MemoryWorkload readTrace(Path file, MemoryConfig c, Double load, Map<String, Long> counts) {
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS
                        .withOverrun(SwfOptions.Overrun.EXTEND)
                        .withMachineProcessors(SwfReader.MAX_PROCESSORS))
                .read(file);
        counts.putAll(t.countsByKey());
        SwfMemory m = t.memory();
        SwfMemoryClasses classes = SwfMemoryClasses.map(m.requestedKiB(), m.usedKiB(), c.classesGiB(), 1);
        for (SwfMemoryClasses.Rule r : SwfMemoryClasses.Rule.values()) {
            counts.put(r.counterName(), classes.count(r));
        }
        Workload w = t.workload();
        // on a late clock (epoch seconds and finer) the model's starts at the log's first record: docs/memory.md
        double origin = t.firstSubmitSeconds() >= MemoryWorkload.REBASE_FROM_SECONDS ? t.firstSubmitSeconds() : 0;
        double factor = 1;
        if (load != null) {
            MemoryWorkload unscaled = build(w, classes, 1, origin);
            double offered = unscaled.offeredLoad(c.totalCores());
            // fewer than two jobs give 0, two or more at one instant give infinity (or NaN with no service at all)
            if (!(offered > 0) || !Double.isFinite(offered)) {
                throw new InputFormatException(file + ": --load " + load
                        + " cannot scale a trace whose jobs all arrive at once (expected arrivals spread over time)");
            }
            factor = offered / load;
            double span = unscaled.arrivalSeconds(unscaled.size() - 1) - unscaled.arrivalSeconds(0);
            if (!(span * factor < MAX_SCALED_SPAN_SECONDS)) {
                throw new InputFormatException(file + ": --load " + load + " would stretch the trace's "
                        + (long) span + " s of arrivals " + factor
                        + " times, to 2^53 s or more (where a double no longer resolves a second); expected a load"
                        + " above " + offered * span / MAX_SCALED_SPAN_SECONDS);
            }
        }
        MemoryWorkload mw = build(w, classes, factor, origin);
        if (mw.size() == 0) {
            // a record past the reader's 10,000,000 processors is rejected, not skipped (docs/memory.md)
            throw new InputFormatException(file + ": no job to simulate: "
                    + (t.records() == 1 ? "its 1 record was" : "all " + t.records() + " records were")
                    + " skipped or rejected by the reader, or had memory above the largest class");
        }
        return mw;
    }

    /** Arrivals scaled by {@code factor} about the first, on a clock that starts at {@code origin}. */
    private static MemoryWorkload build(Workload w, SwfMemoryClasses classes, double factor, double origin) {
        MemoryWorkload.Builder b = MemoryWorkload.builder().originSeconds(origin);
        double first = w.size() == 0 ? 0 : w.submitSeconds(0);
        for (int j = 0; j < w.size(); j++) {
            int k = classes.memoryClass(j);
            if (k > 0) {
                // exact relative to the first arrival: (first - origin) and (t - first) are whole seconds
                double arrival = (first - origin) + (w.submitSeconds(j) - first) * factor;
                b.add(w.id(j), arrival, w.runtimeSeconds(j), k);
            }
        }
        return b.build();
    }
}
