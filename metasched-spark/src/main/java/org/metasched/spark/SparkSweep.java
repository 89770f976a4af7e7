package org.metasched.spark;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.metasched.io.OutputDirectory;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.sweep.SweepRun;
import org.metasched.pipeline.sweep.SweepSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Spark engine of {@code metasched sweep}: every cell and replication of a sweep is one Spark task running the
 * local engine's cell code ({@link SparkCells}); the driver writes the same {@code cells.csv}, {@code summary.csv},
 * {@code sweep.json} and report. What {@code metasched sweep --engine spark} starts (embedded, master {@code
 * local[*]} unless {@code --master}), and what {@code spark-submit} runs on a cluster (docs/sweep.md). The sweep
 * file's relative paths are resolved against the driver's current directory and the inputs shipped with the job,
 * unless {@code --shared-paths}. Exit codes as the command's: 0, 2 bad input, 3 some cells failed, 1 a bug.
 */
@Command(
        name = "SparkSweep",
        mixinStandardHelpOptions = true,
        versionProvider = SparkSweep.Version.class,
        sortOptions = false,
        description = {
            "Run every cell of a sweep file as a Spark task; writes what metasched sweep writes (docs/sweep.md).",
            "Relative paths in the sweep file are resolved against the current directory of the driver, and the"
                    + " files they name are shipped with the job, unless --shared-paths."
        },
        footer = {
            "",
            "Example: spark-submit --class org.metasched.spark.SparkSweep --master spark://HOST:7077"
                    + " metasched-spark/target/metasched-spark.jar --spec examples/sweep-policies.yaml"
                    + " -o results/sweep-policies"
        })
public final class SparkSweep implements Callable<Integer> {
    @Option(names = "--spec", required = true, paramLabel = "FILE", description = "The sweep file (.yaml or .json).")
    Path specFile;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Output directory, written by the driver (default: results/sweep-SPEC). Replaced only if"
                    + " empty or written by metasched.")
    Path out;

    @Option(
            names = "--master",
            paramLabel = "URL",
            description = "The Spark master (default: spark-submit's --master, else local[*]).")
    String master;

    @Option(
            names = "--shared-paths",
            description = "The sweep's input files are at the same absolute paths on every executor (a shared file"
                    + " system): executors read the driver's absolute paths instead of copies shipped with the job.")
    boolean sharedPaths;

    @Option(names = "--no-report", description = "Write only the result files, not report.html.")
    boolean noReport;

    @Option(names = "--png", description = "Also write one PNG image per chart.")
    boolean png;

    @Option(
            names = "--force",
            description = "Replace the output folder also where files metasched wrote there were changed since"
                    + " (docs/outputs.md).")
    boolean force;

    @Option(names = "--no-progress", description = "Do not show Spark's progress bar on standard error.")
    boolean noProgress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec commandSpec;

    /** The jar's version, from its manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = SparkSweep.class.getPackage().getImplementationVersion();
            return new String[] {"metasched-spark " + (v == null ? "(not from a jar)" : v)};
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs with {@code args} and returns the exit code (for tests; {@link #main} exits with it). */
    static int execute(String... args) {
        CommandLine cl = new CommandLine(new SparkSweep());
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("metasched-spark: " + oneLine(ex.getMessage()));
            ex.getCommandLine().getErr().flush();
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof InputFormatException) {
                c.getErr().println("metasched: " + oneLine(ex.getMessage()));
                c.getErr().flush();
                return 2;
            }
            throw ex;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        if (noReport && png) {
            throw new InputFormatException(
                    "--png draws the report's charts, which --no-report leaves out; give one of" + " them");
        }
        SweepSpec spec = SweepSpec.read(specFile);
        Path dir = out != null ? out : SweepRun.defaultDirectory(specFile, SweepRun.Shard.ALL);
        OutputDirectory.check(dir, force);
        SparkCells.Run run = SparkCells.run(spec, new SparkCells.Settings(master, sharedPaths, !noProgress));
        SweepRun.write(dir, spec, SweepRun.Shard.ALL, run.results(), new Outputs(!noReport, png));
        PrintWriter o = commandSpec.commandLine().getOut();
        SweepRun.describe(specFile, spec, SweepRun.Shard.ALL, run.results(), dir)
                .forEach(o::println);
        o.println("ran on Spark: master " + run.master() + ", application " + run.applicationId());
        o.flush();
        return run.results().stream().anyMatch(SweepRun.Result::failed) ? 3 : 0;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
