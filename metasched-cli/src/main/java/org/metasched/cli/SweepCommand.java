package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.sweep.SweepRun;
import org.metasched.pipeline.sweep.SweepSpec;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;
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
final class SweepCommand implements Callable<Integer>, Main.HelpDefaults, HelpLayout.MoreExitCodes {
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

    @Option(names = "--engine", paramLabel = "ENGINE", order = HelpLayout.EXPERIMENT + 4, description = "${ENGINES}.")
    String engine;

    @Option(
            names = "--master",
            paramLabel = "URL",
            order = HelpLayout.EXPERIMENT + 5,
            description = "With --engine spark: the Spark master, local[T] with --threads T, else local[*] (the"
                    + " default), or a cluster's, spark://HOST:7077.")
    String master;

    @Option(
            names = "--shared-paths",
            order = HelpLayout.EXPERIMENT + 6,
            description = "With --engine spark: the input files are at the same absolute paths on every executor (a"
                    + " shared file system), so they are not shipped with the job.")
    boolean sharedPaths;

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
        return Map.of("DEFAULT-OUT", "results/sweep-SPEC (with -shard-i-of-N for a shard)", "ENGINES", engines());
    }

    @Override
    public Map<String, String> moreExitCodes() {
        return Map.of(
                String.valueOf(SOME_CELLS_FAILED),
                "Some cells failed: the other cells ran and the directory was written; each failed cell is in"
                        + " cells.csv with its error.");
    }

    /** {@code --engine}'s choices for its help, from their registry; the first is the default. */
    static String engines() {
        List<String> each = new java.util.ArrayList<>();
        for (Registration<Engine, Void> e : ENGINES.entries()) {
            each.add(e.name() + " (" + (each.isEmpty() ? "the default: " : "") + e.description() + ")");
        }
        return String.join(", ", each.subList(0, each.size() - 1)) + " or " + each.get(each.size() - 1);
    }

    /** The engines {@code --engine} names. */
    enum Engine {
        LOCAL,
        SPARK
    }

    /** The engines by name, resolved through the shared registry. */
    static final Registry<Registration<Engine, Void>> ENGINES = new Registry<>("engine");

    static {
        ENGINES.register(new Registration<>("local", "sweep-engine", "threads of this process", x -> Engine.LOCAL));
        ENGINES.register(new Registration<>(
                "spark",
                "sweep-engine",
                "Apache Spark, module metasched-spark: embedded on this machine, or on the cluster of --master",
                x -> Engine.SPARK));
    }

    @Override
    public Integer call() {
        Outputs outputs = report.outputs();
        Engine e = engine == null ? Engine.LOCAL : byName(engine);
        if (e == Engine.LOCAL && (master != null || sharedPaths)) {
            throw new InputFormatException((master != null ? "--master" : "--shared-paths")
                    + " is for --engine spark; the local engine runs in this process (leave it out)");
        }
        if (e == Engine.SPARK && shard != null) {
            throw new InputFormatException("--shard splits a sweep for a batch system; Spark distributes the whole"
                    + " sweep itself (leave --shard out)");
        }
        if (e == Engine.SPARK && master != null && threads.threads != null) {
            throw new InputFormatException(
                    "--threads sets the cores of Spark's local mode; with --master give them in the URL (local[T])");
        }
        SweepRun.Shard s = shard == null ? SweepRun.Shard.ALL : parseShard(shard);
        SweepSpec sweep = SweepSpec.read(specFile);
        Path dir = output.checked(SweepRun.defaultDirectory(specFile, s)); // before the work, not after it
        if (e == Engine.SPARK) {
            String m = master != null ? master : threads.threads != null ? "local[" + threads.threads + "]" : null;
            return SparkEngine.run(specFile, dir, m, sharedPaths, outputs, !progress.noProgress, output.force);
        }
        List<SweepSpec.Cell> cells = SweepRun.cells(sweep, s);
        List<SweepRun.Result> results;
        try (Progress p = progress.open(spec, "sweep", (long) cells.size() * sweep.replications())) {
            results = SweepRun.run(sweep, s, threads.get(), p);
        }
        SweepRun.write(dir, sweep, s, results, outputs);
        PrintWriter o = spec.commandLine().getOut();
        SweepRun.describe(specFile, sweep, s, results, dir).forEach(o::println);
        o.flush();
        return results.stream().anyMatch(SweepRun.Result::failed) ? SOME_CELLS_FAILED : 0;
    }

    private static Engine byName(String name) {
        try {
            return ENGINES.byName(name.trim()).create(null);
        } catch (InputFormatException x) {
            throw new InputFormatException("--engine: " + x.getMessage());
        }
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
}
