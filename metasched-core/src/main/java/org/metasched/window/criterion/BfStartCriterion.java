package org.metasched.window.criterion;

/** BFstart, the earliest start: {@code z = -t}. */
public final class BfStartCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "bf-start";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        return -t;
    }

    @Override
    public boolean earliestStartIsOptimal() {
        return true;
    }
}
