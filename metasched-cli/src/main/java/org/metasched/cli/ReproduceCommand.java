package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.reproduce.ReproducePipeline;
import org.metasched.pipeline.reproduce.ReproduceTarget;
import org.metasched.pipeline.reproduce.ReproduceTargets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Regenerates a table of the seed papers: a registered {@link ReproduceTarget}, run by {@link ReproducePipeline}. */
@Command(
        name = "reproduce",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Regenerate a table of the seed papers and compare it with the published numbers.",
            "Writes table.csv and the report into the output directory (-o); the columns and the paper's set-up are in"
                    + " docs/reproduction.md."
        },
        footer = {"", "Example: metasched reproduce p000-table2 --runs 200 -o results/t2"})
final class ReproduceCommand implements Callable<Integer>, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "TARGET",
            converter = TargetName.class,
            completionCandidates = TargetName.class,
            description = "What to regenerate: ${COMPLETION-CANDIDATES} (case-insensitive; listed below).")
    ReproduceTarget target;

    @Mixin
    Options.Runs runs;

    @Mixin
    Options.Seed seed;

    @Mixin
    Options.Threads threads;

    @Option(
            names = "--performance",
            paramLabel = "KIND",
            order = HelpLayout.EXPERIMENT + 10,
            description = "Only for p000 targets: node performance U{2..16} (integer, the default) or U[2,16] (real);"
                    + " docs/reproduction.md says why.")
    String performance;

    @Option(
            names = "--sub-batches",
            paramLabel = "K",
            order = HelpLayout.EXPERIMENT + 11,
            description = "Only for p002-user-criteria, p002-owner-price, p002-bsf and p002-real-runtimes: the"
                    + " batch-slicer's number of sub-batches, 1-20 (the target's default is below).")
    String subBatches;

    @Option(
            names = "--budgets",
            paramLabel = "KIND",
            order = HelpLayout.EXPERIMENT + 12,
            description = "Only for p002-slicing: the calibrated budgets (the default) or the spec's, -60 %% to +60 %%"
                    + " of market value, under which nearly every cycle fails (docs/reproduction.md says why).")
    String budgets;

    @Option(
            names = "--workload",
            paramLabel = "FILE",
            order = HelpLayout.EXPERIMENT + 13,
            description = "Only for p001: the SWF trace whose first 3,000 jobs that fit the larger cluster are"
                    + " replayed (default: SDSC-BLUE-2000-4.2-cln.swf.gz in ../shared/traces; the SDSC-SP2 log of"
                    + " the earlier default is one option away).")
    String workload;

    @Option(
            names = "--start-rule",
            paramLabel = "NAME",
            order = HelpLayout.EXPERIMENT + 14,
            description = "Only for p001: queue-heads (the default, spec D13 v2) or adapted (D13 v1), as for gang.")
    String startRule;

    @Option(
            names = "--lxf",
            paramLabel = "READING",
            order = HelpLayout.EXPERIMENT + 15,
            description = "Only for p001: how the LXF columns read P001's Algorithm 7: printed (the default: its"
                    + " insertion sort puts the smallest expansion factor first; gang --policy lxf-printed) or"
                    + " largest-first (the text's and spec D14's reading; gang --policy lxf).")
    String lxf;

    @Option(
            names = "--placement",
            paramLabel = "KIND",
            order = HelpLayout.EXPERIMENT + 16,
            description = "Only for p003-time-scan: where the scan's starting points lie, uniform (the default),"
                    + " random or mixed (docs/reproduction.md).")
    String placement;

    @Mixin
    Options.Output output;

    @Mixin
    Options.Report report;

    @Mixin
    Options.ProgressDisplay progress;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of(
                "DEFAULT-RUNS", "the target's, below",
                "DEFAULT-SEED", "the target's, below",
                "DEFAULT-OUT", "results/TARGET");
    }

    @Override
    public java.util.List<String> helpNotes() {
        java.util.List<String> lines = new java.util.ArrayList<>();
        lines.add("");
        lines.add("Targets:");
        for (ReproduceTarget t : ReproduceTargets.REGISTRY.entries()) {
            lines.add("  " + t.name());
            lines.addAll(HelpLayout.wrap(about(t), "      ", 79));
        }
        return lines;
    }

    /**
     * A target's line of the help: its description, defaults and columns; its file parameters, then the others,
     * each in the order of their names (as a run's settings are): a target's maps need have no order of their own
     * ({@code Map.of}'s changes from one run of the JVM to the next).
     */
    static String about(ReproduceTarget t) {
        StringBuilder d = new StringBuilder(t.description())
                .append(". Defaults: --runs ")
                .append(t.defaultRuns())
                .append(", --seed ")
                .append(t.defaultSeed());
        for (Map.Entry<String, String> f : new TreeMap<>(t.fileParameters()).entrySet()) {
            d.append(", --").append(f.getKey()).append(' ').append(f.getValue());
        }
        for (Map.Entry<String, java.util.List<String>> p : new TreeMap<>(t.parameters()).entrySet()) {
            d.append(", --")
                    .append(p.getKey())
                    .append(' ')
                    .append(p.getValue().get(0))
                    .append(" (or ")
                    .append(String.join(
                            ", ", p.getValue().subList(1, p.getValue().size())))
                    .append(')');
        }
        return d.append(". table.csv: ")
                .append(String.join(",", t.tableColumns()))
                .append('.')
                .toString();
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        Map<String, String> parameters = new LinkedHashMap<>();
        if (performance != null) {
            parameters.put("performance", performance);
        }
        if (subBatches != null) {
            parameters.put("sub-batches", subBatches);
        }
        if (budgets != null) {
            parameters.put("budgets", budgets);
        }
        if (startRule != null) {
            parameters.put("start-rule", startRule);
        }
        if (workload != null) {
            parameters.put("workload", workload);
        }
        if (lxf != null) {
            parameters.put("lxf", lxf);
        }
        if (placement != null) {
            parameters.put("placement", placement);
        }
        ReproduceTarget.Settings settings;
        try {
            settings = ReproducePipeline.settings(
                    target, runs.or(target.defaultRuns()), seed.or(target.defaultSeed()), threads.get(), parameters);
        } catch (InputFormatException e) {
            throw new InputFormatException(commandLineWords(e.getMessage()), e);
        }
        target.check(settings); // a missing trace is one line, without the header below
        Path dir = output.checked(ReproducePipeline.defaultDirectory(target)); // before the work, not after it
        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                "%s: %s, seed %d, %s%s%n",
                target.name(),
                Values.runs(settings.runs()),
                settings.seed(),
                Values.counted("%d", settings.threads(), "thread"),
                settings.parameters().isEmpty() ? "" : ", " + describe(settings.parameters()));
        o.flush();
        ReproduceTarget.Outcome outcome;
        long t0 = System.nanoTime(); // display only
        try (Progress p = progress.open(spec, target.name(), target.steps(settings))) {
            outcome = ReproducePipeline.run(target, settings, p);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        RunCommand.print(o, outcome.summaryLines());
        ReproducePipeline.write(dir, outcome, outputs, commandLine(settings));
        o.printf(
                Locale.ROOT,
                "%ntook %.1f s; wrote %s%s%n",
                seconds,
                dir.resolve("table.csv"),
                outputs.report()
                        ? " and " + dir.resolve("report.html")
                                + (outputs.png() ? " with a PNG per chart beside it" : "")
                        : "");
        o.flush();
        return 0;
    }

    private static String describe(Map<String, String> parameters) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(e.getKey())
                    .append(' ')
                    .append(e.getValue());
        }
        return sb.toString();
    }

    private String commandLine(ReproduceTarget.Settings s) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT, "metasched reproduce %s --runs %d --seed %d", target.name(), s.runs(), s.seed()));
        for (Map.Entry<String, String> e : s.parameters().entrySet()) {
            sb.append(" --").append(e.getKey()).append(' ').append(e.getValue());
        }
        return sb.toString();
    }

    /** A registered target, case-insensitively. */
    static final class TargetName extends Options.Named<ReproduceTarget> {
        TargetName() {
            super(ReproduceTargets.REGISTRY);
        }
    }

    /**
     * A settings message in the command line's words: the pipeline's {@code parameter 'lxf'} is {@code --lxf}, and
     * the target's own parameters and the common ones are named as options ({@code its options: --performance}).
     */
    static String commandLineWords(String message) {
        String m = "--"
                + message.replaceFirst("^parameter '([a-z-]+)'", "$1")
                        .replace("; runs, seed and threads apply", "; --runs, --seed and --threads apply");
        java.util.regex.Matcher list =
                java.util.regex.Pattern.compile("\\(its parameters: (.*)\\)$").matcher(m);
        return list.find()
                ? m.substring(0, list.start()) + "(its options: --"
                        + list.group(1).replace(", ", ", --") + ")"
                : m;
    }
}
