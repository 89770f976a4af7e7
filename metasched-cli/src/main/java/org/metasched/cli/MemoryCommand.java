package org.metasched.cli;

import static org.metasched.memory.MemoryParameters.CLASSES;
import static org.metasched.memory.MemoryParameters.CORES;
import static org.metasched.memory.MemoryParameters.DURATION;
import static org.metasched.memory.MemoryParameters.LOAD;
import static org.metasched.memory.MemoryParameters.MACHINES;
import static org.metasched.memory.MemoryParameters.MEAN_SERVICE;
import static org.metasched.memory.MemoryParameters.MEMORY;
import static org.metasched.memory.MemoryParameters.THRESHOLD;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryParameters;
import org.metasched.memory.MemoryPolicy;
import org.metasched.memory.MemorySummary;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameters;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.memory.MemoryPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A multicore cluster sharing memory between core pools (paper P004, {@link MemoryPipeline}). */
@Command(
        name = "memory",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Simulate machines whose cores share memory, with one FCFS queue and one core pool per memory class"
                    + " (paper P004): adaptive re-provisioning of the pools against static pools and a shared pool.",
            "Prints the summary and writes jobs.csv, timeseries.csv, summary.json and a report, report.html;"
                    + " docs/memory.md describes their columns."
        },
        footer = {"", "Example: metasched memory --policy adaptive --workload peak --runs 10"})
final class MemoryCommand implements Callable<Integer>, Main.HelpDefaults, SchemaOptions.Declared {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Runs runs;

    @Mixin
    Options.Seed seed;

    @Mixin
    Options.Output output;

    @Mixin
    Options.Report report;

