package org.metasched.window.criterion;

/** BFshort: BFfinish with every volume multiplied by 0.99 at allocation time (decision D10). */
public final class BfShortCriterion implements PlacementCriterion {
    @Override
    public String name() {
        return "bf-short";
    }

    @Override
    public double z(double slotStart, double slotEnd, double performance, double t, double runtime) {
        return -(t + runtime);
    }

    @Override
    public double volumeFactor() {
        return 0.99;
    }

    @Override
    public double finishBonusBound() {
        return 0;
    }
}
