package org.metasched.window.aep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.select.DecimalQuantum;

/**
 * One search of the AEP scan (spec 3.1, paper P002 Algorithm 1) with one {@link AepStrategy}. Slots are visited in
 * slot-list order (effective start {@code max(start, arrival)}, then node index); each visited slot is appended to
 * the expanded window W ({@link AepExpandingWindow}), W drops the slots too short for the job from the new start,
 * and the strategy selects n slots of W. The strictly best selection over the scan is returned (first-fit
 * strategies: the first feasible one).
 *
 * <p>Speed: a selection that excludes the newly appended slot was already available at the previous step, with
 * the same cost, runtime and processor time and an earlier finish, so a later step can only improve on the best
 * with a set containing the new slot. The scan therefore evaluates a step only when the strategy's bound on such
 * sets beats the incumbent; in ROUGH geometry a strategy with a fast path values or bounds the step exactly from
 * the {@link AepNodeIndex} in O(n) or O(W). The full selection (the normative one of spec 3.2) runs only on steps
 * that improve, so the result is identical to evaluating every step.
 *
 * <p>COMMON geometry: a window's runtime {@code V / min p} depends on the set, so each step enumerates the
 * candidate minimum performance p* ({@link AepCommonGeometry}, decision D5).
 */
public final class AepScan {
    private final SlotList sl;
    private final AepStrategy strategy;
    private final int n;
    private final double volume;
    private final double budget;
    private final Geometry geometry;
    private final boolean rough;
    private final double arrival;
    private final double maxUnitPrice;
    /** The tolerance for the times and lengths of this search (its slot list's scale). */
    private final double tol;

    private final Supplier<UniformRandomProvider> random;
    /** Every cost the scan can price, for a budgeted programme ({@link AepCandidates#maxSumWithinBudget}). */
    private final Supplier<DecimalQuantum> pricedCosts;

    // eligible slots in visiting order (slot indices), and per position in that order the slot's effective start
    // and the latest start it fits: arrays of the eligible slots only, which on the fragmented slot lists of a
    // batch's alternatives search are a small part of the list
    private int[] order;
    private int m;
    private double[] eff;
    private double[] deadline;
    // per position, ROUGH geometry: the task's length and cost on the slot (computed once, not at every step)
    private double[] roughLength;
    private double[] roughCost;

    private AepExpandingWindow window;
    private AepNodeIndex index;
    private AepCandidates candidates;
    private AepCommonGeometry common;
    private AepScanFacts facts;
    private int[] current;

    // incumbent
    private double bestValue = Double.POSITIVE_INFINITY;
    private double bestStart;
    private int[] bestSlots;

    /** @param random the search's random stream, made on first use (only random strategies draw) */
    public AepScan(
            SlotList slots,
            ResourceRequest request,
            Geometry geometry,
            AepStrategy strategy,
            Supplier<UniformRandomProvider> random) {
        this.sl = slots;
        this.strategy = strategy;
        this.n = request.nodes();
        this.volume = request.volume();
        this.budget = request.budget();
        this.geometry = geometry;
        this.rough = geometry == Geometry.ROUGH;
        this.arrival = request.arrival();
        this.maxUnitPrice = strategy.maxUnitPrice(request);
        this.tol = Math.max(slots.timeTolerance(), Tolerance.at(arrival));
        this.random = random;
        this.pricedCosts = () -> PricedCosts.ofEligible(slots, request, volume, tol, geometry);
        if (strategy.roughPath() == AepStrategy.RoughPath.EXACT && strategy.selectsOnEveryStep()) {
            throw new IllegalArgumentException("AEP strategy " + strategy.name()
                    + " selects on every step, so it cannot value steps exactly from the node index");
        }
        buildOrder(request.minPerformance());
    }

