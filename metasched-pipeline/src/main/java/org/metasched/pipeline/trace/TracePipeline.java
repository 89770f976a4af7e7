package org.metasched.pipeline.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.flow.StartedJobsListener;
import org.metasched.io.BackgroundTask;
import org.metasched.io.HashedOutputStream;
import org.metasched.io.OutputDirectory;
import org.metasched.io.results.JobsCsvFormatter;
import org.metasched.io.results.ResultsWriter;
import org.metasched.io.swf.LiveTrace;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfPrefetch;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfRule;
import org.metasched.io.swf.SwfTrace;
import org.metasched.metrics.JobTable;
import org.metasched.metrics.RunResult;
import org.metasched.model.ExactSeconds;
import org.metasched.model.InputFormatException;
import org.metasched.model.Workload;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;

/**
 * The trace pipeline, exactly as {@code metasched simulate} runs it: read an SWF trace, replay it under a job-flow
 * policy, write {@code jobs.csv}, {@code summary.json}, {@code timeseries.csv} and the report as one output
 * directory. Every failure caused by the input or the output directory is an {@link InputFormatException}.
 *
 * <p>No lambdas or method references on this path: the first in a JVM costs about 4 ms to link, each later one
 * 0.1-0.2 ms, and {@code simulate} links none (docs/performance.md, "No lambdas on simulate's path").
 */
public final class TracePipeline {
    private static final Runnable NOTHING = new Runnable() {
        @Override
        public void run() {
            // nothing to check
        }
    };

    /** The report's page, hashed for the manifest as it is written ({@link HashedOutputStream#open}). */
    private static final Report.FileOpener HASHED = new Report.FileOpener() {
        @Override
        public OutputStream open(Path file) throws IOException {
            return HashedOutputStream.open(file);
        }
    };

    private TracePipeline() {}

    /**
     * One simulated trace: what the reader made of the file, and the result of the replay.
     *
     * @param jobsCsv {@code jobs.csv}, formatted while the schedule ran (null: formatted when written)
     */
    public record Run(Path workload, SwfTrace trace, RunResult result, JobsCsvFormatter jobsCsv) {
        public Run(Path workload, SwfTrace trace, RunResult result) {
            this(workload, trace, result, null);
        }

        /** The reader's counts, written into {@code summary.json} and the report. */
        public ReaderCounts counts() {
            return ReaderCounts.of(trace);
        }
    }

    /**
     * Reads and simulates one trace.
     *
     * @throws InputFormatException if the trace is missing, garbled, or has no job left to simulate
     */
    public static Run simulate(Path workload, FlowPolicy policy, SwfOptions options) {
        return simulate(workload, policy, options, Outputs.NO_REPORT);
    }

    /**
     * {@link #simulate(Path, FlowPolicy, SwfOptions)} for a run whose {@code outputs} will be written: with a report,
     * the page's resources are read on the second core from the end of the schedule, while this thread computes the
     * metrics and then the report's sections, which need none of them (started before the schedule, the reading's
     * code went through the C1 queue with the schedule's and slowed it: docs/performance.md, fifth pass).
     */
    public static Run simulate(Path workload, FlowPolicy policy, SwfOptions options, Outputs outputs) {
        return simulate(workload, policy, options, outputs, NOTHING);
    }

    /**
     * {@link #simulate(Path, FlowPolicy, SwfOptions, Outputs)}, running {@code whileRunning} every few thousand jobs
     * of the schedule: a check that may stop it by throwing (the output directory found changed, say).
     */
    public static Run simulate(
            Path workload, FlowPolicy policy, SwfOptions options, Outputs outputs, Runnable whileRunning) {
        return simulate(workload, policy, options, outputs, whileRunning, null);
    }

    /**
     * {@link #simulate(Path, FlowPolicy, SwfOptions, Outputs, Runnable)} for a run that {@link #write} will put into
     * {@code dir}: its {@code jobs.csv} goes into the directory under way as the jobs start ({@link
     * OutputDirectory#stage}), rather than into memory; if the run fails, that directory is removed.
     *
     * @param dir the output directory, or null: {@code jobs.csv} kept in memory until it is written
     */
    public static Run simulate(
            Path workload, FlowPolicy policy, SwfOptions options, Outputs outputs, Runnable whileRunning, Path dir) {
        long t = Timings.start();
        LiveTrace live = new SwfReader(options).readLive(workload);
        Timings.record("trace read", t);
        long scheduled = Timings.start();
        Path staged = dir == null ? null : OutputDirectory.stage(dir);
        boolean done = false;
        try {
            Run run;
            try {
                run = simulate(workload, live, policy, outputs, whileRunning, staged);
            } catch (Workload.Restart restart) {
                // the jobs read first were not the trace's first (LiveTrace): the whole trace, simulated again
                Timings.record("schedule thrown away (" + restart.getMessage() + ")", scheduled);
                t = Timings.start();
                SwfTrace whole = live.whole();
                Timings.record("trace read again, whole", t);
                run = simulate(workload, LiveTrace.of(whole), policy, outputs, whileRunning, staged);
            }
            done = true;
            return run;
        } finally {
            if (!done && dir != null) {
                OutputDirectory.unstage(dir); // with the part of jobs.csv written into it
            }
            long ahead = SwfPrefetch.takenNanos();
            if (ahead > 0) {
                Timings.add("trace read ahead (background)", ahead);
            }
        }
    }

