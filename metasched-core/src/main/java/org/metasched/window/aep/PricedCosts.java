package org.metasched.window.aep;

import java.util.Arrays;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.timeline.SlotList;
import org.metasched.window.select.DecimalQuantum;

/**
 * Every cost a search on a budget can price, gathered into a {@link DecimalQuantum}: the data's own quantum (0.01 for
 * prices with cents), in which the dynamic programmes of the SSA criteria and of {@code min-proc-time-exact} count
 * costs exactly where there is one ({@link org.metasched.window.select.CostQuantizer#forCosts}). One rule for both,
 * docs/select.md ("Where we depart from the spec (D4)").
 */
public final class PricedCosts {
    private PricedCosts() {}

    /**
     * The costs of the slots an SSA scan may use ({@link SlotList#eligible}: performance at least the request's
     * minimum, ending after its arrival, {@code tol}), as {@link #of} prices them.
     */
    public static DecimalQuantum ofEligible(
            SlotList sl, ResourceRequest req, double volume, double tol, Geometry geometry) {
        int[] eligible = sl.eligible(req.minPerformance(), req.arrival(), tol);
        return of(sl, eligible, eligible.length, volume, geometry);
    }

    /**
     * Every cost the scan can price, computed as it computes them: each eligible slot's price times {@code V / p_i}
     * (ROUGH), or times {@code V / p*} for every eligible performance {@code p* <= p_i} (COMMON, where p* runs over
     * the performances of slots idle at a start). Stops at the first cost with no decimal quantum, so arbitrary real
     * data cost one pass at most.
     *
     * @param eligible the first m entries: the slot-list positions the scan may use
     * @param volume the volume the scan plans with (the criterion's factor applied)
     */
    public static DecimalQuantum of(SlotList sl, int[] eligible, int m, double volume, Geometry geometry) {
        DecimalQuantum costs = new DecimalQuantum();
        // own performance first: in both geometries, and the only pass for data with no decimal quantum
        for (int j = 0; j < m && costs.known(); j++) {
            int i = eligible[j];
            costs.add(sl.price(i) * (volume / sl.performance(i)));
        }
        if (geometry != Geometry.COMMON || !costs.known()) {
            return costs;
        }
        double[] perfs = new double[m];
        for (int j = 0; j < m; j++) {
            perfs[j] = sl.performance(eligible[j]);
        }
        Arrays.sort(perfs);
        int d = 0;
        for (int j = 0; j < m; j++) {
            if (d == 0 || perfs[j] != perfs[d - 1]) {
                perfs[d++] = perfs[j];
            }
        }
        for (int j = 0; j < m && costs.known(); j++) {
            int i = eligible[j];
            double p = sl.performance(i);
            double price = sl.price(i);
            for (int x = 0; x < d && perfs[x] < p && costs.known(); x++) { // p* = p_i: the first pass
                double tStar = volume / perfs[x];
                costs.add(price * tStar);
            }
        }
        return costs;
    }
}
