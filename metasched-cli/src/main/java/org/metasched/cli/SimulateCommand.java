package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.flow.FlowPolicy;
import org.metasched.io.OutputDirectory;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfRule;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.RunSummary;
import org.metasched.model.Parameters;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.trace.SimulateParameters;
import org.metasched.pipeline.trace.Timings;
import org.metasched.pipeline.trace.TracePipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Replays an SWF trace ({@link TracePipeline}): parses, runs the pipeline, prints the summary. */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Replay an SWF workload trace under a job-flow policy on a homogeneous machine.",
            "Prints the summary and writes jobs.csv, summary.json, timeseries.csv and a report, report.html;"
                    + " docs/outputs.md describes their columns, docs/simulate.md the reader's rules."
        },
        footer = {
            "",
            "Example: metasched simulate --workload examples/small.swf --policy easy",
            "Real traces: the Parallel Workloads Archive (docs/simulate.md), e.g. KTH-SP2-1996-2.1-cln.swf.gz."
        })
final class SimulateCommand implements Callable<Integer>, Main.HelpDefaults, SchemaOptions.Declared {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--timings",
            order = HelpLayout.GENERAL,
            description = "Print the wall time of each stage (start-up, parsing, trace read, schedule, metrics,"
                    + " files, report) on standard error at the end; the same as METASCHED_TIMINGS=1.")
    boolean timings;

    @Option(
            names = "--no-progress",
            order = HelpLayout.GENERAL + 1,
            description = "Print no progress: simulate never does (a trace takes seconds); accepted so that a script"
                    + " can pass it to every command.")
    boolean noProgress;

    @Mixin
    Options.Output output;

    @Mixin
    Options.Report report;

    /** Where the summary goes when the command runs without picocli's model ({@link SimulateArguments}). */
    PrintWriter out;

    /** The options' values when the command runs without picocli's model, else null (picocli's are read). */
    Parameters.Values values;

    @Override
    public Parameters schema() {
        return SimulateParameters.COMMAND;
    }

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of("DEFAULT-OUT", "results/simulate-TRACE-POLICY");
    }

    @Override
    public Integer call() {
        if (timings) {
            Timings.request();
        }
        Outputs outputs = report.outputs();
        Parameters.Values v = values != null ? values : SchemaOptions.values(spec, schema());
        Path workload = v.get(SimulateParameters.WORKLOAD);
        FlowPolicy policy = v.get(SimulateParameters.POLICY);
        SwfOptions options = SimulateParameters.options(v);
        // before the work, not after it; the content of an earlier output's files is read beside the work (a large
        // trace's jobs.csv takes as long to read as the schedule of a small one)
        Path dir = output.checkedAhead(TracePipeline.defaultDirectory(workload, policy));
        TracePipeline.Run run;
        try {
            // a changed file found by the reading ahead stops the schedule early
            Runnable check = new Runnable() { // not a lambda: docs/performance.md, "No lambdas on simulate's path"
                        @Override
                        public void run() {
                            OutputDirectory.checkAheadResult(dir, false);
                        }
                    };
            run = TracePipeline.simulate(workload, policy, options, outputs, check, dir);
        } catch (RuntimeException e) {
            OutputDirectory.checkAheadResult(dir, true); // the directory's refusal first, as when read before the work
            throw e;
        }
        TracePipeline.write(dir, run, outputs, commandLine(workload, policy, options));
        PrintWriter o = out != null ? out : spec.commandLine().getOut();
        print(o, run.result().summary(), run.counts(), options.overrun());
        o.println("wrote " + dir);
        o.flush();
        return 0;
    }

    private static String commandLine(Path workload, FlowPolicy policy, SwfOptions options) {
        return "metasched simulate --workload " + workload + " --policy " + policy.shortName()
                + (options.machineProcessors() > 0 ? " --processors " + options.machineProcessors() : "")
                + (options.maxJobs() > 0 ? " --jobs " + options.maxJobs() : "")
                + (options.overrun() == SwfOptions.Overrun.EXTEND ? " --no-kill" : "")
                + (options.size() == SwfOptions.SizeField.ALLOCATED ? "" : " --size requested");
    }

    // without printf: java.util.Formatter's set-up is tens of milliseconds of the last stage under C1 (Numbers.fixed)
    static void print(PrintWriter o, RunSummary s, ReaderCounts counts, SwfOptions.Overrun overrun) {
        o.println("workload      " + s.workload());
        o.println("policy        " + s.policy() + " on " + s.processors() + " processors");
        o.println("jobs          " + s.jobs() + " simulated, " + counts.skipped() + " skipped, " + counts.rejected()
                + " rejected, " + counts.adjusted() + " adjusted, " + s.killed() + " killed at estimate");
        o.println(Numbers.left("", 20) + " " + Numbers.right("mean", 14) + " " + Numbers.right("p50", 14) + " "
                + Numbers.right("p90", 14) + " " + Numbers.right("p99", 14));
        row(o, "wait (s)", s.waitSeconds());
        row(o, "response (s)", s.responseSeconds());
        row(o, "bounded slowdown", s.boundedSlowdown());
        o.println("utilization   " + Numbers.fixed(s.utilization(), 4));
        o.println("makespan      " + s.makespanSeconds() + " s (last end - first submit)");
        o.println("LoC           " + Numbers.fixed(s.lossOfCapacityPercent(), 3) + " %");
        o.println("records by reader rule:");
        for (SwfRule r : SwfRule.values()) {
            Long c = counts.byRule().get(r.key());
            String what = r == SwfRule.ESTIMATE_SHORT && overrun == SwfOptions.Overrun.EXTEND
                    ? "requested time < run time: estimate raised to the run time (--no-kill)"
                    : r.description();
            o.println("  " + Numbers.left(r.key(), 20) + " " + Numbers.right(Long.toString(c == null ? 0 : c), 8) + "  "
                    + what);
        }
    }

    private static void row(PrintWriter o, String name, Distribution d) {
        StringBuilder b = new StringBuilder(Numbers.left(name, 20));
        for (double v : new double[] {d.mean(), d.p50(), d.p90(), d.p99()}) {
            b.append(' ').append(Numbers.right(Numbers.fixed(v, 2), 14));
        }
        o.println(b);
    }
}
