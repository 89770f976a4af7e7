package org.metasched.window.criterion;

/** L_sum, idle-space minimisation: {@code z = -(L_left + L_right)} (spec 2.3). */
public final class IdleSumCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "l-sum";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        double left = t - slotStart;
        double right = slotEnd - (t + runtime);
        return -(left + right);
    }
}
