package org.metasched.availability;

import java.util.List;
import java.util.function.Function;
import org.metasched.registry.Entry;
import org.metasched.registry.Registry;

/**
 * A static selection of paper P003 by short name (the knapsack and the four greedy rules), registered in {@link
 * #REGISTRY}: what {@code select --strategy} offers beside the window searches of {@link
 * org.metasched.window.WindowSearches}. These take an availability problem (nodes with probabilities), so they are a
 * registry of their own.
 */
public final class AvailabilityStrategy extends Entry {
    /** The availability strategies by name, in the order help texts list them. */
    public static final Registry<AvailabilityStrategy> REGISTRY = new Registry<>("availability strategy");

    public static final AvailabilityStrategy KNAPSACK = REGISTRY.register(new AvailabilityStrategy(
            "availability-knapsack",
            "knapsack",
            "the most probable set of n nodes within the budget (dynamic programme over cost units)",
            o -> new KnapsackSelection(o.costQuantum(), o.maxBudgetUnits())));
    public static final AvailabilityStrategy MAX_P = REGISTRY.register(new AvailabilityStrategy(
            "availability-max-p",
            "greedy",
            "greedy: highest availability first (then cheaper); may exceed the budget",
            o -> GreedySelection.MAX_P));
    public static final AvailabilityStrategy MIN_C = REGISTRY.register(new AvailabilityStrategy(
            "availability-min-c",
            "greedy",
            "greedy: cheapest first (then more available); none when even they exceed the budget",
            o -> GreedySelection.MIN_C));
    public static final AvailabilityStrategy MAX_P_C = REGISTRY.register(new AvailabilityStrategy(
            "availability-max-p-c",
            "greedy",
            "greedy: highest availability per unit of cost first (then cheaper); may exceed the budget",
            o -> GreedySelection.MAX_P_C));
    public static final AvailabilityStrategy GREEDY_JNT = REGISTRY.register(new AvailabilityStrategy(
            "greedy-jnt",
            "greedy",
            "P003's GreedyJnt: max-p if within the budget, else max-p-c if within it, else min-c if within it",
            o -> GreedySelection.GREEDY_JNT));

    private final Function<AvailabilityOptions, StaticSelection> selection;

    private AvailabilityStrategy(
            String name, String family, String description, Function<AvailabilityOptions, StaticSelection> selection) {
        super(name, family, description);
        this.selection = selection;
    }

    /** The strategy registered under {@code name} (case-insensitive), or null. */
    public static AvailabilityStrategy byName(String name) {
        return REGISTRY.find(name).orElse(null);
    }

    /** Every short name, in registry order. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    /** A fresh static selection for this strategy (the knapsack keeps work arrays: one per thread). */
    public StaticSelection selection(AvailabilityOptions options) {
        return selection.apply(options);
    }
}
