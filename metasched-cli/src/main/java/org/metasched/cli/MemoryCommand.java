package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryPolicy;
import org.metasched.memory.MemorySummary;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.memory.MemoryPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A multicore cluster sharing memory between core pools (paper P004, {@link MemoryPipeline}). */
@Command(
        name = "memory",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Simulate machines whose cores share memory, with one FCFS queue and one core pool per memory class"
                    + " (paper P004): adaptive re-provisioning of the pools against static pools and a shared pool.",
            "Prints the summary; writes jobs.csv, timeseries.csv, summary.json and report.html (columns in"
                    + " docs/memory.md)."
        },
        footer = {"", "Example: metasched memory --policy adaptive --workload peak --runs 10"})
final class MemoryCommand implements Callable<Integer>, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--workload",
            paramLabel = "W",
            order = HelpLayout.INPUTS,
            description = "stable or peak (generated Poisson streams, spec 6.6), or an SWF trace FILE.swf[.gz]"
                    + " (default: peak).")
    String workload;

    @Option(
            names = "--policy",
            paramLabel = "NAME",
            order = HelpLayout.POLICY,
            converter = PolicyName.class,
            completionCandidates = PolicyName.class,
            description = "${COMPLETION-CANDIDATES} (case-insensitive; default: adaptive).")
    MemoryPolicy policy;

    @Option(
            names = "--machines",
            paramLabel = "N",
            order = HelpLayout.POLICY + 1,
            converter = Options.PositiveInt.class,
            description = "Machines, at least 1 (default: 5).")
    Integer machines;

    @Option(
            names = "--cores",
            paramLabel = "S",
            order = HelpLayout.POLICY + 2,
            converter = Options.PositiveInt.class,
            description = "Cores per machine, at least 1 (default: 2).")
    Integer cores;

    @Option(
            names = "--memory",
            paramLabel = "R",
            order = HelpLayout.POLICY + 3,
            converter = Options.PositiveInt.class,
            description = "GiB of memory per machine, shared by its cores, at least 1 (default: 4).")
    Integer memory;

    @Option(
            names = "--classes",
            paramLabel = "G,...",
            order = HelpLayout.POLICY + 4,
            description = "Memory classes in GiB, strictly increasing, each at most R (default: 1,2,3).")
    String classes;

    @Option(
            names = "--threshold",
            paramLabel = "TR",
            order = HelpLayout.POLICY + 5,
            converter = Options.RealNumber.class,
            description = "Adaptive policy only: re-provision when a queue's occupancy share exceeds its core share"
                    + " by more than TR, in [0, 1] (default: 0.1).")
    Double threshold;

    @Option(
            names = "--load",
            paramLabel = "L",
            order = HelpLayout.EXPERIMENT,
            converter = Options.RealNumber.class,
            description = "Offered load, the fraction of cores busy on average, above 0 (default: 0.8 for a stream;"
                    + " for a trace its arrival times are scaled to it, else kept).")
    Double load;

    @Option(
            names = "--duration",
            paramLabel = "D",
            order = HelpLayout.EXPERIMENT + 1,
            converter = Options.RealNumber.class,
            description = "Streams only: arrivals in [0, D) seconds, D above 0 (default: 20; the peak is its second"
                    + " quarter).")
    Double duration;

    @Option(
            names = "--mean-service",
            paramLabel = "E",
            order = HelpLayout.EXPERIMENT + 2,
            converter = Options.RealNumber.class,
            description = "Streams only: mean of the exponential service times in seconds, above 0 (default: 1).")
    Double meanService;

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
    public Integer call() {
        Outputs outputs = report.outputs();
        MemoryConfig config = config();
        Path dir = output.checked(MemoryPipeline.defaultDirectory(config)); // before the work, not after it
        MemoryPipeline.Result result;
        try (Progress p = progress.open(spec, "memory", config.traceWorkload() ? 1 : config.runs())) {
            result = MemoryPipeline.run(config, config.traceWorkload() ? load : null, p);
        }
        MemoryPipeline.write(dir, result, outputs, commandLine(config));
        PrintWriter o = spec.commandLine().getOut();
        print(o, result);
        o.println("wrote " + dir);
        o.flush();
        return 0;
    }

    private MemoryConfig config() {
        MemoryConfig d = MemoryConfig.defaults();
        MemoryPolicy p = policy == null ? d.policy() : policy;
        String w = workload == null ? d.workload() : workload;
        String lower = Options.name(w);
        if (lower.equals("stable") || lower.equals("peak")) {
            w = lower;
        }
        MemoryConfig c = new MemoryConfig(
                p,
                machines == null ? d.machines() : machines,
                cores == null ? d.coresPerMachine() : cores,
                memory == null ? d.memoryGiB() : memory,
                classes == null ? d.classesGiB() : MemoryConfig.classes(classes),
                threshold == null ? d.threshold() : threshold,
                w,
                load == null ? d.load() : load,
                duration == null ? d.durationSeconds() : duration,
                meanService == null ? d.meanServiceSeconds() : meanService,
                runs.or(1),
                seed.or(d.seed()));
        if (threshold != null && c.policy() != MemoryPolicy.ADAPTIVE) {
            throw new InputFormatException("--threshold: only the adaptive policy has a threshold; policy " + c.policy()
                    + " ignores it (leave --threshold out)");
        }
        if (c.traceWorkload()) {
            if (duration != null || meanService != null) {
                throw new InputFormatException((duration != null ? "--duration" : "--mean-service")
                        + ": only the generated streams have it; the trace " + w + " brings its own times");
            }
            if (c.runs() > 1) {
                throw new InputFormatException("--runs " + c.runs() + ": a trace is one deterministic run; --runs is"
                        + " for the generated streams");
            }
        }
        return c;
    }

    private String commandLine(MemoryConfig c) {
        StringBuilder b = new StringBuilder("metasched memory --policy " + c.policy() + " --workload " + c.workload());
        if (machines != null || cores != null || memory != null) {
            b.append(" --machines ").append(c.machines()).append(" --cores ").append(c.coresPerMachine());
            b.append(" --memory ").append(c.memoryGiB());
        }
        if (classes != null) {
            b.append(" --classes ").append(join(c.classesGiB()));
        }
        if (threshold != null) {
            b.append(" --threshold ").append(c.threshold());
        }
        if (load != null) {
            b.append(" --load ").append(c.load());
        }
        if (duration != null) {
            b.append(" --duration ").append(c.durationSeconds());
        }
        if (meanService != null) {
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
                "cluster       %d machines x %d cores sharing %d GiB; classes %s GiB%n",
                c.machines(),
                c.coresPerMachine(),
                c.memoryGiB(),
                join(c.classesGiB()));
        o.printf(
                Locale.ROOT,
                "policy        %s%s%n",
                c.policy(),
                c.policy() == MemoryPolicy.ADAPTIVE ? " (threshold " + Numbers.format(c.threshold()) + ")" : "");
        o.printf(
                Locale.ROOT,
                "jobs          %d (first run), window %s to %s s%n",
                s.jobs(),
                Numbers.format(s.windowStartSeconds()),
                Numbers.format(s.windowEndSeconds()));
        o.printf(Locale.ROOT, "utilization   cores %.4f, memory %.4f%n", s.coreUtilization(), s.memoryUtilization());
        o.printf(
                Locale.ROOT,
                "flowtime (s)  mean %s, p95 %s; wait mean %s%n",
                Numbers.format(s.meanFlowtimeSeconds()),
                Numbers.format(s.p95FlowtimeSeconds()),
                Numbers.format(s.meanWaitSeconds()));
        o.printf(Locale.ROOT, "re-provisionings %d%n", s.reprovisionings());
        o.printf(
                Locale.ROOT,
                "%-14s %8s %14s %14s %12s %10s%n",
                "class",
                "jobs",
                "mean flowtime",
                "p95 flowtime",
                "mean queue",
                "mean pool");
        for (ClassSummary k : s.classes()) {
            o.printf(
                    Locale.ROOT,
                    "%-14s %8d %14s %14s %12s %10s%n",
                    k.memoryClass() + " (" + k.memoryGiB() + " GiB)",
                    k.jobs(),
                    Numbers.format(k.meanFlowtimeSeconds()),
                    Numbers.format(k.p95FlowtimeSeconds()),
                    Numbers.format(k.meanQueueLength()),
                    Numbers.format(k.meanPoolSize()));
        }
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            o.printf(
                    Locale.ROOT,
                    "over %d runs: %-18s %s +- %s (95 %%)%n",
                    result.summaries().size(),
                    e.getKey(),
                    Numbers.format(e.getValue()[0]),
                    Numbers.format(e.getValue()[1]));
        }
        if (!result.recordCounts().isEmpty()) {
            o.println("records by reader and memory rule:");
            result.recordCounts().forEach((k, v) -> o.printf(Locale.ROOT, "  %-24s %8d%n", k, v));
        }
    }

    private static String join(List<Integer> values) {
        List<String> s = new ArrayList<>();
        values.forEach(v -> s.add(Integer.toString(v)));
        return String.join(",", s);
    }

    /** A memory policy by name, case-insensitively; its names for the help text and shell completion. */
    static final class PolicyName extends Options.Named<MemoryPolicy> {
        PolicyName() {
            super(MemoryPolicy.REGISTRY);
        }
    }
}
