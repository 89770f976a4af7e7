package org.metasched.pipeline.sweep;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.metasched.io.OutputDirectory;
import org.metasched.io.WrittenFiles;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;

/**
 * {@code metasched sweep-merge}: shard directories of one sweep into the {@code cells.csv} and {@code summary.csv}
 * a single run writes. Refuses shards of different sweep files (their SHA-256 differs), a missing or a repeated
 * shard, a shard whose {@code cells.csv} is not exactly what its {@code sweep.json} names (every cell and
 * replication once, nothing else: a shard copied while still being written, say), a shard whose {@code sweep.json}
 * or {@code cells.csv} is not the file the shard wrote (its hash in the shard's {@value OutputDirectory#MANIFEST}
 * differs, or cannot be checked), and an output directory that is one of the inputs, holds one or lies inside one.
 */
public final class SweepMerge {
    private SweepMerge() {}

    public static List<SweepRun.Result> merge(List<Path> dirs, Path out, Outputs outputs) {
        if (dirs.isEmpty()) {
            throw new InputFormatException("sweep-merge: no shard directory given");
        }
        for (Path d : dirs) {
            refuseOverlap(d, out);
        }
        List<SweepFiles.ShardDir> shards = new ArrayList<>();
        for (Path d : dirs) {
            SweepFiles.ShardDir shard = SweepFiles.readShard(d);
            checkComplete(shard);
            checkWritten(shard, SweepFiles.CELLS);
            checkWritten(shard, SweepFiles.MANIFEST);
            shards.add(shard);
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
        return results;
    }

    /**
     * The output may not be any of {@code dirs}, hold one or lie inside one; callers that check the output directory
     * before the work call this first, so that the user hears the specific reason.
     */
    public static void refuseOverlaps(List<Path> dirs, Path out) {
        for (Path d : dirs) {
            refuseOverlap(d, out);
        }
    }

    /** The output may not be an input, hold one or lie inside one: writing it would replace or change a shard. */
    private static void refuseOverlap(Path shard, Path out) {
        Path in = canonical(shard);
        Path o = canonical(out);
        if (o.equals(in) || in.startsWith(o) || o.startsWith(in)) {
            throw new InputFormatException("sweep-merge: the output directory " + out
                    + (o.equals(in)
                            ? " is the shard "
                            : in.startsWith(o) ? " holds the shard " : " lies inside the shard ")
                    + shard + "; give another -o (the shards are never written over)");
        }
    }

    /** The real path where it exists, else its nearest existing ancestor's real path and the rest. */
    private static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs));
        } catch (java.io.IOException e) {
            return abs;
        }
    }

    /**
     * The shard's file {@code name}, which the merge reads, is the one the shard wrote: its manifest lists it with
     * the hash of its content. A shard without a manifest, or whose manifest lists no hashes (written by a metasched
     * from before 2026-11-25), cannot be checked and is refused too: re-running it is the one way to have a shard
     * whose results can be vouched for.
     */
    static void checkWritten(SweepFiles.ShardDir shard, String name) {
        SweepFiles.Manifest m = shard.manifest();
        String where = shard.dir() + ": shard " + m.shard() + "/" + m.shards() + ": ";
        String manifest = OutputDirectory.MANIFEST;
        String read = SweepFiles.CELLS + " and " + SweepFiles.MANIFEST; // what the merge reads
        String why = switch (WrittenFiles.check(shard.dir(), name)) {
            case UNCHANGED -> null;
            case CHANGED ->
                name + " changed since the shard wrote it (its hash in " + manifest + " differs); re-run the shard";
            case NOT_LISTED ->
                name + " is not among the files its " + manifest + " lists (not the shard's own); re-run the shard";
            case NO_HASH ->
                "its " + manifest + " lists no hashes (written by a metasched from before 2026-11-25), so its " + read
                        + " cannot be checked; re-run the shard";
            case NO_MANIFEST ->
                "no " + manifest + " (the hash of each file the shard wrote), so its " + read
                        + " cannot be checked; copy shard directories whole, hidden files too (cp -r, rsync -a),"
                        + " or re-run the shard";
            case NOT_A_MANIFEST ->
                "its " + manifest + " is not a manifest metasched writes, so its " + read
                        + " cannot be checked; re-run the shard";
        };
        if (why != null) {
            throw new InputFormatException(where + why);
        }
    }

    /**
     * The shard's {@code cells.csv} holds every cell of its {@code sweep.json} with every replication exactly once,
     * and nothing else; its cells belong to its shard.
     */
    static void checkComplete(SweepFiles.ShardDir shard) {
        SweepFiles.Manifest m = shard.manifest();
        String where = shard.dir() + ": shard " + m.shard() + "/" + m.shards();
        SweepRun.Shard split = new SweepRun.Shard(m.shard(), m.shards());
        java.util.Map<String, boolean[]> expected = new java.util.LinkedHashMap<>();
        for (String id : m.cells()) {
            if (!id.matches("[0-9a-f]{16}") || !split.holds(new SweepSpec.Cell(id, java.util.Map.of()))) {
                throw new InputFormatException(shard.dir().resolve(SweepFiles.MANIFEST) + ": cell '" + id
                        + "' does not belong to shard " + m.shard() + "/" + m.shards());
            }
            if (expected.put(id, new boolean[m.replications()]) != null) {
                throw new InputFormatException(
                        shard.dir().resolve(SweepFiles.MANIFEST) + ": cell " + id + " is listed twice");
            }
        }
        for (SweepRun.Result r : shard.results()) {
            boolean[] reps = expected.get(r.cell().id());
            if (reps == null) {
                throw new InputFormatException(
                        where + ": cells.csv has cell " + r.cell().id() + ", which its sweep.json does not name");
            }
            if (r.replication() < 0 || r.replication() >= reps.length) {
                throw new InputFormatException(where + ": cells.csv has replication " + r.replication() + " of cell "
                        + r.cell().id() + ", expected 0 to " + (reps.length - 1));
            }
            if (reps[r.replication()]) {
                throw new InputFormatException(
                        where + ": cells.csv has cell " + r.cell().id() + " replication " + r.replication() + " twice");
            }
            reps[r.replication()] = true;
        }
        List<String> missing = new ArrayList<>();
        int total = 0;
        for (java.util.Map.Entry<String, boolean[]> e : expected.entrySet()) {
            for (int r = 0; r < e.getValue().length; r++) {
                total++;
                if (!e.getValue()[r]) {
                    missing.add(e.getValue().length == 1 ? e.getKey() : e.getKey() + "/" + r);
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new InputFormatException(where + " is incomplete: cells.csv has " + (total - missing.size())
                    + " of the " + total + " runs its sweep.json names (cut short, or copied while being written?);"
                    + " missing " + (m.replications() == 1 ? "cells " : "cell/replication ")
                    + String.join(", ", missing.subList(0, Math.min(10, missing.size())))
                    + (missing.size() > 10 ? " and " + (missing.size() - 10) + " more" : ""));
        }
    }
}
