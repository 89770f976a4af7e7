package org.metasched.memory;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.metasched.model.Parameter;
import org.metasched.model.Parameter.Kind;
import org.metasched.model.Parameter.Role;
import org.metasched.model.ParameterException;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Parameters;

/**
 * The parameters of one memory run, declared once: {@code metasched memory}'s options and a memory sweep's parameters
 * are these ({@link #ALL}), read and checked by the same code, and {@link MemoryConfig} checks its fields with them
 * too; {@link #config} makes the run's configuration. What involves two parameters (a class larger than a machine,
 * the sizes) {@link MemoryConfig} checks.
 */
public final class MemoryParameters {
    public static final Parameter<MemoryPolicy> POLICY = MemoryPolicy.REGISTRY
            .parameter("policy")
            .otherwise(MemoryConfig.DEFAULT_POLICY)
            .check(p -> p != null
                    ? null
                    : "no policy given, expected one of " + String.join(", ", MemoryPolicy.REGISTRY.names()))
            .description("{names} (case-insensitive; default: adaptive).");

    public static final Parameter<String> WORKLOAD = Parameter.of("workload", Kind.TEXT, MemoryParameters::workload)
            .role(Role.INPUT)
            .label("W")
            .otherwise(MemoryConfig.DEFAULT_WORKLOAD)
            .check(w -> w != null
                            && (w.equals(MemoryStreams.STABLE)
                                    || w.equals(MemoryStreams.PEAK)
                                    || w.endsWith(".swf")
                                    || w.endsWith(".swf.gz")
                                    || w.indexOf('/') >= 0) // a path: a pipe's /dev/fd/63, traces/x.log
                    ? null
                    : "unknown workload '" + w + "', expected " + MemoryStreams.STABLE + ", " + MemoryStreams.PEAK
                            + " or a trace FILE.swf[.gz] (any other file as a path with a '/', e.g. ./" + w + ")")
            .canonical(Function.identity())
            .description("stable or peak (generated Poisson streams, spec 6.6), or an SWF trace FILE.swf[.gz]"
                    + " (another name or a pipe as a path with a '/'; default: peak).");

    public static final Parameter<Integer> MACHINES =
            count("machines", "N", MemoryConfig.DEFAULT_MACHINES, "Machines, at least 1 (default: 5).");

    public static final Parameter<Integer> CORES =
            count("cores", "S", MemoryConfig.DEFAULT_CORES_PER_MACHINE, "Cores per machine, at least 1 (default: 2).");

    public static final Parameter<Integer> MEMORY = count(
            "memory",
            "R",
            MemoryConfig.DEFAULT_MEMORY_GIB,
            "GiB of memory per machine, shared by its cores, at least 1 (default: 4).");

    public static final Parameter<List<Integer>> CLASSES = Parameter.of(
                    "classes",
                    Kind.TEXT,
                    text -> Parameter.wholeNumbers(
                            text, (all, bad) -> "'" + all + "' is not a list of whole GiB values, expected e.g. 1,2,3"))
            .label("G,...")
            .otherwise(MemoryConfig.DEFAULT_CLASSES_GIB)
            .check(MemoryParameters::classesProblem)
            .description("Memory classes in GiB, strictly increasing, each at most R (default: 1,2,3).");

    public static final Parameter<Double> THRESHOLD = Parameter.of("threshold", Kind.NUMBER, ParameterReaders.NUMBER)
            .label("TR")
            .otherwise(MemoryConfig.DEFAULT_THRESHOLD)
            .check(tr -> tr >= 0 && tr <= 1 ? null : Parameter.shown(tr) + " is outside [0, 1]")
            .description("Adaptive policy only: re-provision when a queue's occupancy share exceeds its core share"
                    + " by more than TR, in [0, 1] (default: 0.1).");