    /** Simulates the jobs of {@code trace}, which may still be being read ({@link LiveTrace}). */
    private static Run simulate(
            Path workload, LiveTrace trace, FlowPolicy policy, Outputs outputs, Runnable whileRunning, Path staged) {
        Workload jobs = trace.workload();
        if (jobs.size() == 0) { // only a trace read whole can have none (a live one starts with its first job)
            SwfTrace read = trace.finish();
            throw new InputFormatException(workload + ": no job to simulate: " + dropped(read));
        }
        long t = Timings.start();
        // jobs.csv is formatted and hashed on the second core as the jobs start, beside the schedule and the metrics
        JobsCsvFormatter jobsCsv = JobsCsvFormatter.start(staged);
        try {
            StartedJobsListener started = new StartedJobsListener() { // not a lambda: see the class's comment
                        @Override
                        public void started(JobTable table, int count) {
                            jobsCsv.started(table, count);
                            whileRunning.run();
                        }
                    };
            JobFlowSimulation.Replay replay =
                    JobFlowSimulation.of(Values.workloadName(workload)).replay(jobs, policy, started);
            SwfTrace read = trace.finish();
            Timings.record("schedule", t);
            if (trace.readNanos() > 0) {
                Timings.add("  of it, reading the trace", trace.readNanos());
            }
            if (outputs.report()) {
                Report.preparePageInBackground();
            }
            t = Timings.start();
            RunResult result = replay.result();
            Timings.record("metrics", t);
            return new Run(workload, read, result, jobsCsv);
        } catch (RuntimeException | Error e) {
            jobsCsv.cancel();
            if (e instanceof ExactSeconds.PastLimit past) { // a wait took a job's end past 2^53 s
                throw new InputFormatException(workload + ": " + past.getMessage(), past);
            }
            throw e;
        }
    }

    /**
     * Writes the run's result files and, as {@code outputs} asks, its report into {@code dir}, all or nothing
     * ({@link OutputDirectory}).
     *
     * @param command the command line shown under the report's title
     * @throws InputFormatException if {@code dir} may not be replaced or cannot be written
     */
    public static void write(Path dir, Run run, Outputs outputs, String command) {
        try {
            writeDirectory(dir, run, outputs, command);
        } finally {
            if (run.jobsCsv() != null) {
                run.jobsCsv().cancel(); // nothing when it is complete; else no thread is left behind
            }
            OutputDirectory.unstage(dir); // nothing when the write took the staged directory
        }
    }

    private static void writeDirectory(Path dir, Run run, Outputs outputs, String command) {
        OutputDirectory.write(
                dir,
                new OutputDirectory.Content() { // not a lambda: see the class's comment
                    @Override
                    public void writeInto(Path d) throws IOException {
                        // the result files are written on a second thread while the report is built
                        BackgroundTask<Void> files = new BackgroundTask<Void>() {
                            @Override
                            protected Void compute() throws IOException {
                                long t = Timings.start();
                                ResultsWriter.JobsFile jobs = run.jobsCsv() == null
                                        ? null
                                        : run.jobsCsv().await();
                                ResultsWriter.writeInto(d, run.result(), run.counts(), jobs);
                                Timings.record("files", t);
                                return null;
                            }
                        }.start("results-writer");
                        try {
                            if (outputs.report()) {
                                long t = Timings.start();
                                // the page (a megabyte and more) is hashed for the manifest on another thread as it is
                                // written
                                outputs.configure(SimulationReport.of(run.result(), run.counts(), command))
                                        .writeTo(d, HASHED);
                                Timings.record("report", t);
                            }
                        } finally {
                            await(files); // also when the report failed: the directory is removed only after the
                            // writer is done
                        }
                    }
                });
    }

    /** {@code results/simulate-<trace without .swf/.gz>-<policy>}. */
    public static Path defaultDirectory(Path workload, FlowPolicy policy) {
        return Path.of("results", "simulate-" + Values.traceName(workload) + "-" + policy.shortName());
    }

    private static void await(BackgroundTask<Void> task) throws IOException {
        try {
            task.await();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Why every record was dropped, e.g. "all 2 records were skipped or rejected (runtimeNotPositive: 2 ...)". */
    private static String dropped(SwfTrace trace) {
        StringBuilder rules = new StringBuilder();
        for (SwfRule r : SwfRule.values()) {
            long c = trace.count(r);
            if (c > 0 && r.action() != SwfRule.Action.ADJUSTED) {
                rules.append(rules.length() == 0 ? "" : ", ")
                        .append(r.key())
                        .append(": ")
                        .append(c)
                        .append(" (")
                        .append(r.description())
                        .append(')');
            }
        }
        String hint = trace.count(SwfRule.LARGER_THAN_MACHINE) > 0
                ? "; a larger machine (simulate --processors) admits them"
                : "";
        return "all " + trace.records() + " records were skipped or rejected (" + rules + ")" + hint
                + "; the reader rules are in docs/simulate.md";
    }
}
