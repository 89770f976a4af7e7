package org.metasched.window.criterion;

/**
 * An additive criterion of the SSA scan (spec 2.3-2.4; paper P000 section 4.1 and Table 1): the value {@code z} of
 * a slot for a window starting at {@code t} with runtime {@code T} on a node of performance {@code p}, inside an
 * idle slot {@code [slotStart, slotEnd]}. The scan maximises the sum of z over the window. A criterion is
 * stateless; adding one is one class implementing this interface plus one registration line in {@code
 * org.metasched.window.WindowSearches}.
 */
public interface PlacementCriterion {
    /** P000 Table 1 constants. */
    double ALPHA1 = 0.1;

    double ALPHA2 = 0.0001;
    double DELTA1 = 1;
    double DELTA2 = 0.1;
    double EPS1 = 0.03;
    double EPS2 = 0.2;
    double EPS3 = 0.35;

    /** The registered short name, e.g. {@code cop}. */
    String name();

    /** The slot value z (larger is better). */
    double z(double slotStart, double slotEnd, double performance, double t, double runtime);

    /** The factor applied to every volume: 1 unless the criterion plans with other runtimes (BFshort: 0.99). */
    default double volumeFactor() {
        return 1.0;
    }

    /**
     * An upper bound on {@code z + t + runtime} over all slots, so that {@code n * (bonus - t - minRuntime)} bounds
     * the window value at start t and the scan can stop early; {@code +Infinity} (the default) for criteria not
     * monotone in the finish time.
     */
    default double finishBonusBound() {
        return Double.POSITIVE_INFINITY;
    }

    /** True when the earliest feasible start is optimal, so the scan stops at the first window (BFstart). */
    default boolean earliestStartIsOptimal() {
        return false;
    }
}
