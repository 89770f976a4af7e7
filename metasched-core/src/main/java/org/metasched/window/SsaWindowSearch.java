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
import org.metasched.window.criterion.PlacementCriterion;
import org.metasched.window.select.CostQuantizer;
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
 */
public final class SsaWindowSearch implements WindowSearch {
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
        RelativeTime relative = RelativeTime.of(slots, request);
        if (relative != null) {
            return find(relative.slots(), relative.request(), geometry).map(relative::back);
        }
        return Optional.ofNullable(new Scan(slots, request, geometry).run());
    }

    /** One search: the scratch arrays live as long as the call. */
    private final class Scan {
        final SlotList sl;
        final int n;
        final double volume;
        final double arrival;
        /** The tolerance for the times of this search. */
        final double tol;

        final boolean bounded;
        final double budget;
        final CostQuantizer quantizer;
        final Geometry geometry;
        final SsaDynamicProgramme dp = new SsaDynamicProgramme();
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
            this.bounded = req.hasBudget();
            this.budget = req.budget();
            this.quantizer = bounded ? CostQuantizer.forBudget(budget) : null;
            this.geometry = geometry;
            int[] el = new int[sl.size()];
            int k = 0;
            for (int i = 0; i < sl.size(); i++) {
                if (sl.performance(i) >= req.minPerformance() && Tolerance.gt(sl.end(i), arrival, tol)) {
                    el[k++] = i;
                }
            }
            eligible = Arrays.copyOf(el, k);
            m = k;
            cand = new int[m];
            z = new double[m];
            qcost = new long[m];
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
                if (bounded) {
                    qcost[c] = quantizer.cost(sl.price(i) * need);
                }
                c++;
            }
            if (fastEnough < n) {
                return false;
            }
            if (c < n) {
                return true;
            }
            int[] sel =
                    bounded ? dp.select(z, qcost, c, n, quantizer.budget(budget)) : SsaDynamicProgramme.topN(z, c, n);
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
