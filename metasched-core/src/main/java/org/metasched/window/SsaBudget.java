package org.metasched.window;

import org.metasched.window.select.CostQuantizer;
import org.metasched.window.select.DecimalQuantum;
import org.metasched.window.select.SsaDynamicProgramme;

/**
 * The budget of one {@link SsaWindowSearch} scan: the quantum its costs are counted in ({@link
 * CostQuantizer#forCosts}: the data's decimal quantum where that is exact, else spec D4), the dynamic programme, and
 * whether every programme run counted costs exactly. Lives as long as the scan; not thread-safe.
 */
final class SsaBudget {
    private final CostQuantizer quantizer;
    /** The budget in the quantizer's units. */
    private final long units;

    private final int n;
    private final SsaDynamicProgramme dp = new SsaDynamicProgramme();
    /** scratch, sized n: the dearest or cheapest candidate costs */
    private final long[] extreme;

    private boolean exact = true;

    /**
     * @param budget the real budget, finite
     * @param costs every cost the scan may price ({@link org.metasched.window.aep.PricedCosts#of})
     * @param maxUnits the most units a data quantum may give the budget
     * @param n how many slots a window takes
     */
    SsaBudget(double budget, DecimalQuantum costs, long maxUnits, int n) {
        this.quantizer = CostQuantizer.forCosts(costs, budget, maxUnits);
        this.units = quantizer.budget(budget);
        this.n = n;
        this.extreme = new long[n];
    }

    /**
     * A slot's cost in units (exactly, for a data quantum; rounded up under D4), or one unit past the budget when it
     * alone is past it ({@link CostQuantizer#costWithin}).
     */
    long units(double cost) {
        return quantizer.costWithin(cost, units);
    }

    /** Whether every {@link #select} so far counted costs exactly ({@link SsaWindowSearch.Result#exact()}). */
    boolean exact() {
        return exact;
    }

    /**
     * The programme on the first c candidates, values {@code z} and costs {@code cost} in {@link #units}: the n
     * maximising the sum of z whose cost fits, or null. Skipped where its answer is known: when not even the n
     * cheapest fit there is none, and when the n dearest fit the table stops at their cost (the cells above hold
     * the same values and decisions, so the answer is the same; every set then fits the real budget too, so it is
     * exact whatever the quantum).
     */
    int[] select(double[] z, long[] cost, int c) {
        if (extremeUnits(cost, c, false) > units) {
            exact &= quantizer.exact();
            return null;
        }
        long top = extremeUnits(cost, c, true);
        if (top <= units) {
            return dp.select(z, cost, c, n, top);
        }
        exact &= quantizer.exact();
        return dp.select(z, cost, c, n, units);
    }

    /**
     * The units of the n dearest (or the n cheapest) of the first c costs, or {@code units + 1} when they exceed the
     * budget.
     */
    private long extremeUnits(long[] cost, int c, boolean dearest) {
        long[] top = extreme;
        int held = 0;
        for (int j = 0; j < c; j++) {
            long u = cost[j];
            int pos;
            if (held < n) {
                pos = held++;
            } else if (dearest ? u > top[n - 1] : u < top[n - 1]) {
                pos = n - 1;
            } else {
                continue;
            }
            while (pos > 0 && (dearest ? top[pos - 1] < u : top[pos - 1] > u)) {
                top[pos] = top[pos - 1];
                pos--;
            }
            top[pos] = u;
        }
        long sum = 0;
        for (int j = 0; j < held; j++) {
            if (top[j] > units - sum) {
                return units + 1;
            }
            sum += top[j];
        }
        return sum;
    }
}
