package org.metasched.window.aep;

import org.metasched.model.Tolerance;

/** MinCost (spec 3.2.1, P002): the window of least total cost over the whole scan. */
public final class MinCostSelection implements AepStrategy {
    @Override
    public String name() {
        return "min-cost";
    }

    @Override
    public int[] select(AepCandidates c) {
        return c.withinBudget(c.cheapest());
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return cost;
    }

    /** The slot's own cost plus n - 1 of the cheapest imaginable others. */
    @Override
    public double lowerBound(AepScanFacts f, double start, double length, double price) {
        return f.rough()
                ? price * length + (f.nodes() - 1) * f.minUnitPrice() * f.minLength()
                : length * (price + (f.nodes() - 1) * f.minUnitPrice());
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
        return cheapestWith(index, node, incumbent);
    }

    /** The cost of the cheapest window of W holding {@code node}, if within the budget and below the incumbent. */
    static double cheapestWith(AepNodeIndex index, int node, double incumbent) {
        double v = index.cost(node) + index.cheapestOthers(node, index.n() - 1);
        if (Tolerance.gt(v, index.budget(), index.budgetTolerance())) {
            return Double.NaN;
        }
        return incumbent == Double.POSITIVE_INFINITY || Tolerance.lt(v, incumbent) ? v : Double.NaN;
    }
}
