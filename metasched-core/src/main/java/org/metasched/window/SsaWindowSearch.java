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
    private static final double EPS = Tolerance.EPS;

    private final PlacementCriterion criterion;

    public SsaWindowSearch(PlacementCriterion criterion) {
        this.criterion = criterion;
    }

    public PlacementCriterion criterion() {
        return criterion;
    }

    @Override
    public String name() {
        return criterion.shortName();
    }

    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry) {
        return Optional.ofNullable(new Scan(slots, request, geometry).run());
    }

    /** One search: the scratch arrays live as long as the call. */
    private final class Scan {
        final SlotList sl;
        final int n;
        final double volume;
        final double arrival;
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
        double bestRuntimeVolume;

        Scan(SlotList sl, ResourceRequest req, Geometry geometry) {
            this.sl = sl;
            this.n = req.nodes();
            this.volume = req.volume() * criterion.volumeFactor();
            this.arrival = req.arrival();
            this.bounded = req.hasBudget();
            this.budget = req.budget();
            this.quantizer = bounded ? CostQuantizer.forBudget(budget) : null;
            this.geometry = geometry;
            int[] el = new int[sl.size()];
            int k = 0;
            for (int i = 0; i < sl.size(); i++) {
                if (sl.performance(i) >= req.minPerformance() && sl.end(i) - arrival > EPS) {
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
            if (m < n || distinctNodes() < n) {
                return null;
            }
            double[] starts = startTimes();
            double[] perfs = geometry == Geometry.COMMON ? distinctPerformances() : new double[] {Double.NaN};
            double pMax = 0;
            for (int i = 0; i < m; i++) {
                pMax = Math.max(pMax, sl.performance(eligible[i]));
            }
            double minRuntime = volume / pMax;
            double bonus = criterion.finishBonusBound();
            int prefix = 0; // eligible[0..prefix) start at or before t
            for (double t : starts) {
                if (bestSlots != null) {
                    if (criterion == PlacementCriterion.BF_START) {
                        break; // the earliest feasible start is optimal
                    }
                    if (n * (bonus - t - minRuntime) <= bestZ + EPS) {
                        break; // no later start can be strictly better
                    }
                }
                while (prefix < m && sl.start(eligible[prefix]) <= t + EPS) {
                    prefix++;
                }
                for (double pStar : perfs) {
                    evaluate(t, pStar, prefix);
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

        private void evaluate(double t, double pStar, int prefix) {
            boolean common = geometry == Geometry.COMMON;
            double tStar = common ? volume / pStar : Double.NaN;
            int c = 0;
            for (int j = 0; j < prefix; j++) {
                int i = eligible[j];
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
                if (sl.end(i) - t < need - EPS) {
                    continue;
                }
                cand[c] = i;
                z[c] = criterion.z(sl.start(i), sl.end(i), p, t, need);
                if (bounded) {
                    qcost[c] = quantizer.cost(sl.price(i) * need);
                }
                c++;
            }
            if (c < n) {
                return;
            }
            int[] sel =
                    bounded ? dp.select(z, qcost, c, n, quantizer.budget(budget)) : SsaDynamicProgramme.topN(z, c, n);
            if (sel == null) {
                return;
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
            if (bestSlots == null || value > bestZ + EPS) {
                bestZ = value;
                bestT = t;
                bestSlots = chosen;
            }
        }

        private int distinctNodes() {
            boolean[] seen = new boolean[sl.nodeCount()];
            int count = 0;
            for (int j = 0; j < m; j++) {
                int node = sl.node(eligible[j]);
                if (!seen[node]) {
                    seen[node] = true;
                    count++;
                }
            }
            return count;
        }

        private double[] startTimes() {
            double[] s = new double[m + 1];
            int k = 0;
            s[k++] = arrival;
            for (int j = 0; j < m; j++) {
                double st = sl.start(eligible[j]);
                if (st > s[k - 1] + EPS) {
                    s[k++] = st;
                }
            }
            return Arrays.copyOf(s, k);
        }

        private double[] distinctPerformances() {
            double[] p = new double[m];
            for (int j = 0; j < m; j++) {
                p[j] = sl.performance(eligible[j]);
            }
            Arrays.sort(p);
            int k = 0;
            for (int j = 0; j < m; j++) {
                if (k == 0 || p[j] != p[k - 1]) {
                    p[k++] = p[j];
                }
            }
            return Arrays.copyOf(p, k);
        }
    }
}
