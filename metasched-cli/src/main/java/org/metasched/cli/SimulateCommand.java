package org.metasched.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.results.ResultsWriter;
import org.metasched.io.swf.SwfFormatException;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfRule;
import org.metasched.io.swf.SwfTrace;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Replays an SWF trace on a homogeneous machine under FCFS, EASY or conservative backfilling. */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        description = "Replay an SWF workload trace under a job-flow policy; print the summary and write jobs.csv,"
                + " summary.json, timeseries.csv and report.html (with PNG charts and a Gantt chart).")
public final class SimulateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--workload", required = true, paramLabel = "FILE", description = "SWF trace, plain or .gz")
    Path workload;

    @Option(names = "--policy", required = true, paramLabel = "NAME", description = "fcfs, easy or conservative")
    String policy;

    @Option(
            names = "--processors",
            paramLabel = "P",
            description = "machine size (default: the trace's MaxProcs, else MaxNodes header)")
    int processors;

    @Option(names = "--jobs", paramLabel = "N", description = "simulate only the first N accepted jobs")
    int jobs;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "output directory (default: results/simulate-<workload>-<policy>)")
    Path out;

    @Option(
            names = "--size",
            paramLabel = "FIELD",
            defaultValue = "allocated",
            description = "job size from 'allocated' (field 5, default) or 'requested' (field 8) processors;"
                    + " the other field is the fallback when it is -1")
    String size;

    @Option(
            names = "--no-report",
            description = "write only jobs.csv, summary.json and timeseries.csv, not report.html and its images"
                    + " (saves about 0.4 s on a 28,000-job trace)")
    boolean noReport;

    @Option(
            names = "--no-kill",
            description = "raise a short estimate to the run time instead of killing the job at its estimate")
    boolean noKill;

    @Override
    public void run() {
        FlowPolicy p = FlowPolicy.byName(policy);
        SwfOptions options = options();
        Path dir = out != null ? out : Path.of("results", "simulate-" + baseName(workload) + "-" + p.shortName());
        ResultsWriter.requireWritable(dir);
        RunResult result = simulate(workload, p, options);
        try {
            ResultsWriter.write(dir, result, d -> {
                if (!noReport) {
                    SimulationReport.of(result, commandLine(p)).writeTo(d);
                }
            });
        } catch (UncheckedIOException e) {
            throw new InputException(e.getMessage(), e);
        }
        print(spec.commandLine().getOut(), result.summary(), options.overrun());
        spec.commandLine().getOut().println("wrote " + dir);
    }

    private String commandLine(FlowPolicy p) {
        return "metasched simulate --workload " + workload + " --policy " + p.shortName()
                + (processors > 0 ? " --processors " + processors : "")
                + (jobs > 0 ? " --jobs " + jobs : "")
                + (noKill ? " --no-kill" : "")
                + (size.equalsIgnoreCase("allocated") ? "" : " --size " + size);
    }

    private SwfOptions options() {
        if (processors < 0) {
            throw new InputException("--processors: bad value " + processors + ", expected a positive number");
        }
        if (jobs < 0) {
            throw new InputException("--jobs: bad value " + jobs + ", expected a positive number");
        }
        SwfOptions.SizeField field =
                switch (size.toLowerCase(Locale.ROOT)) {
                    case "allocated" -> SwfOptions.SizeField.ALLOCATED;
                    case "requested" -> SwfOptions.SizeField.REQUESTED;
                    default -> throw new InputException(
                            "--size: bad value '" + size + "', expected allocated or requested");
                };
        return SwfOptions.DEFAULTS
                .withSize(field)
                .withOverrun(noKill ? SwfOptions.Overrun.EXTEND : SwfOptions.Overrun.KILL)
                .withMachineProcessors(processors)
                .withMaxJobs(jobs);
    }

    /**
     * Reads and simulates one trace: the hook for reports. The result holds the per-job records (with processor
     * ids for Gantt charts), the summary (with the reader's per-rule counts) and the sampled time series.
     *
     * @throws InputException if the trace is missing, empty or garbled
     */
    public static RunResult simulate(Path workload, FlowPolicy policy, SwfOptions options) {
        SwfTrace trace;
        try {
            trace = new SwfReader(options).read(workload);
        } catch (SwfFormatException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (trace.workload().size() == 0) {
            throw new InputException(workload + ": no job to simulate: " + dropped(trace));
        }
        JobFlowSimulation sim = new JobFlowSimulation(
                workload.getFileName().toString(),
                trace.skipped(),
                trace.rejected(),
                trace.adjusted(),
                trace.countsByKey());
        return sim.run(trace.workload(), policy);
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
        String hint = trace.count(SwfRule.LARGER_THAN_MACHINE) > 0 ? "; a larger --processors admits them" : "";
        return "all " + trace.records() + " records were skipped or rejected (" + rules + ")" + hint
                + "; the reader rules are in docs/simulate.md";
    }

    static String baseName(Path workload) {
        String name = workload.getFileName().toString();
        for (String suffix : new String[] {".gz", ".swf"}) {
            if (name.endsWith(suffix)) {
                name = name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    static void print(PrintWriter o, RunSummary s, SwfOptions.Overrun overrun) {
        o.printf(Locale.ROOT, "workload      %s%n", s.workload());
        o.printf(Locale.ROOT, "policy        %s on %d processors%n", s.policy(), s.processors());
        o.printf(
                Locale.ROOT,
                "jobs          %d simulated, %d skipped, %d rejected, %d adjusted, %d killed at estimate%n",
                s.jobs(),
                s.skipped(),
                s.rejected(),
                s.adjusted(),
                s.killed());
        o.printf(Locale.ROOT, "%-20s %14s %14s %14s %14s%n", "", "mean", "p50", "p90", "p99");
        row(o, "wait (s)", s.waitSeconds());
        row(o, "response (s)", s.responseSeconds());
        row(o, "bounded slowdown", s.boundedSlowdown());
        o.printf(Locale.ROOT, "utilization   %.4f%n", s.utilization());
        o.printf(Locale.ROOT, "makespan      %d s (last end - first submit)%n", s.makespanSeconds());
        o.printf(Locale.ROOT, "LoC           %.3f %%%n", s.lossOfCapacityPercent());
        o.println("records by reader rule:");
        for (SwfRule r : SwfRule.values()) {
            Long c = s.recordCounts().get(r.key());
            String what = r == SwfRule.ESTIMATE_SHORT && overrun == SwfOptions.Overrun.EXTEND
                    ? "requested time < run time: estimate raised to the run time (--no-kill)"
                    : r.description();
            o.printf(Locale.ROOT, "  %-20s %8d  %s%n", r.key(), c == null ? 0 : c, what);
        }
    }

    private static void row(PrintWriter o, String name, Distribution d) {
        o.printf(Locale.ROOT, "%-20s %14.2f %14.2f %14.2f %14.2f%n", name, d.mean(), d.p50(), d.p90(), d.p99());
    }
}
