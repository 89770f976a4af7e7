package org.metasched.window.aep;

import org.metasched.model.Tolerance;

/** MinRunTime (spec 3.2.1, P002): the window of least runtime (exact threshold algorithm, decision D6). */
public final class MinRunTimeSelection implements AepStrategy {
    @Override
    public String name() {
        return "min-runtime";
    }

    @Override
    public int[] select(AepCandidates c) {
        return c.shortestWithinBudget();
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return runtime;
    }

    /** A window holding a slot runs at least as long as the task there. */
    @Override
    public double lowerBound(AepScanFacts f, double start, double length, double price) {
        return length;
    }

    /** No window runs faster than the fastest eligible node. */
    @Override
    public double laterStepsBound(AepScanFacts f, double start) {
        return f.minLength();
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
        double tau = index.leastRuntimeWith(node, incumbent);
        return Tolerance.lt(tau, incumbent) ? tau : Double.NaN;
    }
}
