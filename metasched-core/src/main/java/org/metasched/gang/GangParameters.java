package org.metasched.gang;

import java.util.List;
import java.util.Locale;
import org.metasched.model.Parameter;
import org.metasched.model.Parameter.Kind;
import org.metasched.model.Parameter.Role;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Parameters;
import org.metasched.model.Sizes;
import org.metasched.registry.Registration;

/**
 * The parameters of one gang run, declared once: {@code metasched gang}'s options and a gang sweep's parameters are
 * these ({@link #ALL}), read and checked by the same code, and {@link #config} makes the run's {@link GangConfig}.
 * Their defaults are the only ones: {@link GangConfig#DEFAULTS} takes them from here.
 */
public final class GangParameters {
    public static final Parameter<String> WORKLOAD = Parameter.of("workload", Kind.TEXT, s -> s)
            .role(Role.INPUT)
            .label("FILE")
            .required()
            .description("The SWF trace, plain or gzipped.");

    public static final Parameter<List<Integer>> CLUSTERS = Parameter.of(
                    "clusters", Kind.TEXT, GangParameters::clusters)
            .label("M,...")
            .otherwise(List.of(128, 256))
            .check(GangParameters::clustersProblem)
            .description("Processors of each cluster, each at least 1 (default: 128,256, the paper's grid).");

    public static final Parameter<Registration<LocalDispatcher, Void>> DISPATCH = GangRegistries.DISPATCHERS
            .parameter("dispatch")
            .otherwise(GangRegistries.DISPATCHERS.byName("olb"))
            .description("Local dispatcher: {names} (case-insensitive; default: olb).");

    public static final Parameter<Registration<GangPolicy, Void>> POLICY = GangRegistries.POLICIES
            .parameter("policy")
            .otherwise(GangRegistries.POLICIES.byName("afcfs"))
            .description("Queue policy, '-m' with migration: {names} (case-insensitive; default: afcfs).");

    public static final Parameter<Registration<StartRule, Void>> START_RULE = GangRegistries.START_RULES
            .parameter("start-rule")
            .otherwise(GangRegistries.START_RULES.byName("queue-heads"))
            .description("When a waiting job starts: {names} (case-insensitive; default: queue-heads). queue-heads,"
                    + " spec D13 v2: each of its tasks heads its processor's queue and those processors are idle;"
                    + " adapted, D13 v1: as soon as its processors are idle, wherever it sits in their queues.");

    public static final Parameter<ClockModel> CLOCK = Parameter.of(
                    "clock",
                    Kind.TEXT,
                    s -> ClockModel.valueOf(Parameter.oneOf(s, "clock model", List.of("homogeneous", "heterogeneous"))
                            .toUpperCase(Locale.ROOT)))
            .label("KIND")
            .otherwise(ClockModel.HETEROGENEOUS)
            .canonical(c -> c.name().toLowerCase(Locale.ROOT))
            .description("Processor clock rates: homogeneous (all 2000 MHz) or heterogeneous (each drawn from the"
                    + " paper's 1500-3500 MHz list; the default).");

    public static final Parameter<Integer> JOBS = Parameter.of("jobs", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("N")
            .check(ParameterReaders.AT_LEAST_ONE)
            .description("Only the first N jobs the reader accepts, at least 1 (default: all).");

    /** Every parameter, in the help's and a sweep's column order. */
    public static final Parameters ALL = new Parameters(WORKLOAD, CLUSTERS, DISPATCH, POLICY, START_RULE, CLOCK, JOBS);

    private GangParameters() {}

    /** The run of {@code values} with master seed {@code seed} (the other fields as {@link GangConfig#DEFAULTS}). */
    public static GangConfig config(Parameters.Values values, long seed) {
        return GangConfig.DEFAULTS
                .withClusters(values.get(CLUSTERS))
                .withDispatch(values.get(DISPATCH))
                .withPolicy(values.get(POLICY))
                .withStartRule(values.get(START_RULE))
                .withClocks(values.get(CLOCK))
                .withSeed(seed);
    }

    /** The processors of each cluster from their text, e.g. {@code "128,256"}. */
    static List<Integer> clusters(String text) {
        return Parameter.wholeNumbers(
                text,
                (all, bad) -> "'" + all + "': '" + bad
                        + (bad.matches("\\+?[0-9]+") // digits past an int: a size, too large
                                ? "' processors is more than the limit of " + Sizes.count(GangConfig.MAX_PROCESSORS)
                                        + " processors in all"
                                : "' is not a whole number of processors, expected sizes such as 128,256 (the limit"
                                        + " is " + Sizes.count(GangConfig.MAX_PROCESSORS) + " processors in all)"));
    }

    private static String clustersProblem(List<Integer> sizes) {
        if (sizes == null || sizes.isEmpty()) {
            return "at least one cluster is needed, got none";
        }
        for (Integer m : sizes) {
            if (m == null || m < 1) {
                return "every cluster needs at least 1 processor, got " + m + " in " + sizes;
            }
        }
        return null;
    }
}
