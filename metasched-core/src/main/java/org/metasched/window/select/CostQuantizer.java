package org.metasched.window.select;

/**
 * Turns real costs and a real budget into integers for the dynamic programmes (spec 2.1.3, decision D4): item
 * costs round up ({@code ceil(c/q)}) and the budget rounds down ({@code floor(C/q)}), so a set the DP accepts
 * never exceeds the real budget.
 *
 * <p>Every dynamic programme over cost units (SSA, AEP's budget, the availability knapsack, CSS) turns a real value
 * into units through the static methods here, with one rounding tolerance, {@link #ROUNDING}: a quotient within that
 * fraction of itself (absolutely, below one unit) of a whole number counts as that number, so that a price times a
 * duration that should be whole units and came out a few ulps off is not pushed to the next unit.
 */
public final class CostQuantizer {
    /** The default quantum: one currency unit. */
    public static final double DEFAULT_QUANTUM = 1.0;
    /** The quantum is raised so that the integer budget never exceeds this many units. */
    public static final double MAX_UNITS = 10_000;

    /** The one rounding tolerance of every cost quantisation, relative to the quotient (absolute below 1). */
    public static final double ROUNDING = 1e-12;

    private final double quantum;

    private CostQuantizer(double quantum) {
        this.quantum = quantum;
    }

    /** The quantizer for budget {@code budget}: quantum 1, or {@code budget / 10^4} when that is larger. */
    public static CostQuantizer forBudget(double budget) {
        return forBudget(budget, DEFAULT_QUANTUM);
    }

    public static CostQuantizer forBudget(double budget, double quantum) {
        if (!(quantum > 0)) {
            throw new IllegalArgumentException("cost quantum must be > 0, got " + quantum);
        }
        double q = budget / quantum > MAX_UNITS ? budget / MAX_UNITS : quantum;
        return new CostQuantizer(q);
    }

    public double quantum() {
        return quantum;
    }

    /** {@code ceil(cost / q)}. */
    public long cost(double cost) {
        return unitsUp(cost, quantum);
    }

    /** {@code floor(budget / q)}. */
    public long budget(double budget) {
        return unitsDown(budget, quantum);
    }

    /** {@code ceil(x / q)}, a quotient within {@link #ROUNDING} above a whole number counting as that number. */
    public static long unitsUp(double x, double q) {
        double y = x / q;
        return (long) Math.ceil(y - slack(y));
    }

    /** {@code floor(x / q)}, a quotient within {@link #ROUNDING} below a whole number counting as that number. */
    public static long unitsDown(double x, double q) {
        double y = x / q;
        return (long) Math.floor(y + slack(y));
    }

    /**
     * {@code floor(x / q)} never above the real quotient: a quotient within {@link #ROUNDING} above a whole number
     * counts as just below it (the lower bounds of a relaxation).
     */
    public static long unitsBelow(double x, double q) {
        double y = x / q;
        return (long) Math.floor(y - slack(y));
    }

    /** Whether {@code y} is within {@link #ROUNDING} of the whole number {@code r}. */
    public static boolean near(double y, double r) {
        return Math.abs(y - r) <= slack(r);
    }

    private static double slack(double y) {
        return ROUNDING * Math.max(1, Math.abs(y));
    }
}