    private void buildOrder(double minPerformance) {
        int size = sl.size();
        order = new int[Math.min(size, 64)];
        int k = 0;
        int clipped = 0;
        boolean capped = maxUnitPrice != Double.POSITIVE_INFINITY;
        // A slot too short for the job from its own (effective) start never enters W, and its step adds nothing
        // unless the strategy selects on every step (a fresh draw): such slots are left out of the scan at once,
        // which matters on the fragmented slot lists of a batch's alternatives search.
        boolean dropShort = !strategy.selectsOnEveryStep();
        for (int i = 0; i < size; i++) {
            if (sl.performance(i) < minPerformance || (capped && Tolerance.gt(sl.price(i), maxUnitPrice))) {
                continue;
            }
            double from = Math.max(sl.start(i), arrival);
            if (Tolerance.le(sl.end(i), from, tol)) {
                continue;
            }
            if (dropShort && Tolerance.lt(sl.end(i) - volume / sl.performance(i), from, tol)) {
                continue;
            }
            if (k == order.length) {
                order = Arrays.copyOf(order, Math.min(size, 2 * k));
            }
            order[k++] = i;
            if (Tolerance.le(sl.start(i), arrival, tol)) {
                clipped = k;
            }
        }
        m = k;
        // slots starting at or before the arrival all start at the arrival: order them by node index (already so
        // when they share one start, since the slot list breaks ties by node index)
        if (!byNodeIndex(order, clipped)) {
            long[] keys = new long[clipped];
            for (int j = 0; j < clipped; j++) {
                keys[j] = ((long) sl.node(order[j]) << 32) | order[j];
            }
            Arrays.sort(keys);
            for (int j = 0; j < clipped; j++) {
                order[j] = (int) keys[j];
            }
        }
        eff = new double[m];
        deadline = new double[m];
        if (rough) {
            roughLength = new double[m];
            roughCost = new double[m];
        }
        for (int j = 0; j < m; j++) {
            int i = order[j];
            eff[j] = Math.max(sl.start(i), arrival);
            deadline[j] = sl.end(i) - volume / sl.performance(i);
            if (rough) {
                roughLength[j] = volume / sl.performance(i);
                roughCost[j] = sl.price(i) * roughLength[j];
            }
        }
    }

    /** True when the slots {@code slots[0..count)} are in increasing node order. */
    private boolean byNodeIndex(int[] slots, int count) {
        for (int j = 1; j < count; j++) {
            if (sl.node(slots[j - 1]) > sl.node(slots[j])) {
                return false;
            }
        }
        return true;
    }

    /** The best window, or null when there is none. */
    public Window run() {
        if (m < n || sl.distinctNodes(order, m) < n) {
            return null;
        }
        int cap = Math.max(sl.nodeCount(), n) + 1;
        current = new int[cap];
        candidates = new AepCandidates(sl, n, budget, cap, random, pricedCosts);
        boolean fast = rough && strategy.roughPath() != AepStrategy.RoughPath.NONE;
        double minLength = Double.POSITIVE_INFINITY;
        double minPrice = Double.POSITIVE_INFINITY;
        if (fast) {
            index = new AepNodeIndex(
                    sl, order, m, volume, n, budget, strategy.roughOrder(), tol, candidates.sortScratch());
            minLength = index.minLength();
        } else {
            for (int j = 0; j < m; j++) {
                int i = order[j];
                minLength = Math.min(minLength, volume / sl.performance(i));
                minPrice = Math.min(minPrice, sl.price(i));
            }
            if (!rough) {
                common = new AepCommonGeometry(sl, volume, n, candidates, tol);
            }
        }
        facts = new AepScanFacts(n, budget, rough, minLength, minPrice);
        window = new AepExpandingWindow(deadline, sl, order, m, index, tol);
        // With an exact fast path an improving step records only its value and index; the normative selection
        // runs once, at the end, on a replay of W up to the best step.
        if (fast && strategy.roughPath() == AepStrategy.RoughPath.EXACT) {
            int bestStep = scanWithExactValues();
            if (bestStep >= 0) {
                replayAndSelect(bestStep);
            }
        } else {
            scanWithSelections(fast);
        }
        if (bestSlots == null) {
            return null;
        }
        List<Slot> hosts = new ArrayList<>(n);
        for (int i : bestSlots) {
            hosts.add(sl.get(i));
        }
        return Window.of(geometry, volume, bestStart, hosts);
    }

    /** After {@link #run()} found a window on the exact fast path: W at the chosen step, its slots in W's order. */
    List<Slot> expandedWindow() {
        int w = window.copyTo(current);
        List<Slot> out = new ArrayList<>(w);
        for (int k = 0; k < w; k++) {
            out.add(sl.get(order[current[k]]));
        }
        return out;
    }

