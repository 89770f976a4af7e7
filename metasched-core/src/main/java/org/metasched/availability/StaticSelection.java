package org.metasched.availability;

/**
 * The static sub-problem of paper P003 (spec 4.3-4.4): at one start time, choose exactly n of m candidate nodes
 * with availability probabilities {@code P_j} and window costs {@code c_j} (price times T), maximising the
 * product of the chosen probabilities with total cost at most the budget. Products are multiplied in ascending
 * candidate order, so every selection rates a set the same way to the last bit.
 *
 * <p>Implementations: {@link KnapsackSelection} (exact dynamic programme) and {@link GreedySelection} (MaxP, MinC,
 * MaxP/C, GreedyJnt). An instance may keep work arrays: one per thread.
 */
public interface StaticSelection {
    /** Returned when no set of n candidates with positive probability fits the budget. */
    double NONE = -1;

    /**
     * Chooses n of the first m candidates.
     *
     * @param probability availability {@code P_j} of each candidate, in [0, 1]
     * @param cost window cost {@code c_j >= 0} of each candidate
     * @param m how many candidates
     * @param n how many to choose, {@code >= 1}
     * @param budget the most the chosen set may cost; positive infinity for none
     * @param chosen receives the n chosen candidate positions in ascending order (when not {@link #NONE})
     * @return the product of the chosen probabilities, or {@link #NONE}
     */
    double select(double[] probability, double[] cost, int m, int n, double budget, int[] chosen);

    /**
     * Whether the last {@link #select} is exact: the best set among those whose real cost fits the budget. True
     * unless a selection rounds costs (the knapsack, when a size cap coarsens its quantum).
     */
    default boolean lastExact() {
        return true;
    }

    /** The product of {@code probability[chosen[i]]}, multiplied in the order given (ascending positions). */
    static double product(double[] probability, int[] chosen, int n) {
        double p = 1;
        for (int i = 0; i < n; i++) {
            p *= probability[chosen[i]];
        }
        return p;
    }
}
