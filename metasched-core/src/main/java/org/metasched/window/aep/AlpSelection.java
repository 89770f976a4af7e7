package org.metasched.window.aep;

import org.metasched.model.ResourceRequest;

/**
 * ALP (spec 3.2, P002): the earliest start; only slots whose unit price is at most the request's maximum unit
 * price enter W, and the first n of them (in slot order) are taken when their total fits the budget.
 */
public final class AlpSelection implements AepStrategy {
    @Override
    public String name() {
        return "alp";
    }

    @Override
    public boolean firstFit() {
        return true;
    }

    @Override
    public double maxUnitPrice(ResourceRequest request) {
        return request.maxUnitPrice();
    }

    @Override
    public int[] select(AepCandidates c) {
        return c.withinBudget(c.firstN());
    }

    /** Every feasible ALP window is as good as another: the first one found is kept. */
    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return 0;
    }
}
