package org.metasched.window;

/**
 * Additive criteria of the SSA scan (spec 2.3-2.4; paper P000 section 4.1 and Table 1): each gives a slot's
 * value {@code z} for a window starting at {@code t} with runtime {@code T} on a node of performance {@code p},
 * inside an idle slot {@code [slotStart, slotEnd]}. The scan maximises the sum of z over the window.
 */
public enum PlacementCriterion {
    /** Earliest start: {@code z = -t}. */
    BF_START("bf-start"),
    /** Earliest finish: {@code z = -(t + T)}. */
    BF_FINISH("bf-finish"),
    /** BFfinish with every volume multiplied by 0.99 at allocation time (decision D10). */
    BF_SHORT("bf-short"),
    /** PAST-like placement (decision D11: {@code z -= alpha2 * L_right} literally). */
    PAST("past"),
    /** CoP placement. */
    COP("cop"),
    /** Idle-space minimisation: {@code z = -(L_left + L_right)}. */
    L_SUM("l-sum"),
    /** Idle-space minimisation: {@code z = -min(L_left, L_right)}. */
    L_MIN_SUM("l-min-sum");

    /** P000 Table 1 constants. */
    public static final double ALPHA1 = 0.1;

    public static final double ALPHA2 = 0.0001;
    public static final double DELTA1 = 1;
    public static final double DELTA2 = 0.1;
    public static final double EPS1 = 0.03;
    public static final double EPS2 = 0.2;
    public static final double EPS3 = 0.35;

    private static final double EPS = org.metasched.model.Tolerance.EPS;

    private final String shortName;

    PlacementCriterion(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    /** The factor applied to every volume: 0.99 for BFshort, 1 otherwise. */
    public double volumeFactor() {
        return this == BF_SHORT ? 0.99 : 1.0;
    }

    /** The slot value z (larger is better). */
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        double f = t + runtime;
        double left = t - slotStart;
        double right = slotEnd - f;
        switch (this) {
            case BF_START -> {
                return -t;
            }
            case BF_FINISH, BF_SHORT -> {
                return -f;
            }
            case PAST -> {
                double z = -f - ALPHA1 * performance;
                if (Math.abs(right) <= EPS) {
                    z += DELTA1;
                }
                if (Math.abs(left) <= EPS) {
                    z += DELTA1;
                }
                return z - ALPHA2 * right;
            }
            case COP -> {
                double z = -f - ALPHA1 * performance;
                double tiny = EPS1 * runtime;
                double lo = EPS2 * runtime;
                double hi = EPS3 * runtime;
                if (right < tiny - EPS) {
                    z += DELTA1;
                }
                if (left < tiny - EPS) {
                    z += DELTA1;
                }
                if (right > lo + EPS && right < hi - EPS) {
                    z -= DELTA1;
                }
                if (left > lo + EPS && left < hi - EPS) {
                    z -= DELTA1;
                }
                if (right > runtime + EPS) {
                    z += DELTA2;
                }
                if (left > runtime + EPS) {
                    z += DELTA2;
                }
                return z;
            }
            case L_SUM -> {
                return -(left + right);
            }
            case L_MIN_SUM -> {
                return -Math.min(left, right);
            }
            default -> throw new AssertionError(this);
        }
    }

    /**
     * An upper bound on {@code z + t + runtime} over all slots, so that {@code n * (bonus - t - minRuntime)}
     * bounds the window value at start t; {@code +inf} for criteria not monotone in the finish time.
     */
    double finishBonusBound() {
        return switch (this) {
            case BF_START, L_SUM, L_MIN_SUM -> Double.POSITIVE_INFINITY;
            case BF_FINISH, BF_SHORT -> 0;
            case PAST, COP -> 2 * DELTA1;
            default -> throw new AssertionError(this);
        };
    }

    /** The criterion registered under {@code name}, or null. */
    public static PlacementCriterion byName(String name) {
        for (PlacementCriterion c : values()) {
            if (c.shortName.equals(name)) {
                return c;
            }
        }
        return null;
    }
}
