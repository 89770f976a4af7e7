package org.metasched.spark;

import java.io.IOException;
import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.metasched.pipeline.sweep.SharedInputs;
import org.metasched.pipeline.sweep.SweepCommands;
import org.metasched.pipeline.sweep.SweepInputs;
import org.metasched.pipeline.sweep.SweepRun;
import org.metasched.pipeline.sweep.SweepSpec;
import org.metasched.pipeline.sweep.SweepableCommand;

/**
 * Runs a sweep's cells as Spark tasks: each task calls {@link SweepRun#runOne}, the local engine's cell code, and the
 * driver gets the results back in the local engine's order. The executors never read the sweep file: a task
 * carries its cell's parameters, and the input files go as {@link ClusterInputs} say (resolved on the driver,
 * shipped unless shared). Tasks reading the same file are sliced into the same partitions, and an executor keeps
 * what it read of a file only while a task of its partitions still needs it ({@link SharedInputs}).
 */
final class SparkCells {
    /** What an executor has read of the inputs, shared by its tasks (keys carry the run, so runs never mix). */
    private static final SharedInputs EXECUTOR_INPUTS = new SharedInputs();

    private SparkCells() {}

    /** How to run: the master (null: spark-submit's, else local[*]), shared paths, Spark's progress bar. */
    record Settings(String master, boolean sharedPaths, boolean progress) {}

    /** What the driver tells a task: its position in the results, its cell and replication. */
    record Task(int index, String cellId, TreeMap<String, String> parameters, int replication) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** What a task sends back: plain values. */
    record TaskResult(int index, double[] metrics, double wallSeconds, String error) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** The results and where they ran. */
    record Run(List<SweepRun.Result> results, String master, String applicationId) {}

    static Run run(SweepSpec spec, Settings settings) {
        List<SweepSpec.Cell> cells = spec.cells();
        int reps = spec.replications();
        SweepableCommand command = spec.command();
        ClusterInputs inputs = ClusterInputs.resolve(spec, Path.of("").toAbsolutePath());
        SweepRun.Result[] results = new SweepRun.Result[cells.size() * reps];
        List<Task> tasks = new ArrayList<>();
        for (int task : SweepRun.inputOrder(command, cells, reps)) {
            SweepSpec.Cell cell = cells.get(task / reps);
            boolean here = !settings.sharedPaths()
                    && !SweepRun.inputsOf(command, cell).stream().allMatch(inputs::readableOnDriver);
            if (here) {
                // an input the driver cannot read (a missing trace): the cell fails as with the local engine
                results[task] =
                        SweepRun.runOne(command, spec.seed(), cell, task % reps, SweepInputs.local(new SharedInputs()));
            } else {
                tasks.add(new Task(task, cell.id(), new TreeMap<>(cell.parameters()), task % reps));
            }
        }
        SparkConf conf =
                new SparkConf().setAppName("metasched sweep " + spec.file().getFileName());
        if (settings.master() != null) {
            conf.setMaster(settings.master());
        } else if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        if (!conf.contains("spark.jars")) {
            // started without spark-submit (metasched sweep --engine spark): executors of a cluster need our jar
            conf.setJars(jarsOf(SparkCells.class.getProtectionDomain().getCodeSource()));
        }
        conf.set("spark.ui.enabled", "false");
        conf.set("spark.ui.showConsoleProgress", Boolean.toString(settings.progress()));
        String commandName = command.name();
        long seed = spec.seed();
        String runId = spec.hash() + "/" + System.nanoTime();
        List<TaskResult> out;
        String master;
        String application;
        Path staging = null;
        List<Path> copies = List.of();
        JavaSparkContext[] context = new JavaSparkContext[1];
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            context[0] = sc;
            sc.setLogLevel("ERROR");
            master = sc.master();
            application = sc.sc().applicationId();
            if (!settings.sharedPaths()) {
                staging = Files.createTempDirectory("metasched-spark-inputs");
                copies = inputs.ship(sc, staging);
            }
            if (tasks.isEmpty()) {
                out = List.of();
            } else {
                int slices = Math.max(1, Math.min(tasks.size(), 4 * sc.defaultParallelism()));
                out = sc.parallelize(tasks, slices)
                        .mapPartitions(part -> runPartition(part, commandName, seed, runId, inputs))
                        .collect();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot make a staging directory for the sweep's inputs", e);
        } catch (Exception e) { // Spark's SparkException is checked in Java's terms but declared nowhere
            // Spark gives up on a master it cannot reach ("All masters are unresponsive!") by stopping the context
            // under us, whatever we were calling then: that is the user's --master, not a bug of ours
            if (settings.master() != null
                    && context[0] != null
                    && context[0].sc().isStopped()) {
                throw new org.metasched.model.InputFormatException(
                        "--master " + settings.master() + ": Spark stopped before the sweep ran (it could not reach"
                                + " a master there, or the master gave up); is a Spark master running at that address"
                                + " and reachable from this machine?",
                        e);
            }
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            for (Path copy : copies) {
                try {
                    Files.deleteIfExists(copy); // a copy we made
                } catch (IOException e) {
                    // left in the temporary directory
                }
            }
            if (staging != null) {
                try {
                    Files.deleteIfExists(staging);
                } catch (IOException e) {
                    // a copy we could not delete is left in the temporary directory
                }
            }
        }
        for (TaskResult t : out) {
            SweepSpec.Cell cell = cells.get(t.index() / reps);
            results[t.index()] = new SweepRun.Result(cell, t.index() % reps, t.metrics(), t.wallSeconds(), t.error());
        }
        for (int i = 0; i < results.length; i++) {
            if (results[i] == null) {
                throw new IllegalStateException("Spark returned no result for task " + i);
            }
        }
        return new Run(List.of(results), master, application);
    }

