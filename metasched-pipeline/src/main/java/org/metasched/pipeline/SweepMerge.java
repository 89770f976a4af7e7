package org.metasched.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.metasched.io.OutputDirectory;
import org.metasched.model.InputFormatException;

/**
 * {@code metasched sweep-merge}: shard directories of one sweep into the {@code cells.csv} and {@code summary.csv}
 * a single run writes. Refuses shards of different sweep files (their SHA-256 differs), a missing or a repeated
 * shard.
 */
public final class SweepMerge {
    private SweepMerge() {}

    public static void merge(List<Path> dirs, Path out, Outputs outputs) {
        if (dirs.isEmpty()) {
            throw new InputFormatException("sweep-merge: no shard directory given");
        }
        List<SweepFiles.ShardDir> shards = new ArrayList<>();
        for (Path d : dirs) {
            shards.add(SweepFiles.readShard(d));
        }
        SweepFiles.Manifest first = shards.get(0).manifest();
        int n = first.shards();
        boolean[] seen = new boolean[n + 1];
        for (SweepFiles.ShardDir s : shards) {
            SweepFiles.Manifest m = s.manifest();
            if (!m.specSha256().equals(first.specSha256())) {
                throw new InputFormatException(s.dir() + ": shard of another sweep file (" + m.spec() + ", SHA-256 "
                        + m.specSha256().substring(0, 12) + "...) than "
                        + shards.get(0).dir() + " (" + first.spec()
                        + ", " + first.specSha256().substring(0, 12) + "...)");
            }
            if (m.shards() != n) {
                throw new InputFormatException(s.dir() + ": shard " + m.shard() + "/" + m.shards() + " of a split into "
                        + m.shards() + ", but " + shards.get(0).dir() + " is one of " + n);
            }
            if (seen[m.shard()]) {
                throw new InputFormatException(s.dir() + ": shard " + m.shard() + "/" + n + " is given twice");
            }
            seen[m.shard()] = true;
        }
        for (int i = 1; i <= n; i++) {
            if (!seen[i]) {
                throw new InputFormatException(
                        "sweep-merge: shard " + i + "/" + n + " is missing (give all " + n + " shard directories)");
            }
        }
        List<SweepRun.Result> results = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (SweepFiles.ShardDir s : shards) {
            results.addAll(s.results());
            ids.addAll(s.manifest().cells());
        }
        results.sort(Comparator.comparing((SweepRun.Result r) -> r.cell().id())
                .thenComparingInt(SweepRun.Result::replication));
        ids.sort(Comparator.naturalOrder());
        SweepableCommand c = SweepCommands.byName(first.command(), "sweep.json");
        SweepFiles.Manifest merged = new SweepFiles.Manifest(
                first.spec(), first.specSha256(), first.command(), 1, 1, first.replications(), first.parameters(), ids);
        OutputDirectory.write(out, d -> {
            SweepFiles.writeCells(d.resolve(SweepFiles.CELLS), c, first.parameters(), results);
            SweepFiles.writeSummary(d.resolve(SweepFiles.SUMMARY), c, first.parameters(), results);
            SweepFiles.writeManifest(d.resolve(SweepFiles.MANIFEST), merged);
            if (outputs.report()) {
                outputs.configure(SweepFiles.report(first.spec(), c, first.parameters(), results))
                        .writeTo(d);
            }
        });
    }
}
