package org.metasched.pipeline.reproduce;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.io.OutputDirectory;
import org.metasched.model.InputFormatException;
import org.metasched.model.Sizes;
import org.metasched.pipeline.Outputs;

/** Runs a {@link ReproduceTarget} and writes its output directory, exactly as {@code metasched reproduce} does. */
public final class ReproducePipeline {
    private ReproducePipeline() {}

    /**
     * The target's settings: the given parameters checked against the ones it declares, the missing ones at
     * their defaults.
     *
     * @throws InputFormatException for a parameter the target does not declare or a value it does not allow
     */
    public static ReproduceTarget.Settings settings(
            ReproduceTarget target, int runs, long seed, int threads, Map<String, String> given) {
        Sizes.atMost(
                "runs " + runs,
                "runs",
                runs,
                maxRuns(target),
                BYTES_PER_RUN,
                "give fewer --runs (the target's default is " + target.defaultRuns() + ")");
        Map<String, List<String>> declared = target.parameters();
        Map<String, String> files = target.fileParameters();
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (files.containsKey(e.getKey())) {
                if (e.getValue().isBlank()) {
                    throw new InputFormatException("parameter '" + e.getKey() + "': empty, expected a file (default "
                            + files.get(e.getKey()) + ")");
                }
                values.put(e.getKey(), e.getValue());
                continue;
            }
            List<String> allowed = declared.get(e.getKey());
            if (allowed == null) {
                List<String> names = new java.util.ArrayList<>(declared.keySet());
                names.addAll(files.keySet());
                throw new InputFormatException("parameter '" + e.getKey() + "' does not apply to target "
                        + target.name()
                        + (names.isEmpty()
                                ? " (it has no parameter of its own; runs, seed and threads apply to every" + " target)"
                                : " (its parameters: " + String.join(", ", names) + ")"));
            }
            String v = e.getValue().toLowerCase(java.util.Locale.ROOT);
            if (!allowed.contains(v)) {
                throw new InputFormatException("parameter '" + e.getKey() + "': unknown value '" + e.getValue()
                        + "', expected one of " + String.join(", ", allowed));
            }
            values.put(e.getKey(), v);
        }
        for (Map.Entry<String, List<String>> d : declared.entrySet()) {
            values.putIfAbsent(d.getKey(), d.getValue().get(0));
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            values.putIfAbsent(f.getKey(), f.getValue());
        }
        // one order whatever the order given and the maps' own: the declared names sorted, then the file ones
        Map<String, String> ordered = new LinkedHashMap<>();
        declared.keySet().stream().sorted().forEach(k -> ordered.put(k, values.get(k)));
        files.keySet().stream().sorted().forEach(k -> ordered.put(k, values.get(k)));
        return new ReproduceTarget.Settings(runs, seed, threads, ordered);
    }

    /** What a run holds until the table is made: its task, its result and their share of the tables. */
    private static final double BYTES_PER_RUN = 4096;

    /**
     * The most runs a target takes: a hundred times its default (at least 10 000), far beyond any confidence
     * interval a table needs, and within what every run's result, kept until the table is made, may take.
     */
    static long maxRuns(ReproduceTarget target) {
        return Math.max(10_000L, 100L * target.defaultRuns());
    }

    public static ReproduceTarget.Outcome run(
            ReproduceTarget target, ReproduceTarget.Settings settings, IntConsumer progress) {
        return target.run(settings, progress);
    }

    /** Writes {@code table.csv} and the report into {@code dir}, all or nothing ({@link OutputDirectory}). */
    public static void write(Path dir, ReproduceTarget.Outcome outcome, Outputs outputs, String command) {
        OutputDirectory.write(dir, d -> outcome.writeInto(d, outputs, command));
    }

    /** {@code results/<target>}. */
    public static Path defaultDirectory(ReproduceTarget target) {
        return Path.of("results", target.name());
    }
}
