package org.metasched.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.SweepRun;
import org.metasched.pipeline.SweepSpec;

/**
 * The Spark engine of {@code metasched sweep}: every cell and replication of a sweep is one Spark task running
 * {@link SweepRun#runOne}, the same cell code as the local engine; the driver collects the results and writes the
 * same {@code cells.csv} and {@code summary.csv} through {@link SweepRun#write}. Embedded ({@code metasched sweep
 * --engine spark}, master {@code local[*]} unless {@code --master}) or on a cluster with {@code spark-submit}
 * (docs/sweep.md). Every executor reads the sweep file itself, so the file must be at the same path on every
 * node of a cluster (a shared file system).
 */
public final class SparkSweep {
    private SparkSweep() {}

    /** What a task sends back: plain values. */
    record TaskResult(String cellId, int replication, double[] metrics, double wallSeconds, String error)
            implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    private static final Map<String, SweepSpec> SPECS = new ConcurrentHashMap<>();

    static SweepSpec spec(String file) {
        return SPECS.computeIfAbsent(file, f -> SweepSpec.read(Path.of(f)));
    }

    /** Runs every cell of the sweep on Spark and returns the results in the local engine's order. */
    public static List<SweepRun.Result> run(SweepSpec spec, String master) {
        String file = spec.file().toAbsolutePath().toString();
        List<SweepSpec.Cell> cells = spec.cells();
        int reps = spec.replications();
        List<Integer> tasks = new ArrayList<>();
        for (int i = 0; i < cells.size() * reps; i++) {
            tasks.add(i);
        }
        SparkConf conf =
                new SparkConf().setAppName("metasched sweep " + spec.file().getFileName());
        if (master != null) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        conf.set("spark.ui.enabled", "false");
        List<TaskResult> out;
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            sc.setLogLevel("ERROR");
            out = sc.parallelize(tasks, Math.max(1, Math.min(tasks.size(), 4 * sc.defaultParallelism())))
                    .map(i -> {
                        SweepSpec s = spec(file);
                        SweepRun.Result r = SweepRun.runOne(
                                s.command(),
                                s.seed(),
                                s.cells().get(i / s.replications()),
                                i % s.replications(),
                                org.metasched.pipeline.SweepInputs.local(new org.metasched.pipeline.SharedInputs()));
                        return new TaskResult(r.cell().id(), r.replication(), r.metrics(), r.wallSeconds(), r.error());
                    })
                    .collect();
        }
        List<SweepRun.Result> results = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            TaskResult t = out.get(i);
            SweepSpec.Cell cell = cells.get(i / reps);
            if (!cell.id().equals(t.cellId()) || t.replication() != i % reps) {
                throw new IllegalStateException("Spark returned task " + i + " out of order");
            }
            results.add(new SweepRun.Result(cell, t.replication(), t.metrics(), t.wallSeconds(), t.error()));
        }
        return results;
    }

    /**
     * {@code SparkSweep --spec FILE --out DIR [--master URL] [--no-report]}: what {@code metasched sweep --engine
     * spark} starts, and what {@code spark-submit} runs on a cluster. Exit codes as the command's: 0, 2 bad input,
     * 3 some cells failed.
     */
    public static void main(String[] args) {
        String specFile = null;
        String out = null;
        String master = null;
        boolean report = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--spec" -> specFile = args[++i];
                case "--out", "-o" -> out = args[++i];
                case "--master" -> master = args[++i];
                case "--no-report" -> report = false;
                default -> {
                    System.err.println("metasched-spark: unknown argument '" + args[i]
                            + "', expected --spec FILE --out DIR [--master URL] [--no-report]");
                    System.exit(2);
                }
            }
        }
        if (specFile == null || out == null) {
            System.err.println("metasched-spark: --spec FILE and --out DIR are required");
            System.exit(2);
        }
        try {
            SweepSpec spec = SweepSpec.read(Path.of(specFile));
            List<SweepRun.Result> results = run(spec, master);
            SweepRun.write(
                    Path.of(out), spec, SweepRun.Shard.ALL, results, report ? Outputs.DEFAULT : Outputs.NO_REPORT);
            long failed = results.stream().filter(SweepRun.Result::failed).count();
            System.out.printf(
                    "sweep %s on Spark: command %s, %d cells x %d replications: %d runs, %d failed%nwrote %s%n",
                    Path.of(specFile).getFileName(),
                    spec.command().name(),
                    spec.cells().size(),
                    spec.replications(),
                    results.size(),
                    failed,
                    out);
            System.exit(failed > 0 ? 3 : 0);
        } catch (InputFormatException e) {
            System.err.println("metasched: " + e.getMessage());
            System.exit(2);
        }
    }
}
