package org.metasched.batch;

import java.util.Locale;
import org.metasched.model.InputFormatException;

/**
 * The four VO problems of P002 (spec 3.5, eqs. 6-9): what the combination DP optimises and what it limits. Time
 * is {@link Time#PROCESSOR_TIME} (T_CPU, the sum of the slot lengths) by default, or the window's runtime.
 */
public enum CssProblem {
    /** (6) max total cost, total time within t*: the owners' profit. */
    MAX_COST("max-cost", true, false, true),
    /** (7) min total time, total cost within b*: the VO's criterion. */
    MIN_TIME("min-time", false, true, false),
    /** (8) min total cost, total time within t*. */
    MIN_COST("min-cost", false, false, true),
    /** (9) max total time, total time within t*: idleness minimisation. */
    MAX_TIME("max-time", true, true, true);

    /** What "time" means in the problems. */
    public enum Time {
        PROCESSOR_TIME("processor-time"),
        RUNTIME("runtime");

        private final String shortName;

        Time(String shortName) {
            this.shortName = shortName;
        }

        public String shortName() {
            return shortName;
        }

        public static Time parse(String name, String where) {
            for (Time t : values()) {
                if (t.shortName.equalsIgnoreCase(name)) {
                    return t;
                }
            }
            throw new InputFormatException(where + ": unknown time '" + name + "', expected processor-time or runtime");
        }
    }

    private final String shortName;
    private final boolean maximize;
    private final boolean efficiencyIsTime;
    private final boolean expenseIsTime;

    CssProblem(String shortName, boolean maximize, boolean efficiencyIsTime, boolean expenseIsTime) {
        this.shortName = shortName;
        this.maximize = maximize;
        this.efficiencyIsTime = efficiencyIsTime;
        this.expenseIsTime = expenseIsTime;
    }

    public String shortName() {
        return shortName;
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

    public static CssProblem parse(String name, String where) {
        for (CssProblem p : values()) {
            if (p.shortName.equalsIgnoreCase(name.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new InputFormatException(
                where + ": unknown problem '" + name + "', expected min-time, max-cost, min-cost or max-time");
    }
}
