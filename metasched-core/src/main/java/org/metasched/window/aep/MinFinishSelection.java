package org.metasched.window.aep;

import org.metasched.model.Tolerance;

/** MinFinish (spec 3.2.1, decision D7): the window of earliest finish, its start plus its least runtime. */
public final class MinFinishSelection implements AepStrategy {
    @Override
    public String name() {
        return "min-finish";
    }

    @Override
    public int[] select(AepCandidates c) {
        return c.shortestWithinBudget();
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return start + runtime;
    }

    @Override
    public double lowerBound(AepScanFacts f, double start, double length, double price) {
        return start + length;
    }

    /** Every later window starts no earlier and runs no faster than the fastest eligible node. */
    @Override
    public double laterStepsBound(AepScanFacts f, double start) {
        return start + f.minLength();
    }

    @Override
    public RoughPath roughPath() {
        return RoughPath.EXACT;
    }

    @Override
    public AepNodeIndex.Order roughOrder() {
        return AepNodeIndex.Order.BY_LENGTH;
    }

    @Override
    public double roughValue(AepNodeIndex index, int node, double start, double incumbent) {
        double bound = incumbent - start;
        double tau = index.leastRuntimeWith(node, bound);
        return Tolerance.lt(start + tau, incumbent) ? start + tau : Double.NaN;
    }
}
