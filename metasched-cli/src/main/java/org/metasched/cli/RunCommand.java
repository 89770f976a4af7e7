package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.run.DefaultScenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The default scenario ({@link DefaultScenario}): parses, runs the pipeline, prints. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the bundled default scenario and write its report.",
            "1. A small version of paper P000's Table 2: conservative backfilling of 50 and 100 queued jobs on 32"
                    + " heterogeneous nodes with BFstart, BFfinish, BFshort, PAST and CoP (the full version is"
                    + " 'metasched reproduce p000-table2').",
            "2. Every registered window search choosing a window for the same job (5 nodes, volume 300, budget"
                    + " 1500) on a generated 32-node domain with 10-50 %% local load.",
            "3. and on: one short section per further system, listed below.",
            "Writes report.html (open it in a browser), table.csv and strategies.csv into the output directory (-o)."
        },
        footer = {"", "Example: metasched run --runs 100 --seed 7 -o results/run-7"})
final class RunCommand implements Callable<Integer>, Main.HelpDefaults {
    static final int DEFAULT_RUNS = 40;
    static final long DEFAULT_SEED = 1;
    static final Path DEFAULT_OUT = Path.of("results", "run");

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

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of(
                "DEFAULT-RUNS", Integer.toString(DEFAULT_RUNS),
                "DEFAULT-SEED", Long.toString(DEFAULT_SEED),
                "DEFAULT-OUT", DEFAULT_OUT.toString());
    }

    /** The sections after the first two, from the registry, so that help says what run prints. */
    @Override
    public List<String> helpNotes() {
        List<String> lines = new java.util.ArrayList<>(List.of("", "Further sections:"));
        int number = 3;
        for (org.metasched.pipeline.run.RunSection s : org.metasched.pipeline.run.RunSections.REGISTRY.entries()) {
            lines.addAll(HelpLayout.wrap(number++ + ". " + s.title(), "  ", 79));
        }
        return lines;
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        int r = runs.or(DEFAULT_RUNS);
        // as reproduce's targets (ReproducePipeline.maxRuns): a hundred times the default at most, within the heap
        org.metasched.model.Sizes.atMost(
                "--runs " + r,
                "runs",
                r,
                100.0 * DEFAULT_RUNS,
                4096,
                "give fewer --runs (the default is " + DEFAULT_RUNS + ")");
        DefaultScenario.Config config = new DefaultScenario.Config(seed.or(DEFAULT_SEED), r, threads.get());
        Path out = output.checked(DEFAULT_OUT); // before the work, not after it
        PrintWriter o = spec.commandLine().getOut();
        o.printf("metasched default scenario, seed %d%n%n", config.seed());
        o.printf(
                "1. Placement criteria in conservative backfilling (paper P000, Table 2, %d instances per size)%n",
                config.runs());
        o.flush();
        DefaultScenario.Result result;
        try (Progress p = progress.open(spec, "P000", DefaultScenario.steps(config))) {
            result = DefaultScenario.run(config, p);
        }
        print(o, DefaultScenario.p000Lines(result));
        o.printf("%n2. Window searches for one job on a generated 32-node domain%n%n");
        print(o, DefaultScenario.strategyLines(result));
        int number = 3;
        for (DefaultScenario.SectionResult section : result.sections()) {
            o.printf("%n%d. %s%n%n", number++, section.title());
            print(o, section.part().lines());
        }
        String command = "metasched run --seed " + config.seed() + " --runs " + config.runs();
        DefaultScenario.write(out, result, outputs, command);
        o.printf(
                "%nwrote %s%s and %s%n",
                outputs.report() ? out.resolve("report.html") + ", " : "",
                out.resolve("table.csv"),
                out.resolve("strategies.csv"));
        o.flush();
        return 0;
    }

    static void print(PrintWriter o, List<String> lines) {
        for (String line : lines) {
            o.println(line);
        }
        o.flush();
    }
}