    public static final Parameter<Double> LOAD = Parameter.of("load", Kind.NUMBER, ParameterReaders.NUMBER)
            .role(Role.EXPERIMENT)
            .label("L")
            .otherwise(MemoryConfig.DEFAULT_LOAD)
            .check(l -> l > 0 && l <= 1 // a fraction of the cores: 80 is not 80 %
                    ? null
                    : Parameter.shown(l) + ", expected a fraction above 0 and at most 1 (0.8 = 80 % of cores busy)")
            .description("Offered load, the fraction of cores busy on average, above 0 and at most 1 (default: 0.8"
                    + " for a stream; for a trace its arrival times are scaled to it, else kept).");

    public static final Parameter<Double> DURATION = seconds("duration", "D", MemoryConfig.DEFAULT_DURATION_SECONDS)
            .description("Streams only: arrivals in [0, D) seconds, D above 0 (default: 20; the peak is its second"
                    + " quarter).");

    public static final Parameter<Double> MEAN_SERVICE = seconds(
                    "mean-service", "E", MemoryConfig.DEFAULT_MEAN_SERVICE_SECONDS)
            .inFiles("meanService")
            .description("Streams only: mean of the exponential service times in seconds, above 0 (default: 1).");

    /** Every parameter, in a sweep's column order (the help groups them by role). */
    public static final Parameters ALL =
            new Parameters(POLICY, WORKLOAD, MACHINES, CORES, MEMORY, CLASSES, THRESHOLD, LOAD, DURATION, MEAN_SERVICE);

    private MemoryParameters() {}

    /** The run of {@code values} with {@code runs} replications and master seed {@code seed}. */
    public static MemoryConfig config(Parameters.Values values, int runs, long seed) {
        // a threshold given to a policy without one would be ignored, and (in a sweep) still change the cell's id and
        // so its random streams: refused on every surface, named in its words
        if (values.has(THRESHOLD) && values.get(POLICY) != MemoryPolicy.ADAPTIVE) {
            MemoryPolicy p = values.get(POLICY);
            throw new ParameterException(n -> n.apply(THRESHOLD.name())
                    + ": only the adaptive policy has a threshold; policy " + p + " ignores it (leave "
                    + n.apply(THRESHOLD.name()) + " out)");
        }
        return new MemoryConfig(
                values.get(POLICY),
                values.get(MACHINES),
                values.get(CORES),
                values.get(MEMORY),
                values.get(CLASSES),
                values.get(THRESHOLD),
                values.get(WORKLOAD),
                values.get(LOAD),
                values.get(DURATION),
                values.get(MEAN_SERVICE),
                runs,
                seed);
    }

    private static Parameter<Integer> count(String name, String label, int otherwise, String description) {
        return Parameter.of(name, Kind.WHOLE, ParameterReaders.WHOLE)
                .label(label)
                .otherwise(otherwise)
                .check(ParameterReaders.AT_LEAST_ONE)
                .description(description);
    }

    private static Parameter.Builder<Double> seconds(String name, String label, double otherwise) {
        return Parameter.of(name, Kind.NUMBER, ParameterReaders.NUMBER)
                .role(Role.EXPERIMENT)
                .label(label)
                .otherwise(otherwise)
                .check(s -> s > 0 && Double.isFinite(s) ? null : Parameter.shown(s) + ", expected seconds > 0");
    }

    /** The generated streams by their names in any case; anything else as given (a trace's file name). */
    private static String workload(String text) {
        String lower = text.trim().toLowerCase(Locale.ROOT);
        return lower.equals(MemoryStreams.STABLE) || lower.equals(MemoryStreams.PEAK) ? lower : text;
    }

    private static String classesProblem(List<Integer> gib) {
        if (gib == null || gib.isEmpty()) {
            return "no memory class given, expected GiB values such as 1,2,3";
        }
        int previous = 0;
        for (int g : gib) {
            if (g < 1) {
                return "class of " + g + " GiB, expected >= 1 GiB";
            }
            if (g <= previous) {
                StringBuilder all = new StringBuilder();
                gib.forEach(v -> all.append(all.length() == 0 ? "" : ",").append(v));
                return all + " is not strictly increasing";
            }
            previous = g;
        }
        return null;
    }
}
