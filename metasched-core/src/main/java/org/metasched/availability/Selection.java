package org.metasched.availability;

import java.util.List;

/**
 * One static choice (spec 4.3-4.4): which candidates, the product of their availabilities, their total cost, and
 * whether that cost is within the budget (MaxP and MaxP/C may pick a set that is not).
 *
 * @param candidates chosen candidate positions, ascending; empty when nothing was chosen
 * @param availability product of the chosen availabilities (0 when nothing was chosen)
 * @param cost total cost of the chosen candidates
 * @param withinBudget whether {@code cost} is at most the budget
 */
public record Selection(List<Integer> candidates, double availability, double cost, boolean withinBudget) {
    public Selection {
        candidates = List.copyOf(candidates);
    }

    /** Nothing chosen. */
    public static Selection none() {
        return new Selection(List.of(), 0, 0, false);
    }

    public boolean isEmpty() {
        return candidates.isEmpty();
    }
}
