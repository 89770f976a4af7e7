package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.gang.ClockModel;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangSummary;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.gang.GangPipeline;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Gang scheduling on a multicluster grid (paper P001, {@link GangPipeline}). */
@Command(
        name = "gang",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Replay an SWF trace on a grid of clusters with per-processor queues and gang starts (paper P001): a"
                    + " grid dispatcher, a local dispatcher (OLB or JSEQ) and a queue policy, with or without"
                    + " migration.",
            "Prints the summary; writes jobs.csv, tasks.csv, processors.csv, summary.json and report.html (columns"
                    + " in docs/gang.md)."
        },
        footer = {
            "",
            "Example: metasched gang --workload examples/small.swf --clusters 8,16 --dispatch jseq --policy afcfs-m"
        })
final class GangCommand implements Callable<Integer>, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--workload",
            required = true,
            paramLabel = "FILE",
            order = HelpLayout.INPUTS,
            description = "The SWF trace, plain or gzipped.")
    Path workload;

    @Option(
            names = "--clusters",
            paramLabel = "M,...",
            order = HelpLayout.POLICY,
            description = "Processors of each cluster, each at least 1 (default: 128,256, the paper's grid).")
    String clusters;

    @Option(
            names = "--dispatch",
            paramLabel = "NAME",
            order = HelpLayout.POLICY + 1,
            completionCandidates = DispatchNames.class,
            description = "Local dispatcher: ${COMPLETION-CANDIDATES} (case-insensitive; default: olb).")
    String dispatch;

    @Option(
            names = "--policy",
            paramLabel = "NAME",
            order = HelpLayout.POLICY + 2,
            completionCandidates = PolicyNames.class,
            description = "Queue policy, '-m' with migration: ${COMPLETION-CANDIDATES} (case-insensitive;"
                    + " default: afcfs).")
    String policy;

    @Option(
            names = "--start-rule",
            paramLabel = "NAME",
            order = HelpLayout.POLICY + 3,
            completionCandidates = StartRuleNames.class,
            description = "When a waiting job starts: queue-heads (the default, spec D13 v2: each of its tasks heads"
                    + " its processor's queue and those processors are idle) or adapted (D13 v1: as soon as its"
                    + " processors are idle, wherever it sits in their queues).")
    String startRule;

    @Option(
            names = "--clock",
            paramLabel = "KIND",
            order = HelpLayout.POLICY + 4,
            description = "Processor clock rates: homogeneous (all 2000 MHz) or heterogeneous (each drawn from the"
                    + " paper's 1500-3500 MHz list; the default).")
    String clock;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            order = HelpLayout.POLICY + 5,
            converter = Options.PositiveInt.class,
            description = "Only the first N jobs the reader accepts, at least 1 (default: all).")
    Integer jobs;

    @Mixin
    Options.Runs runs;

    @Mixin
    Options.Seed seed;

    @Mixin
    Options.Threads threads;

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
                "DEFAULT-SEED", Long.toString(GangConfig.DEFAULTS.seed()),
                "DEFAULT-OUT", "results/gang-TRACE-DISPATCH-POLICY");
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        GangConfig config = config();
        Path dir = output.checked(GangPipeline.defaultDirectory(workload, config)); // before the work, not after it
        int r = runs.or(1);
        GangPipeline.Result result;
        try (Progress p = progress.open(spec, "gang", r)) {
            result = GangPipeline.run(workload, config, jobs == null ? 0 : jobs, r, threads.get(), p);
        }
        GangPipeline.write(dir, result, outputs, commandLine(config, r));
        PrintWriter o = spec.commandLine().getOut();
        print(o, result);
        o.println("wrote " + dir);
        o.flush();
        return 0;
    }

    private GangConfig config() {
        GangConfig c = GangConfig.DEFAULTS;
        if (clusters != null) {
            c = c.withClusters(GangConfig.clusters(clusters));
        }
        if (dispatch != null) {
            c = c.withDispatch(named("--dispatch", dispatch, GangRegistries.DISPATCHERS));
        }
        if (policy != null) {
            c = c.withPolicy(named("--policy", policy, GangRegistries.POLICIES));
        }
        if (startRule != null) {
            c = c.withStartRule(GangRegistries.create(
                    GangRegistries.START_RULES, named("--start-rule", startRule, GangRegistries.START_RULES)));
        }
        if (clock != null) {
            c = c.withClocks(
                    switch (Options.name(clock)) {
                        case "homogeneous" -> ClockModel.HOMOGENEOUS;
                        case "heterogeneous" -> ClockModel.HETEROGENEOUS;
                        default -> throw new InputFormatException("--clock: unknown clock model '" + Text.cut(clock)
                                + "', expected homogeneous or heterogeneous");
                    });
        }
        return c.withSeed(seed.or(GangConfig.DEFAULTS.seed()));
    }

    /** The canonical name of the entry {@code value} names in {@code registry}, or the option's one-line error. */
    private static String named(String option, String value, Registry<? extends Registered> registry) {
        return registry.find(value.trim())
                .map(Registered::name)
                .orElseThrow(() -> new InputFormatException(option + ": unknown name '" + Text.cut(value)
                        + "', expected one of " + String.join(", ", registry.names())));
    }

    private String commandLine(GangConfig c, int r) {
        StringBuilder b = new StringBuilder("metasched gang --workload " + workload + " --clusters ");
        List<String> sizes = new ArrayList<>();
        c.clusterProcessors().forEach(m -> sizes.add(Integer.toString(m)));
        b.append(String.join(",", sizes)).append(" --dispatch ").append(c.dispatch());
        b.append(" --policy ").append(c.policy());
        b.append(" --start-rule ").append(GangRegistries.name(c.startRule())).append(" --clock ");
        b.append(c.clocks().name().toLowerCase(Locale.ROOT));
        if (jobs != null) {
            b.append(" --jobs ").append(jobs);
        }
        if (r > 1) {
            b.append(" --runs ").append(r);
        }
        return b.append(" --seed ").append(c.seed()).toString();
    }

    static void print(PrintWriter o, GangPipeline.Result result) {
        GangConfig c = result.config();
        GangSummary s = result.summaries().get(0);
        o.printf(Locale.ROOT, "workload      %s%n", result.workload().getFileName());
        o.printf(
                Locale.ROOT,
                "grid          clusters %s, %s clocks; dispatch %s, policy %s, start rule %s%n",
                c.clusterProcessors(),
                c.clocks().name().toLowerCase(Locale.ROOT),
                c.dispatch(),
                c.policy(),
                GangRegistries.name(c.startRule()));
        o.printf(
                Locale.ROOT,
                "jobs          %d accepted by the reader, %d executed, %d rejected (larger than every cluster)%n",
                s.jobs(),
                s.executedJobs(),
                s.rejectedJobs());
        o.printf(Locale.ROOT, "ART           %s s%n", Numbers.format(s.artSeconds(), 1));
        o.printf(Locale.ROOT, "AWT           %s s%n", Numbers.format(s.awtSeconds(), 1));
        o.printf(
                Locale.ROOT,
                "LoC           %.3f %% grid-wide; per cluster %s%n",
                s.lossOfCapacityPercent(),
                s.clusterLossOfCapacityPercent().stream()
                        .map(v -> String.format(Locale.ROOT, "%.3f", v))
                        .toList());
        o.printf(
                Locale.ROOT,
                "utilization   %.4f (D16), %.4f busy processors%n",
                s.utilization(),
                s.processorUtilization());
        o.printf(
                Locale.ROOT,
                "migrations    %d local, %d external (%d tasks moved)%n",
                s.localMigrations(),
                s.externalMigrations(),
                s.migratedTasks());
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            o.printf(
                    Locale.ROOT,
                    "over %d runs: %-22s %s +- %s (95 %%)%n",
                    result.summaries().size(),
                    e.getKey(),
                    Numbers.format(e.getValue()[0]),
                    Numbers.format(e.getValue()[1]));
        }
    }

    /** The registered local dispatchers, for the help text. */
    static final class DispatchNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return GangRegistries.DISPATCHERS.names().iterator();
        }
    }

    /** The registered start rules, for the help text. */
    static final class StartRuleNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return GangRegistries.START_RULES.names().iterator();
        }
    }

    /** The registered queue policies, for the help text. */
    static final class PolicyNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return GangRegistries.POLICIES.names().iterator();
        }
    }
}
