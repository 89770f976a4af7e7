package org.metasched.window.criterion;

/** BFfinish, the earliest finish: {@code z = -(t + T)}. */
public final class BfFinishCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "bf-finish";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        return -(t + runtime);
    }

    @Override
    public double finishBonusBound() {
        return 0;
    }
}
