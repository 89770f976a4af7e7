package org.metasched.pipeline.select;

import static org.metasched.pipeline.select.SelectParameters.BUDGET_UNITS;
import static org.metasched.pipeline.select.SelectParameters.CRITERION;
import static org.metasched.pipeline.select.SelectParameters.INPUT;
import static org.metasched.pipeline.select.SelectParameters.PLACEMENT;
import static org.metasched.pipeline.select.SelectParameters.START_POINTS;
import static org.metasched.pipeline.select.SelectParameters.STEP;
import static org.metasched.pipeline.select.SelectParameters.STRATEGY;

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
import org.metasched.io.problem.AvailabilityProblem;
import org.metasched.io.problem.AvailabilityProblemReader;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.Node;
import org.metasched.model.Parameter;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.window.AepWindowSearch;
import org.metasched.window.CsaWindowSearch;
import org.metasched.window.SsaWindowSearch;
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

    /**
     * One answer.
     *
     * @param strategy the strategy's canonical name
     * @param window the window chosen, in the classic form (an availability strategy's nodes held together over its
     *     start and runtime), empty when none was found
     * @param availability an availability strategy's own answer (probability, evaluations, exactness), null for a
     *     window search
     * @param domain the availability problem's nodes, null for a window search
     * @param ssaExact for an SSA criterion on a finite budget, whether it counted costs exactly ({@link
     *     SsaWindowSearch.Result#exact()}); null otherwise
     */
    public record Result(
            String strategy,
            Optional<Window> window,
            AvailabilityWindow availability,
            AvailabilityDomain domain,
            Boolean ssaExact) {
        /** Whether an availability strategy chose (so {@link #availability} is set). */
        public boolean byAvailability() {
            return availability != null;
        }
    }

    /** Every name {@code select} takes, as registered now: the window searches, then the availability strategies. */
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
        /**
         * Whether the search draws random numbers, so that its seed can change the window: min-proc-time (a random
         * subset at every step) and the availability strategies' starting points placed random or mixed. Every other
         * search is the same under every seed.
         */
        public boolean drawsRandomNumbers() {
            if (availability != null) {
                AvailabilityOptions o = availability.options();
                return !o.fullScan() && o.placement() != StartPointPlacement.UNIFORM;
            }
            return search instanceof AepWindowSearch aep && aep.strategy().drawsRandomNumbers();
        }

        /** Reads {@code input} in the format of the strategy's kind and chooses. */
        public Result find(Path input) {
            if (search == null) {
                AvailabilityProblem problem = AvailabilityProblemReader.read(input);
                availability.requireFits(input + ": horizon", problem.domain(), problem.request());
                return find(problem);
            }
            return find(input.toString(), ProblemReader.read(input));
        }

        /**
         * A window search's choice in {@code problem}, read from the file {@code input}: csa refuses a task too small
         * for the horizon ({@link ProblemReader#requireFewAlternatives}), naming that file.
         */
        public Result find(String input, Problem problem) {
            if (search instanceof CsaWindowSearch) {
                ProblemReader.requireFewAlternatives(input + ": job.volume", problem.domain(), problem.request());
            }
            return find(problem);
        }

        /** A window search's choice in a problem already read. */
        public Result find(Problem problem) {
            if (search instanceof SsaWindowSearch ssa && problem.request().hasBudget()) {
                SsaWindowSearch.Result r = ssa.search(problem.domain().slots(), problem.request(), problem.geometry());
                return new Result(strategy, r.window(), null, null, r.exact());
            }
            return new Result(
                    strategy,
                    search.find(problem.domain().slots(), problem.request(), problem.geometry()),
                    null,
                    null,
                    null);
        }

        /** An availability strategy's choice in a problem already read. */
        public Result find(AvailabilityProblem problem) {
            AvailabilityWindow w = availability.find(problem.domain(), problem.request());
            return new Result(strategy, asWindow(w, problem.domain()), w, problem.domain(), null);
        }
    }

    /** Checks the options against the strategy, reads the input file and chooses: what {@code select} does. */
    public static Result select(Parameters.Values v, long seed) {
        return prepare(v, seed).find(v.get(INPUT));
    }

    /**
     * The strategy of {@code v} with its options checked, before any file is read; {@code seed} gives the random
     * numbers of min-proc-time and of random placements.
     *
     * @throws ParameterException for an option that does not apply to the strategy, naming the options in the
     *     words of the surface that prints it
     */
    public static Search prepare(Parameters.Values v, long seed) {
        String name = v.get(STRATEGY).name();
        if (AvailabilityStrategy.byName(name) != null) {
            return new Search(name, null, byAvailability(name, v, seed));
        }
        for (Parameter<?> p : List.of(START_POINTS, PLACEMENT, STEP, BUDGET_UNITS)) {
            if (v.has(p)) {
                throw new ParameterException(n -> n.apply(p.name()) + " applies to the availability strategies ("
                        + String.join(", ", AvailabilityStrategy.names()) + "); strategy " + name
                        + " scans its own way (leave " + n.apply(p.name()) + " out)");
            }
        }
        if (v.has(CRITERION) && !name.equals("csa")) {
            throw new ParameterException(n -> n.apply("criterion") + " chooses among csa's alternatives; strategy "
                    + name + " has none (give " + n.apply("strategy") + " csa, or leave " + n.apply("criterion")
                    + " out)");
        }
        return new Search(name, WindowSearches.create(name, new WindowSearches.Options(seed, v.get(CRITERION))), null);
    }

    /** One of the availability strategies of paper P003 with its options (docs/select.md). */
    private static AvailabilityWindowSearch byAvailability(String name, Parameters.Values v, long seed) {
        if (v.has(CRITERION)) {
            throw new ParameterException(n -> n.apply("criterion") + " chooses among csa's alternatives; strategy "
                    + name + " has none (leave " + n.apply("criterion") + " out)");
        }
        // the full scan skips start times whose upper bound cannot beat the best window so far: same answer, faster
        AvailabilityOptions options =
                AvailabilityOptions.DEFAULTS.withSeed(seed).withBounded(true);
        if (v.has(START_POINTS)) {
            options = options.withStartPoints(AvailabilityOptions.parseStartPoints(lower(v.get(START_POINTS))));
        }
        if ((v.has(PLACEMENT) || v.has(STEP)) && options.fullScan()) {
            Parameter<?> p = v.has(PLACEMENT) ? PLACEMENT : STEP;
            throw new ParameterException(n -> n.apply(p.name()) + " places and climbs from starting points; give "
                    + n.apply("start-points") + " K (or leave it out for the full scan)");
        }
        if (v.has(PLACEMENT)) {
            options = options.withPlacement(v.get(PLACEMENT));
        }
        if (v.has(STEP)) {
            options = options.withStep(v.get(STEP));
        }
        if (v.has(BUDGET_UNITS)) {
            if (!name.equals("availability-knapsack")) {
                throw new ParameterException(n -> n.apply("budget-units") + " sets the knapsack's resolution; strategy "
                        + name + " is greedy and counts costs exactly (leave " + n.apply("budget-units") + " out)");
            }
            options = options.withQuantisation(options.costQuantum(), v.get(BUDGET_UNITS));
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
