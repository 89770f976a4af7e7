package org.metasched.pipeline.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.metasched.flow.FlowPolicy;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.model.Parameter;
import org.metasched.model.Parameter.Kind;
import org.metasched.model.Parameter.Role;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Parameters;

/**
 * The parameters of one trace replay, declared once: {@code metasched simulate}'s options ({@link #COMMAND}) and a
 * simulate sweep's parameters ({@link #ALL}: the same and {@code scale}) are these, read and checked by the same
 * code; {@link #options} makes the reader's {@link SwfOptions}. {@code kill} is true by default, so the command line
 * gives it as the flag {@code --no-kill}.
 */
public final class SimulateParameters {
    // No lambdas or method references here: simulate links none (docs/performance.md, "No lambdas on simulate's path").

    private static final List<String> SIZES = List.of("allocated", "requested");

    public static final Parameter<Path> WORKLOAD = Parameter.of("workload", Kind.TEXT, ParameterReaders.PATH)
            .role(Role.INPUT)
            .label("FILE")
            .required()
            .description("The SWF trace, plain or gzipped.");

    public static final Parameter<FlowPolicy> POLICY = FlowPolicy.registry()
            .parameter("policy")
            .required()
            .description("The job-flow policy: {names} (case-insensitive).");

    public static final Parameter<Integer> PROCESSORS = Parameter.of(
                    "processors", Kind.WHOLE, new Function<String, Integer>() {
                        @Override
                        public Integer apply(String t) {
                            return Parameter.whole(t, SwfReader.MAX_PROCESSORS);
                        }
                    })
            .label("P")
            .check(new Function<>() {
                @Override
                public String apply(Integer p) {
                    return p > SwfReader.MAX_PROCESSORS
                            ? p + " is more than metasched simulates (at most " + SwfReader.MAX_PROCESSORS + ")"
                            : Parameter.atLeastOne(p);
                }
            })
            .description("Machine size, at least 1 (default: the trace's MaxProcs, else MaxNodes header).");

    public static final Parameter<Double> SCALE = Parameter.of("scale", Kind.NUMBER, ParameterReaders.NUMBER)
            .label("X")
            .check(new Function<>() {
                @Override
                public String apply(Double x) {
                    return !(x > 0)
                            ? Parameter.shown(x) + ", expected a number above 0"
                            : x > SwfReader.MAX_PROCESSORS // every trace has a processor at least: known unread
                                    ? x + " makes a machine of more than the limit of " + SwfReader.MAX_PROCESSORS
                                            + " processors; give a smaller scale"
                                    : null;
                }
            })
            .description("Sweeps only: the machine as a multiple of the trace's header size, rounded (instead of"
                    + " processors).");

    public static final Parameter<Integer> JOBS = Parameter.of("jobs", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("N")
            .check(ParameterReaders.AT_LEAST_ONE)
            .description("Simulate only the first N accepted jobs, at least 1 (default: all).");

    public static final Parameter<SwfOptions.SizeField> SIZE = Parameter.of(
                    "size", Kind.TEXT, new Function<String, SwfOptions.SizeField>() {
                        @Override
                        public SwfOptions.SizeField apply(String s) {
                            return SwfOptions.SizeField.valueOf(
                                    Parameter.oneOf(s, "size field", SIZES).toUpperCase(Locale.ROOT));
                        }
                    })
            .label("FIELD")
            .otherwise(SwfOptions.SizeField.ALLOCATED)
            .canonical(new Function<>() {
                @Override
                public String apply(SwfOptions.SizeField f) {
                    return f.name().toLowerCase(Locale.ROOT);
                }
            })
            .choices(new Supplier<>() {
                @Override
                public List<String> get() {
                    return SIZES;
                }
            })
            .description("Job size from 'allocated' (SWF field 5, the default) or 'requested' (field 8) processors;"
                    + " the other field is the fallback when it is 0 or negative (unknown).");

    public static final Parameter<Boolean> KILL = Parameter.of("kill", Kind.BOOLEAN, ParameterReaders.BOOL)
            .otherwise(true)
            .description("Raise a short estimate to the run time instead of killing the job at its estimate.");

    /** The command's options, in the help's order. */
    public static final Parameters COMMAND = new Parameters(WORKLOAD, POLICY, PROCESSORS, JOBS, SIZE, KILL);

    /** Every parameter, in a sweep's column order. */
    public static final Parameters ALL = new Parameters(WORKLOAD, POLICY, PROCESSORS, SCALE, JOBS, SIZE, KILL);

    private SimulateParameters() {}

    /** How the reader turns the trace into jobs for {@code values} (a scale left to the caller). */
    public static SwfOptions options(Parameters.Values values) {
        Integer processors = values.get(PROCESSORS);
        Integer jobs = values.get(JOBS);
        return new SwfOptions(
                values.get(SIZE),
                values.get(KILL) ? SwfOptions.Overrun.KILL : SwfOptions.Overrun.EXTEND,
                processors == null ? 0 : processors,
                jobs == null ? 0 : jobs);
    }
}
