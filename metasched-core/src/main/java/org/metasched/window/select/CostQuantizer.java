package org.metasched.window.select;

/**
 * Turns real costs and a real budget into integers for the dynamic programmes (spec 2.1.3, decision D4): item
 * costs round up ({@code ceil(c/q)}) and the budget rounds down ({@code floor(C/q)}), so a set the DP accepts
 * never exceeds the real budget.
 */
public final class CostQuantizer {
    /** The default quantum: one currency unit. */
    public static final double DEFAULT_QUANTUM = 1.0;
    /** The quantum is raised so that the integer budget never exceeds this many units. */
    public static final double MAX_UNITS = 10_000;

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
        return (long) Math.ceil(cost / quantum - 1e-12);
    }

    /** {@code floor(budget / q)}. */
    public long budget(double budget) {
        return (long) Math.floor(budget / quantum + 1e-12);
    }
}
