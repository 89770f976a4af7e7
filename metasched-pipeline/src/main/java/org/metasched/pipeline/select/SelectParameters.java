package org.metasched.pipeline.select;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.StartPointPlacement;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.model.Parameter.Kind;
import org.metasched.model.Parameter.Role;
import org.metasched.model.ParameterException;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Parameters;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.window.CsaCriterion;

/**
 * The parameters of one window choice, declared once: {@code metasched select}'s options and a select sweep's
 * parameters are these ({@link #ALL}), read and checked by the same code. Which option applies to which strategy
 * {@link SelectPipeline#prepare} checks, naming the options in the words of the surface that read them.
 */
public final class SelectParameters {
    public static final Parameter<Path> INPUT = Parameter.of("input", Kind.TEXT, ParameterReaders.PATH)
            .role(Role.INPUT)
            .label("FILE")
            .required()
            .description("The problem file (.json, .yaml or .yml).");

    public static final Parameter<Registered> STRATEGY = Registry.parameter("strategy", SelectPipeline::strategies)
            .otherwise(SelectPipeline.strategies().byName("min-finish"))
            .description("A registered window search, case-insensitive (default: min-finish): {names}. The last five"
                    + " choose by availability (paper P003; docs/select.md).");

    public static final Parameter<CsaCriterion> CRITERION = named(
                    "criterion", CsaCriterion.values(), CsaCriterion::shortName)
            .label("CRIT")
            .otherwise(CsaCriterion.COST)
            .description("Only with csa: which of its alternatives to return, {names} (default: cost).");

    public static final Parameter<String> START_POINTS = Parameter.of(
                    "start-points", Kind.TEXT, SelectParameters::startPoints)
            .label("K")
            .description("Availability strategies only: scan every whole start time ('full', the default) or climb"
                    + " from K starting points.");

    public static final Parameter<StartPointPlacement> PLACEMENT = named(
                    "placement", StartPointPlacement.values(), StartPointPlacement::shortName)
            .label("HOW")
            .description("Availability strategies with --start-points K only: where the K points lie, uniform (the"
                    + " default), random or mixed.");

    public static final Parameter<Integer> STEP = Parameter.of("step", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("D")
            .check(ParameterReaders.AT_LEAST_ONE)
            .description("Availability strategies with --start-points K only: the gradient step in time units, at"
                    + " least 1 (default: 10).");

    public static final Parameter<Integer> BUDGET_UNITS = Parameter.of(
                    "budget-units", Kind.WHOLE, ParameterReaders.WHOLE)
            .label("U")
            .check(ParameterReaders.AT_LEAST_ONE)
            .description("availability-knapsack only: the most units the budget may count, at least 1 (default:"
                    + " 10000). Costs are counted in the data's own unit (0.01 for prices with cents) when the budget"
                    + " is at most U of them: exact; else in units of budget / U, and the output says exact: no"
                    + " (docs/select.md).");

    /** Every parameter, in the help's and a sweep's column order. */
    public static final Parameters ALL =
            new Parameters(INPUT, STRATEGY, CRITERION, START_POINTS, PLACEMENT, STEP, BUDGET_UNITS);

    private SelectParameters() {}

    /**
     * {@code full} or a whole number K >= 1, checked where the other values are (so the command line names the
     * option as for them: {@code metasched select: --start-points: must be ...}); the text as given.
     */
    private static String startPoints(String text) {
        try {
            AvailabilityOptions.parseStartPoints(text.trim().toLowerCase(Locale.ROOT));
            return text;
        } catch (InputFormatException e) {
            throw new Parameter.Invalid(
                    "must be 'full' or a whole number >= 1, got '" + ParameterException.shown(text) + "'");
        }
    }

    /** A parameter whose value is one of {@code values}, by its short name in any case. */
    private static <E> Parameter.Builder<E> named(String name, E[] values, Function<E, String> shortName) {
        List<String> names = new ArrayList<>();
        for (E e : values) {
            names.add(shortName.apply(e));
        }
        return Parameter.<E>of(name, Kind.NAME, text -> {
                    int i = names.indexOf(text.trim().toLowerCase(Locale.ROOT));
                    if (i < 0) {
                        throw new Parameter.Invalid("unknown " + name + " '" + ParameterException.shown(text)
                                + "', expected one of " + String.join(", ", names));
                    }
                    return values[i];
                })
                .canonical(shortName)
                .choices(() -> names);
    }
}
