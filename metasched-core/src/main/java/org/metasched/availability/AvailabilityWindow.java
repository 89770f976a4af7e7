package org.metasched.availability;

import java.util.List;

/**
 * The window an availability search chose (or none): n nodes held together over {@code [start, start + runtime)}.
 *
 * @param found whether some start time has a window of positive availability within the budget
 * @param start the common start time (NaN when not found)
 * @param runtime T
 * @param nodes the chosen nodes' positions in the domain, ascending (empty when not found)
 * @param availability the window's probability {@code prod P_a} (0 when not found)
 * @param cost {@code sum price * T} over the chosen nodes
 * @param evaluations static problems solved by the scan
 * @param exact whether every static problem was solved exactly (the knapsack may pass over a set when a size cap
 *     coarsens its cost quantum: {@link KnapsackSelection#lastExact()}); always true for the greedy rules, which
 *     compare real costs
 */
public record AvailabilityWindow(
        boolean found,
        double start,
        double runtime,
        List<Integer> nodes,
        double availability,
        double cost,
        int evaluations,
        boolean exact) {
    public AvailabilityWindow {
        nodes = List.copyOf(nodes);
    }

    /** An exact result. */
    public AvailabilityWindow(
            boolean found,
            double start,
            double runtime,
            List<Integer> nodes,
            double availability,
            double cost,
            int evaluations) {
        this(found, start, runtime, nodes, availability, cost, evaluations, true);
    }

    public static AvailabilityWindow none(double runtime, int evaluations) {
        return none(runtime, evaluations, true);
    }

    public static AvailabilityWindow none(double runtime, int evaluations, boolean exact) {
        return new AvailabilityWindow(false, Double.NaN, runtime, List.of(), 0, 0, evaluations, exact);
    }
}
