package org.metasched.window;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.aep.PricedCosts;
import org.metasched.window.criterion.PlacementCriterion;
import org.metasched.window.select.CostQuantizer;
import org.metasched.window.select.DecimalQuantum;
import org.metasched.window.select.SsaDynamicProgramme;

/**
 * The SSA scan (spec 2.2, decision D5): for every candidate start t (the arrival and every slot start after it),
 * and in COMMON geometry for every candidate minimum performance p*, it chooses the n slots maximising the sum
 * of the criterion's z with the {@link SsaDynamicProgramme} (or the top-n shortcut when the budget is
 * unbounded), re-evaluates the chosen set with its true runtime and keeps the strictly best window, earliest
 * found first.
 *
 * <p>In ROUGH geometry each slot is evaluated with its own length {@code V/p_i}, so no p* enumeration is
 * needed.
 *
 * <p><b>Costs on a budget</b> are counted in whole units of a quantum (spec 2.1.3, decision D4), taken from the data
 * where that is exact, as the availability knapsack does: when every cost the scan can price (each eligible slot's
 * price times each occupation it can be given: {@code V/p_i} in ROUGH, {@code V/p*} for every eligible performance
 * {@code p* <= p_i} in COMMON) is a whole multiple of a decimal quantum ({@link DecimalQuantum}: 0.01 for prices
 * with cents times whole durations) and the budget is at most {@value #MAX_BUDGET_UNITS} such units, that quantum,
 * and the budget is respected exactly (prices 0.1 and 0.2 fit a budget of 1; whole currency units count them as 2).
 * Otherwise D4 as the spec has it ({@link CostQuantizer#forBudget(double)}): a window the programme accepts never
 * costs more than the budget, but one within {@code n q} below it may be passed over. {@link Result#exact()} says
 * whether the search was exact in this sense (also with D4, when the budget bound no programme).
 */
public final class SsaWindowSearch implements WindowSearch {
    /**
     * The most units a data quantum may give the budget (docs/select.md): the programme's work and decision bits
     * grow with them, {@code m n B} per start time and p*; the spec's D4 bounds B by the same 10^4.
     */
    public static final long MAX_BUDGET_UNITS = 10_000;

    private final PlacementCriterion criterion;

    public SsaWindowSearch(PlacementCriterion criterion) {
        this.criterion = criterion;
    }

    public PlacementCriterion criterion() {
        return criterion;
    }

