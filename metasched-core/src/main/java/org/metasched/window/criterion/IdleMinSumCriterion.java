package org.metasched.window.criterion;

/** L_minsum, idle-space minimisation: {@code z = -min(L_left, L_right)} (spec 2.3). */
public final class IdleMinSumCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "l-min-sum";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        double left = t - slotStart;
        double right = slotEnd - (t + runtime);
        return -Math.min(left, right);
    }
}