    @Mixin
    Options.ProgressDisplay progress;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of(
                "DEFAULT-RUNS", "1",
                "DEFAULT-SEED", Long.toString(MemoryConfig.DEFAULT_SEED),
                "DEFAULT-OUT", "results/memory-WORKLOAD-POLICY");
    }

    @Override
    public Parameters schema() {
        return MemoryParameters.ALL;
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        Parameters.Values given = SchemaOptions.values(spec, MemoryParameters.ALL);
        MemoryConfig config = config(given);
        Path dir = output.checked(MemoryPipeline.defaultDirectory(config)); // before the work, not after it
        MemoryPipeline.Result result;
        try (Progress p = progress.open(spec, "memory", config.traceWorkload() ? 1 : config.runs())) {
            result = MemoryPipeline.run(config, config.traceWorkload() && given.has(LOAD) ? config.load() : null, p);
        }
        MemoryPipeline.write(dir, result, outputs, commandLine(config, given));
        PrintWriter o = spec.commandLine().getOut();
        print(o, result);
        o.println("wrote " + dir);
        o.flush();
        return 0;
    }

    private MemoryConfig config(Parameters.Values given) {
        MemoryConfig c = MemoryParameters.config(given, runs.or(1), seed.or(MemoryConfig.DEFAULT_SEED));
        if (c.traceWorkload()) {
            if (given.has(DURATION) || given.has(MEAN_SERVICE)) {
                throw new InputFormatException((given.has(DURATION) ? "--duration" : "--mean-service")
                        + ": only the generated streams have it; the trace " + c.workload() + " brings its own times");
            }
            if (c.runs() > 1) {
                throw new InputFormatException("--runs " + c.runs() + ": a trace is one deterministic run; --runs is"
                        + " for the generated streams");
            }
            if (seed.seed != null) { // no random stream: the trace gives the jobs, the policies draw nothing
                throw new InputFormatException(
                        "--seed " + seed.seed + ": a trace is one deterministic run that draws no"
                                + " random numbers; --seed is for the generated streams");
            }
        }
        return c;
    }

    private static String commandLine(MemoryConfig c, Parameters.Values given) {
        StringBuilder b = new StringBuilder("metasched memory --policy " + c.policy() + " --workload " + c.workload());
        if (given.has(MACHINES) || given.has(CORES) || given.has(MEMORY)) {
            b.append(" --machines ").append(c.machines()).append(" --cores ").append(c.coresPerMachine());
            b.append(" --memory ").append(c.memoryGiB());
        }
        if (given.has(CLASSES)) {
            b.append(" --classes ").append(join(c.classesGiB()));
        }
        if (given.has(THRESHOLD)) {
            b.append(" --threshold ").append(c.threshold());
        }
        if (given.has(LOAD)) {
            b.append(" --load ").append(c.load());
        }
        if (given.has(DURATION)) {
            b.append(" --duration ").append(c.durationSeconds());
        }
        if (given.has(MEAN_SERVICE)) {
            b.append(" --mean-service ").append(c.meanServiceSeconds());
        }
        if (c.runs() > 1) {
            b.append(" --runs ").append(c.runs());
        }
        return b.append(" --seed ").append(c.seed()).toString();
    }

    static void print(PrintWriter o, MemoryPipeline.Result result) {
        MemoryConfig c = result.config();
        MemorySummary s = result.summaries().get(0);
        o.printf(Locale.ROOT, "workload      %s%n", c.workload());
        o.printf(
                Locale.ROOT,
                "cluster       %s x %s sharing %d GiB; classes %s GiB%n",
                Values.counted("%d", c.machines(), "machine"),
                Values.counted("%d", c.coresPerMachine(), "core"),
                c.memoryGiB(),
                join(c.classesGiB()));
        o.printf(
                Locale.ROOT,
                "policy        %s%s%n",
                c.policy(),
                c.policy() == MemoryPolicy.ADAPTIVE ? " (threshold " + Numbers.shown(c.threshold()) + ")" : "");
        o.printf(
                Locale.ROOT,
                "jobs          %d (first run), window %s to %s s%n",
                s.jobs(),
                Numbers.shown(s.windowStartSeconds()),
                Numbers.shown(s.windowEndSeconds()));
        // a number that is not 0 never shows as 0 (Numbers.shown); every other one as with %.4f or format
        o.printf(
                Locale.ROOT,
                "utilization   cores %s, memory %s%n",
                Numbers.shownFixed(s.coreUtilization(), 4),
                Numbers.shownFixed(s.memoryUtilization(), 4));
        o.printf(
                Locale.ROOT,
                "flowtime (s)  mean %s, p95 %s; wait mean %s%n",
                Numbers.shown(s.meanFlowtimeSeconds()),
                Numbers.shown(s.p95FlowtimeSeconds()),
                Numbers.shown(s.meanWaitSeconds()));
        o.printf(Locale.ROOT, "re-provisionings %d%n", s.reprovisionings());
        Table t = new Table("%-14s %8s %14s %14s %12s %10s%n"); // widening to a wider cell, a tiny number's digits
        t.row("class", "jobs", "mean flowtime", "p95 flowtime", "mean queue", "mean pool");
        for (ClassSummary k : s.classes()) {
            t.row(
                    k.memoryClass() + " (" + k.memoryGiB() + " GiB)",
                    k.jobs(),
                    Numbers.shown(k.meanFlowtimeSeconds()),
                    Numbers.shown(k.p95FlowtimeSeconds()),
                    Numbers.shown(k.meanQueueLength()),
                    Numbers.shown(k.meanPoolSize()));
        }
        t.print(o);
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            o.printf(
                    Locale.ROOT,
                    "over %s: %-18s %s +- %s (95 %%%s)%n",
                    Values.runs(result.summaries().size()),
                    e.getKey(),
                    Numbers.shown(e.getValue()[0]),
                    Numbers.shown(e.getValue()[1]),
                    withJobs(e.getValue()));
        }
        if (!result.recordCounts().isEmpty()) {
            o.println("records by reader and memory rule:");
            result.recordCounts().forEach((k, v) -> o.printf(Locale.ROOT, "  %-24s %8d%n", k, v));
        }
    }

    /** ", over the n runs with jobs" for a mean over fewer runs than all (a run without jobs has no flowtime). */
    private static String withJobs(double[] overRuns) {
        if (overRuns.length < 3) {
            return "";
        }
        long n = (long) overRuns[2];
        return ", over the " + Values.counted("%d", n, "run") + " with jobs";
    }

    private static String join(List<Integer> values) {
        List<String> s = new ArrayList<>();
        values.forEach(v -> s.add(Integer.toString(v)));
        return String.join(",", s);
    }
}
