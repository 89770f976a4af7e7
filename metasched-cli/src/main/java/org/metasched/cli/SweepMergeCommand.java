package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.sweep.SweepMerge;
import org.metasched.pipeline.sweep.SweepRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Merges the shard directories of one sweep ({@link SweepMerge}). */
@Command(
        name = "sweep-merge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Merge the directories of metasched sweep --shard 1/N ... N/N into the cells.csv and summary.csv a single"
                    + " run writes.",
            "Refuses shards of different sweep files, a missing shard or one given twice, and a shard whose cells.csv"
                    + " or sweep.json changed since the shard wrote it (by the hashes its manifest lists)."
        },
        footer = {"", "Example: metasched sweep-merge results/sweep-s-shard-1-of-2 results/sweep-s-shard-2-of-2"})
final class SweepMergeCommand implements Callable<Integer>, Main.HelpDefaults, HelpLayout.MoreExitCodes {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shard directories, in any order.")
    List<Path> dirs;

    @Mixin
    Options.Output output;

    @Mixin
    Options.Report report;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of("DEFAULT-OUT", "results/sweep-merged");
    }

    @Override
    public Integer call() {
        SweepMerge.refuseOverlaps(dirs, output.directory(Path.of("results", "sweep-merged")));
        Path out = output.checked(Path.of("results", "sweep-merged")); // before the work, not after it
        List<SweepRun.Result> results = SweepMerge.merge(dirs, out, report.outputs());
        PrintWriter o = spec.commandLine().getOut();
        long failed = results.stream().filter(SweepRun.Result::failed).count();
        o.println("merged " + dirs.size() + (dirs.size() == 1 ? " shard" : " shards")
                + (failed > 0 ? ": " + Values.counted("%d", results.size(), "run") + ", " + failed + " failed" : ""));
        SweepRun.failures(results).forEach(o::println);
        o.println("wrote " + out);
        o.flush();
        return failed > 0 ? SweepCommand.SOME_CELLS_FAILED : 0;
    }

    @Override
    public Map<String, String> moreExitCodes() {
        return Map.of(
                String.valueOf(SweepCommand.SOME_CELLS_FAILED),
                "Some cells of the shards had failed: the directory was written; each failed cell is in cells.csv"
                        + " with its error, and listed.");
    }
}
