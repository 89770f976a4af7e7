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
 *
 * <p>{@link #forCosts} takes the quantum from the data instead of D4's default where that is exact (prices with
 * cents: {@link DecimalQuantum}); {@link #exact()} says which rule a quantizer follows.
 */
public final class CostQuantizer {
    /** The default quantum: one currency unit. */
    public static final double DEFAULT_QUANTUM = 1.0;
    /** The quantum is raised so that the integer budget never exceeds this many units. */
    public static final double MAX_UNITS = 10_000;

    /** The one rounding tolerance of every cost quantisation, relative to the quotient (absolute below 1). */
    public static final double ROUNDING = 1e-12;

    private final double quantum;
    private final boolean exact;

    private CostQuantizer(double quantum, boolean exact) {
        this.quantum = quantum;
        this.exact = exact;
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
        return new CostQuantizer(q, false);
    }

    /**
     * The data's own quantum where it is exact, else spec D4's ({@link #forBudget(double)}): when every cost added
     * to {@code costs} is a whole multiple of a decimal quantum q ({@link DecimalQuantum#quantum()}, e.g. 0.01 for
     * prices with cents times whole durations) and the budget is at most {@code maxUnits} units of q, the quantizer
     * of q, {@link #exact()}: a set of those costs then fits in units exactly when its real cost fits the budget (a
     * set costing 10.99 fits a budget of 11, which whole currency units would count as 13). The budget need not be
     * a multiple: it rounds down, and sums of multiples cannot fall between. The cap keeps the dynamic programme's
     * table (budget units + 1 columns) small; past it, or with no decimal quantum, D4 as the spec has it.
     *
     * @param costs every cost the quantizer will be asked to count
     */
    public static CostQuantizer forCosts(DecimalQuantum costs, double budget, long maxUnits) {
        double q = costs.quantum();
        if (q > 0) {
            long units = DecimalQuantum.units(budget, q);
            if (units >= 0 && units <= maxUnits) {
                return new CostQuantizer(q, true);
            }
        }
        return forBudget(budget);
    }

    public double quantum() {
        return quantum;
    }

    /**
     * Whether this is a data quantum of {@link #forCosts}: every cost given is a whole multiple of it, so {@link
     * #cost} is exact and a set fits {@link #budget} exactly when its real cost fits the real budget.
     */
    public boolean exact() {
        return exact;
    }

    /** {@code ceil(cost / q)}; for an {@link #exact()} quantum, the whole number of units that cost is. */
    public long cost(double cost) {
        // an exact quantum's multiples by rounding: ceil(4.33 / 0.01) would be 434
        return exact ? Math.round(cost / quantum) : unitsUp(cost, quantum);
    }

    /**
     * {@link #cost} of a cost that may be part of a set fitting a budget of {@code budgetUnits} ({@link #budget}), or
     * {@code budgetUnits + 1} when it cannot: past the budget alone, or not a finite number. Costs of prices near the
     * largest double (1e308 x 10 is infinity, 1e299 / a quantum of 0.01 past a long) became Long.MAX_VALUE, and two
     * of them summed to a negative total that fit every budget: a window costing infinity was chosen under a budget
     * of 5.
     */
    public long costWithin(double cost, long budgetUnits) {
        if (!(cost <= Double.MAX_VALUE)) {
            return budgetUnits + 1;
        }
        return Math.min(cost(cost), budgetUnits + 1);
    }

    /** {@code floor(budget / q)}. */
    public long budget(double budget) {
        return exact ? DecimalQuantum.units(budget, quantum) : unitsDown(budget, quantum);
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
