package org.metasched.pipeline.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import org.metasched.registry.Registered;

/**
 * A command a sweep can run cell by cell ({@code metasched sweep}, docs/sweep.md): its parameters with their types,
 * the summary metrics one run yields, and how one cell runs. Registered in {@link SweepCommands}; {@code simulate}
 * is the first, and {@code batch}, {@code gang} or {@code memory} plug in the same way.
 */
public interface SweepableCommand extends Registered {
    /** A parameter's type, from its schema's {@link Parameter.Kind} (a name is text): what the report can draw. */
    enum Type {
        TEXT,
        WHOLE,
        NUMBER,
        BOOLEAN
    }

    /** The command's name in the sweep file's {@code command} field, lower case. */
    @Override
    String name();

    /** Sweepable commands form one family. */
    @Override
    default String family() {
        return "sweep";
    }

    /**
     * The system's parameter schema: the parameters are its parameters, by their names in files, read and checked by
     * the same code as the command's options (a registered name in any case is kept as its canonical name, so {@code
     * Adaptive} and {@code adaptive} are one cell, with one id and one seed).
     */
    Parameters schema();

    /** Its parameters by name, in the order the output columns list them. */
    default Map<String, Type> parameters() {
        Map<String, Type> p = new LinkedHashMap<>();
        for (Parameter<?> q : schema().all()) {
            p.put(
                    q.fileName(),
                    q.kind() == Parameter.Kind.NAME
                            ? Type.TEXT
                            : Type.valueOf(q.kind().name()));
        }
        return p;
    }

    /** True when the values of parameter {@code name} are registered names (each a line of the report). */
    default boolean isName(String name) {
        Parameter<?> p = schema().inFiles(name);
        return p != null && p.kind() == Parameter.Kind.NAME;
    }

    /** The parameters every cell must have. */
    default List<String> required() {
        List<String> out = new ArrayList<>();
        for (Parameter<?> p : schema().all()) {
            if (p.required()) {
                out.add(p.fileName());
            }
        }
        return out;
    }

    /**
     * Checks one cell's parameters beyond their types (allowed names, ranges, combinations).
     *
     * @return null when valid, else what is wrong, in the user's terms
     */
    String check(Map<String, String> cell);

    /**
     * The parameters whose values name input files (a trace): the engine locates them (the Spark engine ships them
     * to its executors), runs the cells that read one file together, and keeps what is read of a file only while
     * such cells are pending ({@link SweepInputs}). None by default.
     */
    default List<String> inputs() {
        return List.of();
    }

    /**
     * The unit of a metric or a numeric parameter, as the report's axis titles show it ({@code "s"}, {@code "%"},
     * {@code "fraction 0..1"}, {@code "jobs"}); empty for a pure number (a slowdown) or a name it does not know.
     */
    default String unit(String name) {
        return "";
    }

    /** The summary metrics of one run, in column order. */
    List<String> metrics();

    /**
     * Runs one cell's replication. Its random streams, if any, come from {@code seed} and {@code replication}: the
     * result never depends on which machine, shard or thread ran it.
     *
     * @param inputs where the files of {@link #inputs()} are and their shared reading: read them through it, never
     *     by the parameter's text
     * @return the metrics, in {@link #metrics()} order
     */
    double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs);
}