    /** The scan when the strategy values each step exactly from the node index; returns the best step or -1. */
    private int scanWithExactValues() {
        AepExpandingWindow w = window;
        AepNodeIndex idx = index;
        AepStrategy st = strategy;
        boolean firstFit = st.firstFit();
        int bestStep = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int j = 0; j < m; j++) {
            int s = order[j];
            double ws = eff[j];
            if (bestStep >= 0) {
                double later = st.laterStepsBound(facts, ws);
                if (later != Double.NEGATIVE_INFINITY && Tolerance.ge(later, best)) {
                    break; // no window from here on can beat the incumbent
                }
            }
            w.expire(ws);
            if (w.tooShort(j, ws)) {
                continue; // never enters W; nothing new is possible at this step
            }
            w.add(j);
            if (w.count() < n) {
                continue;
            }
            double v = st.roughValue(idx, sl.node(s), ws, best);
            if (!Double.isNaN(v)) {
                best = v;
                bestStart = ws;
                bestStep = j;
                if (firstFit) {
                    break;
                }
            }
        }
        bestValue = best;
        return bestStep;
    }

    /** The scan that runs the strategy's selection on every step whose bound may beat the incumbent. */
    private void scanWithSelections(boolean fast) {
        for (int j = 0; j < m; j++) {
            int s = order[j];
            double ws = eff[j];
            if (bestSlots != null) {
                double later = strategy.laterStepsBound(facts, ws);
                if (later != Double.NEGATIVE_INFINITY && Tolerance.ge(later, bestValue)) {
                    break; // no window from here on can beat the incumbent
                }
            }
            window.expire(ws);
            if (window.tooShort(j, ws)) {
                // too short from its own start: never enters W. Only a strategy that draws can gain from looking
                // at the remaining W again (a fresh draw); for the others nothing new is possible.
                if (strategy.selectsOnEveryStep() && window.count() >= n) {
                    referenceStep(ws);
                }
                continue;
            }
            window.add(j);
            if (window.count() < n) {
                continue;
            }
            boolean improves = fast ? roughBoundAllows(s, ws) : boundAllows(s, ws);
            if (improves && referenceStep(ws) && strategy.firstFit()) {
                break;
            }
        }
    }

    /** ROUGH fast path with a bound: true when a window holding slot s may beat the incumbent. */
    private boolean roughBoundAllows(int s, double ws) {
        if (bestSlots == null) {
            return true;
        }
        double lb = strategy.roughValue(index, sl.node(s), ws, bestValue);
        return Tolerance.lt(lb, bestValue);
    }

    /** General path: true when the strategy's lower bound on windows holding slot s beats the incumbent. */
    private boolean boundAllows(int s, double ws) {
        if (bestSlots == null || strategy.firstFit()) {
            return true;
        }
        double lenS = volume / sl.performance(s); // every window holding s runs at least this long
        double lb = strategy.lowerBound(facts, ws, lenS, sl.price(s));
        return Tolerance.lt(lb, bestValue);
    }

    /** Rebuilds W as it was at step {@code step} and runs the normative selection there. */
    private void replayAndSelect(int step) {
        double recorded = bestValue;
        window.clear();
        for (int j = 0; j <= step; j++) {
            window.expire(eff[j]);
            if (!window.tooShort(j, eff[j])) {
                window.add(j);
            }
        }
        bestValue = Double.POSITIVE_INFINITY;
        bestSlots = null;
        referenceStep(eff[step]);
        if (bestSlots == null || Math.abs(bestValue - recorded) > 1e-6 * Math.max(1, Math.abs(recorded))) {
            throw new IllegalStateException("AEP " + strategy.name() + ": fast value " + recorded
                    + " and selection value " + bestValue + " disagree at step " + step);
        }
    }

    /** Evaluates the step at ws on all of W (spec 3.2); returns true when it replaced the incumbent. */
    private boolean referenceStep(double ws) {
        int w = window.copyTo(current); // positions in the visiting order
        if (!rough) {
            for (int k = 0; k < w; k++) {
                current[k] = order[current[k]];
            }
            return common.evaluate(this, ws, current, w);
        }
        AepCandidates c = candidates;
        for (int k = 0; k < w; k++) {
            int j = current[k];
            c.length[k] = roughLength[j];
            c.cost[k] = roughCost[j];
            c.slot[k] = order[j];
        }
        c.count = w;
        return consider(ws);
    }

    /**
     * Lets the strategy select among the current candidates and replaces the incumbent when the resulting window
     * (valued with its true runtime) is strictly better.
     */
    boolean consider(double ws) {
        AepCandidates c = candidates;
        int[] sel = strategy.select(c);
        if (sel == null) {
            return false;
        }
        double minP = Double.POSITIVE_INFINITY;
        for (int k : sel) {
            minP = Math.min(minP, sl.performance(c.slot[k]));
        }
        double runtime = 0;
        double total = 0;
        double proc = 0;
        for (int k : sel) {
            int s = c.slot[k];
            double l = rough ? c.length[k] : volume / minP;
            runtime = Math.max(runtime, l);
            total += sl.price(s) * l;
            proc += l;
        }
        double value = strategy.value(ws, runtime, total, proc);
        // first-fit strategies stop after the first step that sets an incumbent, so this comparison only ever
        // chooses among the p* of that step
        if (bestSlots != null && Tolerance.ge(value, bestValue)) {
            return false;
        }
        bestValue = value;
        bestStart = ws;
        bestSlots = new int[sel.length];
        for (int k = 0; k < sel.length; k++) {
            bestSlots[k] = c.slot[sel[k]];
        }
        return true;
    }
}
