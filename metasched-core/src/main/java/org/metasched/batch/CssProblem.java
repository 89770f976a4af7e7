package org.metasched.batch;

import org.metasched.registry.Entry;
import org.metasched.registry.Registry;

/**
 * The four VO problems of P002 (spec 3.5, eqs. 6-9): what the combination DP optimises and what it limits,
 * registered by short name in {@link #REGISTRY}. Time is {@link Time#PROCESSOR_TIME} (T_CPU, the sum of the slot
 * lengths) by default, or the window's runtime. Names are resolved once, where they are read; {@link
 * BatchScheduler.Settings} carry the entries.
 */
public final class CssProblem extends Entry {
    /** The problems by name, in the order help texts list them. */
    public static final Registry<CssProblem> REGISTRY = new Registry<>("problem");

    /** (6) max total cost, total time within t*: the owners' profit. */
    public static final CssProblem MAX_COST = REGISTRY.register(new CssProblem(
            "max-cost", "max", "max total cost, total time within t* (eq. 6: the owners' profit)", true, false, true));
    /** (7) min total time, total cost within b*: the VO's criterion. */
    public static final CssProblem MIN_TIME = REGISTRY.register(new CssProblem(
            "min-time", "min", "min total time, total cost within b* (eq. 7: the VO's criterion)", false, true, false));
    /** (8) min total cost, total time within t*. */
    public static final CssProblem MIN_COST = REGISTRY.register(
            new CssProblem("min-cost", "min", "min total cost, total time within t* (eq. 8)", false, false, true));
    /** (9) max total time, total time within t*: idleness minimisation. */
    public static final CssProblem MAX_TIME = REGISTRY.register(new CssProblem(
            "max-time",
            "max",
            "max total time, total time within t* (eq. 9: idleness minimisation)",
            true,
            true,
            true));

    /** What "time" means in the problems, registered by short name in {@link #REGISTRY}. */
    public static final class Time extends Entry {
        /** The kinds of time by name. */
        public static final Registry<Time> REGISTRY = new Registry<>("time");

        public static final Time PROCESSOR_TIME =
                REGISTRY.register(new Time("processor-time", "T_CPU: the sum of the window's slot lengths"));
        public static final Time RUNTIME = REGISTRY.register(new Time("runtime", "the window's runtime"));

        private Time(String name, String description) {
            super(name, "time", description);
        }

        /** The kind of time called {@code name} (case-insensitive), or the bad-input error naming the known ones. */
        public static Time byName(String name) {
            return REGISTRY.byName(name);
        }
    }

    private final boolean maximize;
    private final boolean efficiencyIsTime;
    private final boolean expenseIsTime;

    private CssProblem(
            String name,
            String family,
            String description,
            boolean maximize,
            boolean efficiencyIsTime,
            boolean expenseIsTime) {
        super(name, family, description);
        this.maximize = maximize;
        this.efficiencyIsTime = efficiencyIsTime;
        this.expenseIsTime = expenseIsTime;
    }

    public boolean maximize() {
        return maximize;
    }

    public boolean efficiencyIsTime() {
        return efficiencyIsTime;
    }

    public boolean expenseIsTime() {
        return expenseIsTime;
    }

    /** The problem called {@code name} (case-insensitive), or the bad-input error naming the known ones. */
    public static CssProblem byName(String name) {
        return REGISTRY.byName(name);
    }
}
