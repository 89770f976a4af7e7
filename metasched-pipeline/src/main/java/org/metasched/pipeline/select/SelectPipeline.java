package org.metasched.pipeline.select;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.availability.StartPointPlacement;
import org.metasched.io.Text;
import org.metasched.io.problem.AvailabilityProblem;
import org.metasched.io.problem.AvailabilityProblemReader;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.InputFormatException;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.window.CsaCriterion;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * {@code metasched select}, exactly as the command runs it (docs/select.md): one window for one problem file, by a
 * registered window search or by one of the availability strategies of paper P003, with the rules on which option
 * applies to which strategy. The command parses and prints; a test or a sweep cell calls {@link #select} the same
 * way.
 */
public final class SelectPipeline {
    private SelectPipeline() {}

    /** The default strategy. */
    public static final String DEFAULT_STRATEGY = "min-finish";

    /**
     * What {@code select} is asked; null where an option is not given.
     *
     * @param strategy a registered window search or availability strategy (any case), null for {@link
     *     #DEFAULT_STRATEGY}
     * @param criterion csa only: which of its alternatives
     * @param startPoints availability strategies: {@code full} or a number K of starting points
     * @param placement availability strategies with K starting points: uniform, random or mixed
     * @param step availability strategies with K starting points: the gradient step
     * @param budgetUnits availability-knapsack: the most units the budget may count
     * @param seed the random numbers of min-proc-time and of random placements
     */
    public record Settings(
            String strategy,
            CsaCriterion criterion,
            String startPoints,
            String placement,
            Integer step,
            Integer budgetUnits,
            long seed) {
        /** The default strategy, no option, seed 0. */
        public static final Settings DEFAULTS = new Settings(null, null, null, null, null, null, 0);

        /** The strategy's canonical (lower-case) name. */
        public String strategyName() {
            return strategy == null ? DEFAULT_STRATEGY : strategy.trim().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One answer.
     *
     * @param strategy the strategy's canonical name
     * @param window the window chosen, in the classic form (an availability strategy's nodes held together over its
     *     start and runtime), empty when none was found
     * @param availability an availability strategy's own answer (probability, evaluations, exactness), null for a
     *     window search
     * @param domain the availability problem's nodes, null for a window search
     */
    public record Result(
            String strategy, Optional<Window> window, AvailabilityWindow availability, AvailabilityDomain domain) {
        /** Whether an availability strategy chose (so {@link #availability} is set). */
        public boolean byAvailability() {
            return availability != null;
        }
    }

    /** Every name {@code select} takes: the registered window searches, then the availability strategies. */
    public static Registry<Registered> strategies() {
        Registry<Registered> all = new Registry<>("strategy");
        WindowSearches.registry().entries().forEach(all::register);
        AvailabilityStrategy.REGISTRY.entries().forEach(all::register);
        return all;
    }

    /**
     * A strategy with its options checked, ready to choose in any number of problem files.
     *
     * @param strategy the strategy's canonical name
     * @param search the window search, null for an availability strategy
     * @param availability the availability strategy's search, null for a window search
     */
    public record Search(String strategy, WindowSearch search, AvailabilityWindowSearch availability) {
        /** Reads {@code input} in the format of the strategy's kind and chooses. */
        public Result find(Path input) {
            return search != null ? find(ProblemReader.read(input)) : find(AvailabilityProblemReader.read(input));
        }

        /** A window search's choice in a problem already read. */
        public Result find(Problem problem) {
            return new Result(
                    strategy, search.find(problem.domain().slots(), problem.request(), problem.geometry()), null, null);
        }

        /** An availability strategy's choice in a problem already read. */
        public Result find(AvailabilityProblem problem) {
            AvailabilityWindow w = availability.find(problem.domain(), problem.request());
            return new Result(strategy, asWindow(w, problem.domain()), w, problem.domain());
        }
    }

    /** Checks the options against the strategy, reads {@code input} and chooses: what {@code select} does. */
    public static Result select(Path input, Settings s) {
        return prepare(s).find(input);
    }

    /**
     * The strategy of {@code s} with its options checked, before any file is read.
     *
     * @throws InputFormatException for an option that does not apply to the strategy (named as the command's
     *     option)
     */
    public static Search prepare(Settings s) {
        String name = s.strategyName();
        if (AvailabilityStrategy.byName(name) != null) {
            return new Search(name, null, byAvailability(name, s));
        }
        for (String[] o : new String[][] {
            {"--start-points", s.startPoints()},
            {"--placement", s.placement()},
            {"--step", s.step() == null ? null : "" + s.step()},
            {"--budget-units", s.budgetUnits() == null ? null : "" + s.budgetUnits()}
        }) {
            if (o[1] != null) {
                throw new InputFormatException(o[0] + " applies to the availability strategies ("
                        + String.join(", ", AvailabilityStrategy.names()) + "); strategy " + name
                        + " scans its own way (leave " + o[0] + " out)");
            }
        }
        if (s.criterion() != null && !name.equals("csa")) {
            throw new InputFormatException("--criterion chooses among csa's alternatives; strategy " + name
                    + " has none (give --strategy csa, or leave --criterion out)");
        }
        CsaCriterion csa = s.criterion() == null ? CsaCriterion.COST : s.criterion();
        return new Search(name, WindowSearches.create(name, new WindowSearches.Options(s.seed(), csa)), null);
    }

    /** One of the availability strategies of paper P003 with its options (docs/select.md). */
    private static AvailabilityWindowSearch byAvailability(String name, Settings s) {
        if (s.criterion() != null) {
            throw new InputFormatException("--criterion chooses among csa's alternatives; strategy " + name
                    + " has none (leave --criterion out)");
        }
        // the full scan skips start times whose upper bound cannot beat the best window so far: same answer, faster
        AvailabilityOptions options =
                AvailabilityOptions.DEFAULTS.withSeed(s.seed()).withBounded(true);
        if (s.startPoints() != null) {
            options = options.withStartPoints(AvailabilityOptions.parseStartPoints(lower(s.startPoints())));
        }
        if ((s.placement() != null || s.step() != null) && options.fullScan()) {
            throw new InputFormatException((s.placement() != null ? "--placement" : "--step")
                    + " places and climbs from starting points; give --start-points K (or leave it out for the"
                    + " full scan)");
        }
        if (s.placement() != null) {
            StartPointPlacement p = StartPointPlacement.byName(lower(s.placement()));
            if (p == null) {
                throw new InputFormatException("--placement: unknown placement '" + Text.shown(s.placement())
                        + "', expected uniform, random or mixed");
            }
            options = options.withPlacement(p);
        }
        if (s.step() != null) {
            options = options.withStep(s.step());
        }
        if (s.budgetUnits() != null) {
            if (!name.equals("availability-knapsack")) {
                throw new InputFormatException("--budget-units sets the knapsack's resolution; strategy " + name
                        + " is greedy and counts costs exactly (leave --budget-units out)");
            }
            options = options.withQuantisation(options.costQuantum(), s.budgetUnits());
        }
        return new AvailabilityWindowSearch(AvailabilityStrategy.byName(name), options);
    }

    private static String lower(String value) {
        return value.trim().toLowerCase(Locale.ROOT);
    }

    /** The chosen nodes held together over [start, start + T], as a window of the classic form. */
    static Optional<Window> asWindow(AvailabilityWindow w, AvailabilityDomain domain) {
        if (!w.found()) {
            return Optional.empty();
        }
        List<Allocation> slots = new ArrayList<>();
        for (int i : w.nodes()) {
            Node node = domain.nodes().get(i).node();
            double end = w.start() + w.runtime();
            slots.add(new Allocation(new Slot(node, w.start(), end), w.start(), end));
        }
        return Optional.of(new Window(w.start(), w.runtime(), w.cost(), w.runtime() * slots.size(), slots));
    }
}
