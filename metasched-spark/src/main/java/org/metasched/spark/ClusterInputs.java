package org.metasched.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkEnv;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.metasched.pipeline.sweep.SweepRun;
import org.metasched.pipeline.sweep.SweepSpec;

/**
 * A sweep's input files on a cluster. On the driver, every value of an input parameter ({@code workload: ../x.swf})
 * is resolved against the driver's current directory, as the local engine reads it, before anything goes to an
 * executor; the files are then shipped with the job through Spark's own file distribution ({@link
 * JavaSparkContext#addFile}), unless the user says the paths are shared, in which case every executor reads the
 * driver's absolute path. On an executor, {@link #locate} says where a value's file is there, and {@link
 * #unreadable} why a file cannot be read there (with the host, for the cell's error column).
 */
final class ClusterInputs implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Value as written in the sweep file -> the driver's absolute path. */
    private final Map<String, String> absolute;

    /** Value -> the file name Spark ships it under (only values shipped). */
    private final Map<String, String> shipped = new LinkedHashMap<>();

    private ClusterInputs(Map<String, String> absolute) {
        this.absolute = absolute;
    }

    /** Every input value of the sweep, resolved against {@code base} (the driver's current directory). */
    static ClusterInputs resolve(SweepSpec spec, Path base) {
        Map<String, String> absolute = new LinkedHashMap<>();
        for (SweepSpec.Cell c : spec.cells()) {
            for (String v : SweepRun.inputsOf(spec.command(), c)) {
                absolute.computeIfAbsent(
                        v, k -> base.resolve(k).toAbsolutePath().normalize().toString());
            }
        }
        return new ClusterInputs(absolute);
    }

    /** Whether the driver can read the file of {@code value} (a cell whose input it cannot read runs on the driver). */
    boolean readableOnDriver(String value) {
        Path p = Path.of(absolute.get(value));
        return Files.isRegularFile(p) && Files.isReadable(p);
    }

    /**
     * Ships every file the driver can read with the job. Spark names a shipped file by its own name (the target's,
     * for a symbolic link), so a second file of the same name goes as a copy named by its index in {@code staging}.
     *
     * @return the copies made, for the caller to delete after the job
     */
    List<Path> ship(JavaSparkContext sc, Path staging) {
        List<Path> copies = new ArrayList<>();
        Map<String, Path> byName = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<String, String> e : absolute.entrySet()) {
            if (!readableOnDriver(e.getKey())) {
                continue;
            }
            try {
                Path real = Path.of(e.getValue()).toRealPath();
                String name = real.getFileName().toString();
                Path same = byName.get(name);
                if (same == null) {
                    byName.put(name, real);
                    sc.addFile(real.toString());
                } else if (!same.equals(real)) {
                    Path copy = staging.resolve(i++ + "-" + name);
                    Files.copy(real, copy);
                    copies.add(copy);
                    name = copy.getFileName().toString();
                    byName.put(name, copy);
                    sc.addFile(copy.toString());
                }
                shipped.put(e.getKey(), name);
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot ship " + e.getValue() + " with the Spark job", ex);
            }
        }
        return copies;
    }

    /** On an executor: where the file of {@code value} is (Spark's copy when shipped, else the driver's path). */
    Path locate(String value) {
        String name = shipped.get(value);
        if (name != null) {
            return Path.of(SparkFiles.get(name));
        }
        String abs = absolute.get(value);
        return Path.of(abs != null ? abs : value);
    }

    /**
     * On an executor: null when every input of the cell can be read here, else the cell's error: the host, the
     * path and why.
     */
    String unreadable(List<String> values) {
        for (String v : values) {
            Path p = locate(v);
            String why = Files.isDirectory(p)
                    ? "is a directory"
                    : !Files.exists(p) ? "no such file" : !Files.isReadable(p) ? "permission denied" : null;
            if (why != null) {
                return "host " + host() + " cannot read " + p + (p.toString().equals(v) ? "" : " (" + v + ")") + ": "
                        + why;
            }
        }
        return null;
    }

    /** The message of a cell's error with the executor's path of each input replaced by the value as written. */
    String asWritten(String message, List<String> values) {
        String m = message;
        for (String v : values) {
            String p = locate(v).toString();
            if (!p.equals(v)) {
                m = m.replace(p, v);
            }
        }
        return m;
    }

    private static String host() {
        SparkEnv env = SparkEnv.get();
        if (env == null) {
            return "unknown";
        }
        return env.blockManager().blockManagerId().host() + " (executor " + env.executorId() + ")";
    }
}