    @Override
    public String name() {
        return criterion.name();
    }

    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry) {
        return search(slots, request, geometry).window();
    }

    /**
     * A search's answer.
     *
     * @param window the best window, empty when none fits
     * @param exact whether costs were counted exactly: the data's quantum was exact, or no budget (or no binding
     *     budget) left a window out that fits the real budget; false when D4's rounding may have passed over a
     *     better window, or the only ones (a window found is always within the real budget)
     */
    public record Result(Optional<Window> window, boolean exact) {}

    /** {@link #find}, saying whether costs were counted exactly. */
    public Result search(SlotList slots, ResourceRequest request, Geometry geometry) {
        RelativeTime relative = RelativeTime.of(slots, request);
        if (relative != null) {
            Result r = search(relative.slots(), relative.request(), geometry);
            return new Result(r.window().map(relative::back), r.exact());
        }
        Scan scan = new Scan(slots, request, geometry);
        Window w = scan.run();
        return new Result(Optional.ofNullable(w), scan.budget == null || scan.budget.exact());
    }

    /** One search: the scratch arrays live as long as the call. */
    private final class Scan {
        final SlotList sl;
        final int n;
        final double volume;
        final double arrival;
        /** The tolerance for the times of this search. */
        final double tol;

        /** The budget's quantum and programme, null when the budget is unbounded. */
        final SsaBudget budget;

        final Geometry geometry;
        int[] eligible;
        int m;
        // scratch, sized m
        int[] cand;
        double[] z;
        long[] qcost;

        double bestZ = Double.NEGATIVE_INFINITY;
        double bestT = Double.NaN;
        int[] bestSlots;

        Scan(SlotList sl, ResourceRequest req, Geometry geometry) {
            this.sl = sl;
            this.n = req.nodes();
            this.volume = req.volume() * criterion.volumeFactor();
            this.arrival = req.arrival();
            this.tol = Math.max(sl.timeTolerance(), Tolerance.at(arrival));
            this.geometry = geometry;
            eligible = sl.eligible(req.minPerformance(), arrival, tol);
            m = eligible.length;
            cand = new int[m];
            z = new double[m];
            qcost = new long[m];
            this.budget = req.hasBudget()
                    ? new SsaBudget(
                            req.budget(), PricedCosts.of(sl, eligible, m, volume, geometry), MAX_BUDGET_UNITS, n)
                    : null;
        }

        Window run() {
            if (m < n || sl.distinctNodes(eligible, m) < n) {
                return null;
            }
            double[] starts = startTimes();
            boolean common = geometry == Geometry.COMMON;
            double[] perfs = new double[m];
            double pMax = 0;
            for (int i = 0; i < m; i++) {
                pMax = Math.max(pMax, sl.performance(eligible[i]));
            }
            double minRuntime = volume / pMax;
            double bonus = criterion.finishBonusBound();
            int prefix = 0; // eligible[0..prefix) start at or before t
            int[] active = new int[m]; // positions in eligible of the slots idle at t, in slot-list order
            int activeCount = 0;
            int[] merged = new int[m];
            int[] capable = new int[m];
            for (double t : starts) {
                if (bestSlots != null) {
                    if (criterion.earliestStartIsOptimal()) {
                        break; // the earliest feasible start is optimal
                    }
                    if (Tolerance.le(n * (bonus - t - minRuntime), bestZ)) {
                        break; // no later start can be strictly better
                    }
                }
                // active(t): slots started by t that have not ended; drop ended ones, merge in new ones
                int firstNew = prefix;
                while (prefix < m && Tolerance.le(sl.start(eligible[prefix]), t, tol)) {
                    prefix++;
                }
                int k = 0;
                int a = 0;
                int b = firstNew;
                while (a < activeCount || b < prefix) {
                    int next = b >= prefix || (a < activeCount && active[a] < b) ? active[a++] : b++;
                    if (Tolerance.gt(sl.end(eligible[next]), t, tol)) {
                        merged[k++] = next;
                    }
                }
                int[] swap = active;
                active = merged;
                merged = swap;
                activeCount = k;
                // a slot can be in a window at t only if it is long enough at its own node's speed (the COMMON
                // runtime V / min p is never shorter); most start times fail here, before any p* is tried
                int capableCount = 0;
                for (int j = 0; j < activeCount; j++) {
                    int i = eligible[active[j]];
                    if (Tolerance.ge(sl.end(i), t + volume / sl.performance(i), tol)) {
                        capable[capableCount++] = active[j];
                    }
                }
                if (capableCount < n) {
                    continue;
                }
                // candidate minimum performances p* (decision D5): a window's minimum is the performance of one
                // of its own slots, which must be idle at t and long enough
                int pc = common ? activePerformances(capable, capableCount, perfs) : 1;
                for (int pi = 0; pi < pc; pi++) {
                    double pStar = common ? perfs[pi] : Double.NaN;
                    if (!evaluate(t, pStar, capable, capableCount)) {
                        break; // fewer than n idle nodes are this fast, and a larger p* admits no more
                    }
                }
            }
            if (bestSlots == null) {
                return null;
            }
            List<Slot> hosts = new ArrayList<>(n);
            for (int i : bestSlots) {
                hosts.add(sl.get(i));
            }
            return Window.of(geometry, volume, bestT, hosts);
        }

        /**
         * Evaluates start t with minimum performance p* over the slots idle at t; returns false when fewer than n
         * of them have performance at least p*.
         */
        private boolean evaluate(double t, double pStar, int[] active, int activeCount) {
            boolean common = geometry == Geometry.COMMON;
            double tStar = common ? volume / pStar : Double.NaN;
            int c = 0;
            int fastEnough = 0;
            for (int j = 0; j < activeCount; j++) {
                int i = eligible[active[j]];
                double p = sl.performance(i);
                double need;
                if (common) {
                    if (p < pStar) {
                        continue;
                    }
                    need = tStar;
                } else {
                    need = volume / p;
                }
                fastEnough++;
                if (Tolerance.lt(sl.end(i), t + need, tol)) {
                    continue;
                }
                cand[c] = i;
                z[c] = criterion.z(sl.start(i), sl.end(i), p, t, need);
                if (budget != null) {
                    qcost[c] = budget.units(sl.price(i) * need);
                }
                c++;
            }
            if (fastEnough < n) {
                return false;
            }
            if (c < n) {
                return true;
            }
            int[] sel = budget != null ? budget.select(z, qcost, c) : SsaDynamicProgramme.topN(z, c, n);
            if (sel == null) {
                return true;
            }
            double value;
            int[] chosen = new int[n];
            if (common) {
                double minP = Double.POSITIVE_INFINITY;
                for (int k = 0; k < n; k++) {
                    chosen[k] = cand[sel[k]];
                    minP = Math.min(minP, sl.performance(chosen[k]));
                }
                double runtime = volume / minP;
                value = 0;
                for (int i : chosen) {
                    value += criterion.z(sl.start(i), sl.end(i), sl.performance(i), t, runtime);
                }
            } else {
                value = 0;
                for (int k = 0; k < n; k++) {
                    chosen[k] = cand[sel[k]];
                    value += z[sel[k]];
                }
            }
            if (bestSlots == null || Tolerance.gt(value, bestZ)) {
                bestZ = value;
                bestT = t;
                bestSlots = chosen;
            }
            return true;
        }

        private double[] startTimes() {
            double[] s = new double[m + 1];
            int k = 0;
            s[k++] = arrival;
            for (int j = 0; j < m; j++) {
                double st = sl.start(eligible[j]);
                if (Tolerance.gt(st, s[k - 1], tol)) {
                    s[k++] = st;
                }
            }
            return Arrays.copyOf(s, k);
        }

        /** The distinct performances of the active slots, ascending, into {@code out}; returns how many. */
        private int activePerformances(int[] active, int activeCount, double[] out) {
            for (int j = 0; j < activeCount; j++) {
                double p = sl.performance(eligible[active[j]]);
                int k = j;
                while (k > 0 && out[k - 1] > p) {
                    out[k] = out[k - 1];
                    k--;
                }
                out[k] = p;
            }
            int d = 0;
            for (int j = 0; j < activeCount; j++) {
                if (d == 0 || out[j] != out[d - 1]) {
                    out[d++] = out[j];
                }
            }
            return d;
        }
    }
}
