package org.metasched.batch;

import org.metasched.model.Parameter;
import org.metasched.model.Parameter.Kind;
import org.metasched.model.Parameter.Role;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Parameters;

/**
 * The parameters of one batch plan, declared once: {@code metasched batch}'s options and a batch sweep's parameters
 * are these ({@link #ALL}), read and checked by the same code. None has a default of its own: a value given wins
 * over the batch file's field, else the file's or the scheme's default applies (what needs the file, such as a
 * size beyond the batch, the batch file's settings check).
 */
public final class BatchParameters {
    public static final Parameter<String> INPUT = Parameter.of("input", Kind.TEXT, s -> s)
            .role(Role.INPUT)
            .label("FILE")
            .required()
            .description("The batch file (.json, .yaml or .yml).");

    public static final Parameter<BatchScheduler.Scheme> SCHEME = BatchScheduler.Scheme.REGISTRY
            .parameter("scheme")
            .description("{names} (default: the file's 'scheme', else css).");

    public static final Parameter<CssProblem> PROBLEM = CssProblem.REGISTRY
            .parameter("problem")
            .description("The VO problem: {names} (default: the file's 'problem', else min-time).");

    public static final Parameter<CssProblem.Time> TIME = CssProblem.Time.REGISTRY
            .parameter("time")
            .label("KIND")
            .description("What time means: {names} (processor-time is T_CPU; default: the file's 'time', else"
                    + " processor-time).");

    public static final Parameter<Integer> SUB_BATCHES = Parameter.of("sub-batches", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("K")
            .check(ParameterReaders.AT_LEAST_ONE)
            .description("slicer and bsf: contiguous sub-batches, 1 to the batch size (default: 1).");

    public static final Parameter<Integer> CSS_JOBS = Parameter.of("css-jobs", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("N")
            .check(n -> n >= 0 ? null : "must be at least 0, got " + n)
            .description("bsf: the first N jobs by the slicer, the rest by backfilling, 0 to the batch size (default:"
                    + " half the batch, rounded up).");

    public static final Parameter<Double> QUANTUM = Parameter.of("quantum", Kind.NUMBER, ParameterReaders.NUMBER)
            .label("Q")
            .check(q -> q > 0 ? null : Parameter.shown(q) + ", expected a number above 0")
            .description(
                    "css, slicer and bsf: the DP's expense quantum, above 0 (default: the file's 'quantum', else the"
                            + " data's own, e.g. 0.01 for prices with cents: exact). With a quantum that does not"
                            + " divide every expense a second DP checks the choice; the output's 'exact' says whether"
                            + " it is proven optimal.");

    /** Every parameter, in a sweep's column order. */
    public static final Parameters ALL = new Parameters(INPUT, SCHEME, PROBLEM, TIME, SUB_BATCHES, CSS_JOBS, QUANTUM);

    private BatchParameters() {}
}
