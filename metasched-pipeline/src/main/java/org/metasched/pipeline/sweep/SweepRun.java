package org.metasched.pipeline.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.experiments.Replications;
import org.metasched.io.OutputDirectory;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;

/**
 * Runs a sweep's cells on this machine ({@code metasched sweep}): every cell and replication of the shard, on
 * {@code threads} threads, a failing cell recorded with its error while the others go on; then {@code cells.csv},
 * {@code summary.csv}, {@code sweep.json} and the report, as one output directory. The rows never depend on the
 * thread count or the shard: they are sorted by cell id and replication, and each cell's randomness comes from
 * the seed, its id and its replication.
 */
public final class SweepRun {
    private SweepRun() {}

    /**
     * One cell's replication.
     *
     * @param metrics the command's metrics, null when the cell failed
     * @param error why it failed, null when it ran
     */
    public record Result(SweepSpec.Cell cell, int replication, double[] metrics, double wallSeconds, String error) {
        public boolean failed() {
            return error != null;
        }
    }

    /** Shard {@code index} of {@code count} (1-based), or the whole sweep when count is 1. */
    public record Shard(int index, int count) {
        public static final Shard ALL = new Shard(1, 1);

        public Shard {
            if (count < 1 || index < 1 || index > count) {
                throw new org.metasched.model.InputFormatException(
                        "--shard: " + index + "/" + count + ", expected i/N with 1 <= i <= N");
            }
        }

        /** Whether this shard holds the cell: a partition by the cell id's leading 60 bits. */
        public boolean holds(SweepSpec.Cell c) {
            return Long.remainderUnsigned(Long.parseUnsignedLong(c.id().substring(0, 15), 16), count) == index - 1;
        }
    }

    /** The cells of {@code shard}, in id order. */
    public static List<SweepSpec.Cell> cells(SweepSpec spec, Shard shard) {
        List<SweepSpec.Cell> out = new ArrayList<>();
        for (SweepSpec.Cell c : spec.cells()) {
            if (shard.holds(c)) {
                out.add(c);
            }
        }
        return out;
    }

    public static List<Result> run(SweepSpec spec, Shard shard, int threads, IntConsumer progress) {
        List<SweepSpec.Cell> cells = cells(spec, shard);
        int reps = spec.replications();
        SweepableCommand command = spec.command();
        int[] order = inputOrder(command, cells, reps);
        SharedInputs store = new SharedInputs();
        for (int task : order) {
            for (String input : inputsOf(command, cells.get(task / reps))) {
                store.expect(input, 1);
            }
        }
        SweepInputs inputs = SweepInputs.local(store);
        List<Result> done = Replications.run(
                order.length,
                threads,
                k -> {
                    SweepSpec.Cell cell = cells.get(order[k] / reps);
                    try {
                        return runOne(command, spec.seed(), cell, order[k] % reps, inputs);
                    } finally {
                        for (String input : inputsOf(command, cell)) {
                            store.release(input);
                        }
                    }
                },
                progress);
        Result[] out = new Result[order.length];
        for (int k = 0; k < order.length; k++) {
            out[order[k]] = done.get(k);
        }
        return List.of(out);
    }

    /** The values of the cell's input parameters ({@link SweepableCommand#inputs}), each once. */
    public static List<String> inputsOf(SweepableCommand command, SweepSpec.Cell cell) {
        List<String> out = new ArrayList<>();
        for (String p : command.inputs()) {
            String v = cell.parameters().get(p);
            if (v != null && !out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * The order in which to run the tasks (cell index times replications plus replication): those reading the same
     * inputs together, groups in the order of their first cell, so that what is read of a file is dropped as soon as
     * its group is done. Only the order of running changes: results are returned in cell order.
     */
    public static int[] inputOrder(SweepableCommand command, List<SweepSpec.Cell> cells, int replications) {
        java.util.Map<List<String>, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int c = 0; c < cells.size(); c++) {
            List<Integer> g = groups.computeIfAbsent(inputsOf(command, cells.get(c)), k -> new ArrayList<>());
            for (int r = 0; r < replications; r++) {
                g.add(c * replications + r);
            }
        }
        int[] order = new int[cells.size() * replications];
        int k = 0;
        for (List<Integer> g : groups.values()) {
            for (int task : g) {
                order[k++] = task;
            }
        }
        return order;
    }

    /**
     * One cell's replication, exactly as every engine runs it: its seed is the sweep's seed and the cell's id, its
     * input files reached through {@code inputs}; a failure is recorded with its message.
     */
    public static Result runOne(
            SweepableCommand command, long sweepSeed, SweepSpec.Cell cell, int replication, SweepInputs inputs) {
        long t0 = System.nanoTime();
        try {
            long seed = sweepSeed ^ Long.parseUnsignedLong(cell.id(), 16);
            double[] m = command.run(cell.parameters(), seed, replication, inputs);
            return new Result(cell, replication, m, (System.nanoTime() - t0) / 1e9, null);
        } catch (RuntimeException e) { // a cell that fails is recorded, the others go on
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new Result(cell, replication, null, (System.nanoTime() - t0) / 1e9, message.replace('\n', ' '));
        }
    }

    /** Where a run writes unless told: {@code results/sweep-STEM}, with {@code -shard-i-of-N} for a shard. */
    public static Path defaultDirectory(Path specFile, Shard shard) {
        String name = specFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return Path.of(
                "results",
                "sweep-" + stem + (shard.count() > 1 ? "-shard-" + shard.index() + "-of-" + shard.count() : ""));
    }

    /** What a run prints: the counts, each failed cell with its error, the directory written. */
    public static List<String> describe(Path specFile, SweepSpec spec, Shard shard, List<Result> results, Path dir) {
        List<String> lines = new ArrayList<>();
        long failed = results.stream().filter(Result::failed).count();
        lines.add(String.format(
                java.util.Locale.ROOT,
                "sweep %s: command %s, %s%s x %s: %s, %d failed",
                specFile.getFileName(),
                spec.command().name(),
                Values.counted("%d", cells(spec, shard).size(), "cell"),
                shard.count() > 1 ? " (shard " + shard.index() + " of " + shard.count() + ")" : "",
                Values.counted("%d", spec.replications(), "replication"),
                Values.counted("%d", results.size(), "run"),
                failed));
        lines.addAll(failures(results));
        lines.add("wrote " + dir);
        return lines;
    }

    /**
     * A line per failed run, {@code "  failed: cell ID {parameters}: error"}, as {@code sweep} and {@code sweep-merge}
     * print them.
     */
    public static List<String> failures(List<Result> results) {
        List<String> lines = new ArrayList<>();
        for (Result r : results) {
            if (r.failed()) {
                lines.add("  failed: cell " + r.cell().id() + " " + r.cell().parameters() + ": " + r.error());
            }
        }
        return lines;
    }

    /** Writes the directory of one run (or one shard). */
    public static void write(Path dir, SweepSpec spec, Shard shard, List<Result> results, Outputs outputs) {
        OutputDirectory.write(dir, d -> {
            SweepFiles.writeCells(d.resolve(SweepFiles.CELLS), spec.command(), spec.parameterNames(), results);
            SweepFiles.writeSummary(d.resolve(SweepFiles.SUMMARY), spec.command(), spec.parameterNames(), results);
            SweepFiles.writeManifest(d.resolve(SweepFiles.MANIFEST), spec, shard, cells(spec, shard));
            if (outputs.report()) {
                outputs.configure(SweepFiles.report(spec, results)).writeTo(d);
            }
        });
    }
}
