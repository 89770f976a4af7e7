package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.SweepRun;
import org.metasched.pipeline.SweepSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A parameter sweep on this machine, or one shard of it ({@link SweepRun}). */
@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run every cell of a sweep file (a command, fixed options, a grid of parameters, replications) in"
                    + " parallel, or one shard of them for a batch system.",
            "Writes cells.csv (one row per cell and replication), summary.csv (mean and 95 %% interval per cell),"
                    + " sweep.json and report.html; docs/sweep.md. Exit code 3 when some cells failed (each is in"
                    + " cells.csv with its error)."
        },
        footer = {"", "Example: metasched sweep --spec examples/sweep-small.yaml"})
final class SweepCommand implements Callable<Integer>, Main.HelpDefaults {
    /** The exit code when the sweep ran but some cells failed. */
    static final int SOME_CELLS_FAILED = 3;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--spec",
            required = true,
            paramLabel = "FILE",
            order = HelpLayout.INPUTS,
            description = "The sweep file (.yaml, .yml or .json).")
    Path specFile;

    @Option(
            names = "--shard",
            paramLabel = "i/N",
            order = HelpLayout.EXPERIMENT + 3,
            description = "Run only shard i of N (a fixed partition by cell id); merge the N directories with"
                    + " metasched sweep-merge.")
    String shard;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            order = HelpLayout.EXPERIMENT + 4,
            description = "local (the default: threads of this process) or spark.")
    String engine;

    @Option(
            names = "--master",
            paramLabel = "URL",
            order = HelpLayout.EXPERIMENT + 5,
            description = "With --engine spark: the Spark master (default: local[*]).")
    String master;

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
        return Map.of("DEFAULT-OUT", "results/sweep-SPEC (with -shard-i-of-N for a shard)");
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        String e = engine == null ? "local" : Options.name(engine);
        if (!e.equals("local") && !e.equals("spark")) {
            throw new InputFormatException(
                    "--engine: unknown engine '" + Text.cut(engine) + "', expected local or" + " spark");
        }
        if (master != null) {
            throw new InputFormatException("--master is the Spark master; the local engine has none (leave it out)");
        }
        SweepRun.Shard s = shard == null ? SweepRun.Shard.ALL : parseShard(shard);
        SweepSpec sweep = SweepSpec.read(specFile);
        String base = TracePipelineNames.stem(specFile);
        Path dir = output.checked(Path.of(
                "results",
                "sweep-" + base
                        + (s.count() > 1
                                ? "-shard-" + s.index() + "-of-" + s.count()
                                : ""))); // before the work, not after it
        List<SweepSpec.Cell> cells = SweepRun.cells(sweep, s);
        List<SweepRun.Result> results;
        try (Progress p = progress.open(spec, "sweep", (long) cells.size() * sweep.replications())) {
            results = SweepRun.run(sweep, s, threads.get(), p);
        }
        SweepRun.write(dir, sweep, s, results, outputs);
        long failed = results.stream().filter(SweepRun.Result::failed).count();
        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                "sweep %s: command %s, %d cells%s x %d replications: %d runs, %d failed%n",
                specFile.getFileName(),
                sweep.command().name(),
                cells.size(),
                s.count() > 1 ? " (shard " + s.index() + " of " + s.count() + ")" : "",
                sweep.replications(),
                results.size(),
                failed);
        for (SweepRun.Result r : results) {
            if (r.failed()) {
                o.printf("  failed: cell %s %s: %s%n", r.cell().id(), r.cell().parameters(), r.error());
            }
        }
        o.println("wrote " + dir);
        o.flush();
        return failed > 0 ? SOME_CELLS_FAILED : 0;
    }

    static SweepRun.Shard parseShard(String value) {
        String[] parts = value.split("/", -1);
        try {
            if (parts.length == 2) {
                return new SweepRun.Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new InputFormatException("--shard: '" + Text.cut(value) + "', expected i/N such as 2/3");
    }

    /** File-name stems for default directories. */
    static final class TracePipelineNames {
        private TracePipelineNames() {}

        static String stem(Path file) {
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            return dot > 0 ? name.substring(0, dot) : name;
        }
    }
}
