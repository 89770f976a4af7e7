package org.metasched.window.criterion;

import org.metasched.model.Tolerance;

/**
 * CoP placement (P000 section 4.1): the earlier finish on the slower node, a bonus for an idle gap left on either
 * side that is tiny (under {@code EPS1 T}) or longer than the task, a penalty for one of middling length ({@code
 * EPS2 T} to {@code EPS3 T}).
 */
public final class CopCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "cop";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        double f = t + runtime;
        double left = t - slotStart;
        double right = slotEnd - f;
        double tol = Tolerance.of(slotStart, slotEnd); // the gaps are differences of times of this scale
        double z = -f - ALPHA1 * performance;
        double tiny = EPS1 * runtime;
        double lo = EPS2 * runtime;
        double hi = EPS3 * runtime;
        if (Tolerance.lt(right, tiny, tol)) {
            z += DELTA1;
        }
        if (Tolerance.lt(left, tiny, tol)) {
            z += DELTA1;
        }
        if (Tolerance.gt(right, lo, tol) && Tolerance.lt(right, hi, tol)) {
            z -= DELTA1;
        }
        if (Tolerance.gt(left, lo, tol) && Tolerance.lt(left, hi, tol)) {
            z -= DELTA1;
        }
        if (Tolerance.gt(right, runtime, tol)) {
            z += DELTA2;
        }
        if (Tolerance.gt(left, runtime, tol)) {
            z += DELTA2;
        }
        return z;
    }

    @Override
    public double finishBonusBound() {
        return 2 * DELTA1;
    }
}