    /** One partition on an executor: its tasks in order, each file read once for the partition's tasks that need it. */
    private static Iterator<TaskResult> runPartition(
            Iterator<Task> part, String commandName, long seed, String runId, ClusterInputs inputs) {
        SweepableCommand command = SweepCommands.byName(commandName, "task");
        List<Task> tasks = new ArrayList<>();
        part.forEachRemaining(tasks::add);
        List<List<String>> used = new ArrayList<>();
        for (Task t : tasks) {
            List<String> values = SweepRun.inputsOf(command, new SweepSpec.Cell(t.cellId(), t.parameters()));
            used.add(values);
            for (String v : values) {
                EXECUTOR_INPUTS.expect(runId + "\n" + v, 1);
            }
        }
        SweepInputs located = new SweepInputs() {
            @Override
            public Path locate(String value) {
                return inputs.locate(value);
            }

            @Override
            public <T> T shared(String value, Class<T> kind, java.util.function.Function<Path, T> read) {
                return EXECUTOR_INPUTS.get(runId + "\n" + value, kind, () -> read.apply(inputs.locate(value)));
            }
        };
        List<TaskResult> results = new ArrayList<>();
        int done = 0;
        try {
            for (; done < tasks.size(); done++) {
                Task t = tasks.get(done);
                List<String> values = used.get(done);
                try {
                    results.add(runTask(command, seed, t, values, inputs, located));
                } finally {
                    release(runId, values);
                }
            }
        } finally {
            for (int i = done + 1; i < tasks.size(); i++) {
                release(runId, used.get(i));
            }
        }
        return results.iterator();
    }

    private static TaskResult runTask(
            SweepableCommand command,
            long seed,
            Task t,
            List<String> values,
            ClusterInputs inputs,
            SweepInputs located) {
        String unreadable = inputs.unreadable(values);
        if (unreadable != null) {
            return new TaskResult(t.index(), null, 0, unreadable);
        }
        SweepRun.Result r = SweepRun.runOne(
                command, seed, new SweepSpec.Cell(t.cellId(), t.parameters()), t.replication(), located);
        String error = r.error() == null ? null : inputs.asWritten(r.error(), values);
        return new TaskResult(t.index(), r.metrics(), r.wallSeconds(), error);
    }

    private static void release(String runId, List<String> values) {
        for (String v : values) {
            EXECUTOR_INPUTS.release(runId + "\n" + v);
        }
    }

    /**
     * The jar a class was loaded from, as a file path ({@code spark.jars}); none when it was not loaded from a jar
     * (the module's classes in a test). Spark's {@code JavaSparkContext.jarOfClass} keeps the URL's escapes, so a
     * checkout in a folder with a space gave {@code /tmp/ci%20space/...jar} and the context failed to start ("Jar
     * ... not found").
     */
    static String[] jarsOf(CodeSource source) {
        if (source == null || source.getLocation() == null) {
            return new String[0];
        }
        try {
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar")
                    ? new String[] {p.toString()}
                    : new String[0];
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return new String[0];
        }
    }
}
