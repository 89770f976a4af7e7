package org.metasched.window.criterion;

import org.metasched.model.Tolerance;

/**
 * PAST-like placement (P000 section 4.1): the earlier finish on the slower node, a bonus {@code DELTA1} for each
 * side of the task that touches its slot's edge, and (decision D11, literally) {@code z -= ALPHA2 * L_right}.
 */
public final class PastCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "past";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        double f = t + runtime;
        double right = slotEnd - f;
        double tol = Tolerance.of(slotStart, slotEnd);
        double z = -f - ALPHA1 * performance;
        if (Tolerance.eq(slotEnd, f, tol)) {
            z += DELTA1;
        }
        if (Tolerance.eq(t, slotStart, tol)) {
            z += DELTA1;
        }
        return z - ALPHA2 * right;
    }

    @Override
    public double finishBonusBound() {
        return 2 * DELTA1;
    }
}
