package org.metasched.window.aep;

/** MinProcTime, exact (spec 3.2.2): the least processor time, by the SSA programme with {@code z = -length}. */
public final class MinProcTimeExactSelection implements AepStrategy {
    @Override
    public String name() {
        return "min-proc-time-exact";
    }

    @Override
    public int[] select(AepCandidates c) {
        double[] z = new double[c.count()];
        for (int k = 0; k < z.length; k++) {
            z[k] = -c.length(k);
        }
        return c.maxSumWithinBudget(z);
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return processorTime;
    }

    /** The slot's own task plus n - 1 of the shortest imaginable (COMMON: every task is at least this long). */
    @Override
    public double lowerBound(AepScanFacts f, double start, double length, double price) {
        return f.rough() ? length + (f.nodes() - 1) * f.minLength() : f.nodes() * length;
    }

    @Override
    public RoughPath roughPath() {
        return RoughPath.BOUND;
    }

    @Override
    public AepNodeIndex.Order roughOrder() {
        return AepNodeIndex.Order.BY_LENGTH;
    }

    /** The slot's own task plus the n - 1 shortest others in W (ignoring the budget). */
    @Override
    public double roughValue(AepNodeIndex index, int node, double start, double incumbent) {
        return index.length(node) + index.shortestOthers(node, index.n() - 1);
    }
}
