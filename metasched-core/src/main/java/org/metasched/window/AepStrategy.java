package org.metasched.window;

/**
 * Selection functions of the AEP scan (spec 3.2, paper P002 section 3). Minimising strategies keep the strictly
 * smallest value over the scan (the earliest found wins ties); AMP and ALP stop at the first step with a
 * feasible selection.
 */
public enum AepStrategy {
    /** Earliest start; the n cheapest slots of the first step whose total fits the budget. */
    AMP("amp", true),
    /**
     * Earliest start; only slots whose unit price is at most the request's maximum unit price enter the window,
     * and the first n of them (in slot order) are taken when their total fits the budget.
     */
    ALP("alp", true),
    /** Minimum total cost. */
    MIN_COST("min-cost", false),
    /** Minimum runtime (exact threshold algorithm, decision D6), ties by lower cost. */
    MIN_RUNTIME("min-runtime", false),
    /** Minimum finish time: window start plus minimum runtime (decision D7). */
    MIN_FINISH("min-finish", false),
    /** Minimum processor time, the paper's simplified variant: one random n-subset per step (seeded). */
    MIN_PROC_TIME("min-proc-time", false),
    /** Minimum processor time, exact: the SSA programme with {@code z = -length} at each step. */
    MIN_PROC_TIME_EXACT("min-proc-time-exact", false);

    private final String shortName;
    private final boolean firstFit;

    AepStrategy(String shortName, boolean firstFit) {
        this.shortName = shortName;
        this.firstFit = firstFit;
    }

    public String shortName() {
        return shortName;
    }

    /** True for AMP and ALP, which stop at the first step with a feasible selection. */
    public boolean firstFit() {
        return firstFit;
    }

    /** The strategy registered under {@code name}, or null. */
    public static AepStrategy byName(String name) {
        for (AepStrategy s : values()) {
            if (s.shortName.equals(name)) {
                return s;
            }
        }
        return null;
    }
}
