package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangParameters;
import org.metasched.gang.GangSummary;
import org.metasched.io.swf.SwfRule;
import org.metasched.model.Parameters;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.gang.GangPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
final class GangCommand implements Callable<Integer>, Main.HelpDefaults, SchemaOptions.Declared {
    @Spec
    CommandSpec spec;

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

    /** Runs without --runs. */
    static final int DEFAULT_RUNS = 1;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of(
                "DEFAULT-RUNS", Integer.toString(DEFAULT_RUNS),
                "DEFAULT-SEED", Long.toString(GangConfig.DEFAULTS.seed()),
                "DEFAULT-OUT", "results/gang-TRACE-DISPATCH-POLICY");
    }

    @Override
    public Parameters schema() {
        return GangParameters.ALL;
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        Parameters.Values values = SchemaOptions.values(spec, GangParameters.ALL);
        GangConfig config = GangParameters.config(values, seed.or(GangConfig.DEFAULTS.seed()));
        Path workload = Path.of(values.get(GangParameters.WORKLOAD));
        Integer jobs = values.get(GangParameters.JOBS);
        int r = runs.or(DEFAULT_RUNS);
        GangPipeline.checkRuns(r, config);
        Path dir = output.checked(GangPipeline.defaultDirectory(workload, config)); // before the work, not after it
        GangPipeline.Result result;
        try (Progress p = progress.open(spec, "gang", r)) {
            result = GangPipeline.run(workload, config, jobs == null ? 0 : jobs, r, threads.get(), p);
        }
        GangPipeline.write(dir, result, outputs, commandLine(workload, jobs, config, r));
        PrintWriter o = spec.commandLine().getOut();
        print(o, result);
        o.println("wrote " + dir);
        o.flush();
        return 0;
    }

    private static String commandLine(Path workload, Integer jobs, GangConfig c, int r) {
        StringBuilder b = new StringBuilder("metasched gang --workload " + workload + " --clusters ");
        List<String> sizes = new ArrayList<>();
        c.clusterProcessors().forEach(m -> sizes.add(Integer.toString(m)));
        b.append(String.join(",", sizes)).append(" --dispatch " + c.dispatch().name());
        b.append(" --policy " + c.policy().name());
        b.append(" --start-rule ").append(c.startRule().name()).append(" --clock ");
        b.append(c.clocks().name().toLowerCase(Locale.ROOT));
        if (jobs != null) {
            b.append(" --jobs ").append(jobs);
        }
        if (r > 1) {
            b.append(" --runs ").append(r);
        }
        return b.append(" --seed ").append(c.seed()).toString();
    }

    /**
     * The records the reader skipped or rejected, by rule, e.g. {@code " (1 record not taken: largerThanMachine 1)"}; empty when
     * it took them all (found by the CLI tester: a job past the reader's 10,000,000 processors was told nowhere but
     * in summary.json).
     */
    static String notAccepted(Map<String, Long> counts) {
        long n = 0;
        StringBuilder rules = new StringBuilder();
        for (SwfRule r : SwfRule.values()) {
            long c = counts.getOrDefault(r.key(), 0L);
            if (c > 0 && r.action() != SwfRule.Action.ADJUSTED) {
                n += c;
                rules.append(rules.length() == 0 ? "" : ", ")
                        .append(r.key())
                        .append(' ')
                        .append(c);
            }
        }
        return n == 0 ? "" : " (" + Values.counted("%d", n, "record") + " not taken: " + rules + ")";
    }

    /** The terminal's migrations line: "migrations    0 local, 1 external (1 task moved)". */
    static String migrations(long local, long external, long tasks) {
        return String.format(
                Locale.ROOT,
                "migrations    %d local, %d external (%s moved)",
                local,
                external,
                Values.counted("%d", tasks, "task"));
    }

    static void print(PrintWriter o, GangPipeline.Result result) {
        GangConfig c = result.config();
        GangSummary s = result.summaries().get(0);
        o.printf(Locale.ROOT, "workload      %s%n", result.workloadName());
        o.printf(
                Locale.ROOT,
                "grid          clusters %s, %s clocks; dispatch %s, policy %s, start rule %s%n",
                c.clusterProcessors(),
                c.clocks().name().toLowerCase(Locale.ROOT),
                c.dispatch().name(),
                c.policy().name(),
                c.startRule().name());
        o.printf(
                Locale.ROOT,
                "jobs          %d accepted by the reader%s, %d executed, %d rejected (larger than every cluster)%n",
                s.jobs(),
                notAccepted(result.recordCounts()),
                s.executedJobs(),
                s.rejectedJobs());
        // a number that is not 0 never shows as 0 (Numbers.shown); every other one as with %.3f, %.4f or format
        o.printf(Locale.ROOT, "ART           %s s%n", Numbers.shown(s.artSeconds(), 1));
        o.printf(Locale.ROOT, "AWT           %s s%n", Numbers.shown(s.awtSeconds(), 1));
        o.printf(
                Locale.ROOT,
                "LoC           %s %% grid-wide; per cluster %s%n",
                Numbers.shownFixed(s.lossOfCapacityPercent(), 3),
                s.clusterLossOfCapacityPercent().stream()
                        .map(v -> Numbers.shownFixed(v, 3))
                        .toList());
        o.printf(
                Locale.ROOT,
                "utilization   %s (D16), %s busy processors%n",
                Numbers.shownFixed(s.utilization(), 4),
                Numbers.shownFixed(s.processorUtilization(), 4));
        o.println(migrations(s.localMigrations(), s.externalMigrations(), s.migratedTasks()));
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            o.printf(
                    Locale.ROOT,
                    "over %s: %-22s %s +- %s (95 %%)%n",
                    Values.runs(result.summaries().size()),
                    e.getKey(),
                    Numbers.shown(e.getValue()[0]),
                    Numbers.shown(e.getValue()[1]));
        }
    }
}
