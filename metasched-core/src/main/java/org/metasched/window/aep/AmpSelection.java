package org.metasched.window.aep;

/**
 * AMP (spec 3.2, P002): the earliest start; at the first step with a feasible selection, the n cheapest slots of
 * W when their total fits the budget. Its value is the total cost, so in COMMON geometry the cheapest p* of that
 * step wins.
 */
public final class AmpSelection implements AepStrategy {
    @Override
    public String name() {
        return "amp";
    }

    @Override
    public boolean firstFit() {
        return true;
    }

    @Override
    public int[] select(AepCandidates c) {
        return c.withinBudget(c.cheapest());
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return cost;
    }

    @Override
    public RoughPath roughPath() {
        return RoughPath.EXACT;
    }

    @Override
    public AepNodeIndex.Order roughOrder() {
        return AepNodeIndex.Order.BY_COST;
    }

    @Override
    public double roughValue(AepNodeIndex index, int node, double start, double incumbent) {
        return MinCostSelection.cheapestWith(index, node, incumbent);
    }
}
