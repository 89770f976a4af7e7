package org.metasched.window.aep;

/**
 * MinProcTime, the paper's simplified variant (spec 3.2.2): at every step one random n-subset of W, else the n
 * cheapest; the least processor time over the scan. The draws come from the search's random stream, keyed by the
 * master seed and the job, so the same job gets the same window on every run.
 */
public final class MinProcTimeRandomSelection implements AepStrategy {
    @Override
    public String name() {
        return "min-proc-time";
    }

    @Override
    public boolean drawsRandomNumbers() {
        return true;
    }

    @Override
    public boolean selectsOnEveryStep() {
        return true;
    }

    @Override
    public int[] select(AepCandidates c) {
        int[] ok = c.withinBudget(c.randomSubset());
        return ok != null ? ok : c.withinBudget(c.cheapest());
    }

    @Override
    public double value(double start, double runtime, double cost, double processorTime) {
        return processorTime;
    }
}
