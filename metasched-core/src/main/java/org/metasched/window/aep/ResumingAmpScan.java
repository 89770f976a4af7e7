package org.metasched.window.aep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;

/**
 * The AMP searches of one job in a batch's alternatives search (spec 3.4, ROUGH geometry), each after the first
 * resuming at the start of the job's previous window instead of scanning the whole slot list: the same windows as
 * an {@link AepScan} with {@link AmpSelection} on the list each time (docs/performance.md has the argument; {@code
 * AlternativesSearchTest} compares).
 *
 * <p>Why it may skip. The lists only shrink: a cut replaces a slot by pieces inside it, so every slot s' of a later
 * list lies inside a slot p of the earlier one, on the same node (same price, performance and task length), with
 * {@code start(p) <= start(s')} and {@code end(s') <= end(p)}. Hence p was visited no later and its deadline is no
 * earlier: if W held a feasible set at a step before the previous window's start t0 now, W held the set of their p
 * at such a step of the previous scan, which AMP stops at first. So no window starts before t0, and the scan needs
 * only the steps from the first slot starting at t0 on, with W as the skipped steps leave it: the eligible slots
 * starting before t0 whose deadline reaches the first step. Each of them lies inside a slot of the previous scan's
 * W at its chosen step (visited before it and not expired there), so they are the pieces of those slots
 * ({@link SlotListCutter#piecesStartingBefore}) that start before t0; they enter in the scan's visiting order. A step
 * is valued from the nodes alone, in an order of W's nodes that does not depend on the other nodes indexed.
 *
 * <p>Only when the argument's comparisons hold exactly does a search resume: the time tolerance is the absolute one
 * (so both scans compare alike; larger times are moved by {@code RelativeTime}, whose frames differ from list to
 * list), no slot starts within the tolerance after the arrival (so the visiting order is by effective start), and t0
 * lies beyond the tolerance after the arrival. Otherwise the search scans the whole list. The caller makes sure every
 * task of its batch outlasts the tolerance, so that a cut's pieces lie inside their slot.
 */
public final class ResumingAmpScan {
    private static final AmpSelection AMP = new AmpSelection();

    private final ResourceRequest request;
    private final int n;
    private final double volume;
    private final double arrival;
    private final double maxUnitPrice;
    /** The nodes of the first list that the job may use (performance and price cap). */
    private final AepNodeIndex.NodeFacts nodes;

    // made at the first resumed search and kept: the node index (its ranks depend on the job's nodes alone; W's bits
    // are cleared per search) and the candidates (AMP's selection reads their costs and positions, no slot list)
    private AepNodeIndex index;
    private AepCandidates candidates;
    private int[] current;

    /** W at the previous window's step, or null: the next search scans the whole list. */
    private List<Slot> carried;

    private double previousStart;

    // per position of the resumed scan (its eligible slots, numbered as visited)
    private int[] order;
    private double[] eff;
    private double[] deadline;
    private double[] length;
    private double[] cost;

    /** The searches for {@code request} among the slots of {@code slots} and what cuts leave of them. */
    public ResumingAmpScan(SlotList slots, ResourceRequest request) {
        this.request = request;
        this.n = request.nodes();
        this.volume = request.volume();
        this.arrival = request.arrival();
        this.maxUnitPrice = request.maxUnitPrice();
        nodes = new AepNodeIndex.NodeFacts(slots.nodeCount());
        for (int i = 0; i < slots.size(); i++) {
            if (slots.performance(i) >= request.minPerformance() && priced(slots, i)) {
                nodes.put(slots.node(i), slots.performance(i), slots.price(i));
            }
        }
    }

    /**
     * The job's next window among the slots of {@code free} (before its price cap), or null when there is none.
     *
     * @param whole the search to use when this one cannot resume: AMP as a {@code WindowSearch}
     */
    public Window next(SlotListCutter free, WholeListSearch whole) {
        SlotList all = free.current();
        double tol = Math.max(all.timeTolerance(), Tolerance.at(arrival));
        if (tol > Tolerance.EPS || startsJustAfterArrival(all, tol)) {
            carried = null;
            return whole.find(all.pricedAtMost(maxUnitPrice));
        }
        if (carried == null || !Tolerance.gt(previousStart, arrival, tol)) {
            // the whole scan, as the job's WindowSearch runs it on times it does not move (tolerance 1e-9), keeping W
            AepScan scan = new AepScan(
                    all.pricedAtMost(maxUnitPrice), request, Geometry.ROUGH, AMP, ResumingAmpScan::noRandom);
            Window w = scan.run();
            carried = w == null ? null : scan.expandedWindow();
            previousStart = w == null ? Double.NaN : w.start();
            return w;
        }
        return resume(free, all, tol);
    }

    /**
     * Whether a task of {@code volume} lasts longer than the tolerance on every node of {@code slots}: the argument
     * above needs the pieces a cut leaves to lie inside their slot (a window's task ends after its host starts and
     * starts before its host ends), so a caller resumes only then.
     */
    public static boolean taskOutlastsTolerance(SlotList slots, double volume) {
        double fastest = 0;
        for (int i = 0; i < slots.size(); i++) {
            fastest = Math.max(fastest, slots.performance(i));
        }
        return volume / fastest > 1e3 * Tolerance.EPS;
    }

    private static UniformRandomProvider noRandom() {
        throw new IllegalStateException("AMP draws no random numbers");
    }

    /** The search as it is without resuming, on a list the price cap left. */
    @FunctionalInterface
    public interface WholeListSearch {
        Window find(SlotList slots);
    }

    private boolean startsJustAfterArrival(SlotList all, double tol) {
        int i = all.firstStartingAtOrAfter(Math.nextUp(arrival));
        return i < all.size() && Tolerance.le(all.start(i), arrival, tol);
    }

    private boolean priced(SlotList sl, int i) {
        return maxUnitPrice == Double.POSITIVE_INFINITY || !Tolerance.gt(sl.price(i), maxUnitPrice);
    }

    /** The tests of {@link AepScan}'s visiting order: a slot the job may use that is long enough from its start. */
    private boolean eligible(SlotList sl, int i, double tol) {
        if (sl.performance(i) < request.minPerformance() || !priced(sl, i)) {
            return false;
        }
        double from = Math.max(sl.start(i), arrival);
        return !Tolerance.le(sl.end(i), from, tol) && !Tolerance.lt(sl.end(i) - volume / sl.performance(i), from, tol);
    }

    private Window resume(SlotListCutter free, SlotList all, double tol) {
        List<Slot> pieces = new ArrayList<>();
        for (Slot s : carried) {
            free.piecesStartingBefore(s, previousStart, pieces);
        }
        // the carried slots in the visiting order: those starting by the arrival by node, then by position
        long[] keys = new long[pieces.size()];
        int k = 0;
        for (Slot s : pieces) {
            int i = all.indexOf(s);
            if (i < 0) {
                throw new IllegalStateException("a piece " + s + " of a carried slot is not in the slot list");
            }
            if (eligible(all, i, tol)) {
                long group = Tolerance.le(all.start(i), arrival, tol) ? all.node(i) : Integer.MAX_VALUE;
                keys[k++] = (group << 32) | i;
            }
        }
        Arrays.sort(keys, 0, k);
        int first = all.firstStartingAtOrAfter(previousStart);
        while (first < all.size() && !eligible(all, first, tol)) {
            first++;
        }
        if (first == all.size()) {
            carried = null;
            return null;
        }
        // W at the first step: the carried slots long enough from there (at most one a node, as in the whole scan,
        // where each slot of a node expires before the node's next slot enters, so the index's bits follow W)
        double firstStart = Math.max(all.start(first), arrival);
        int positions = Math.max(16, 2 * k);
        order = new int[positions];
        eff = new double[positions];
        deadline = new double[positions];
        length = new double[positions];
        cost = new double[positions];
        if (index == null) {
            int capacity = Math.max(nodes.present.length, n) + 1;
            candidates = new AepCandidates(all, n, request.budget(), capacity, ResumingAmpScan::noRandom);
            index = new AepNodeIndex(
                    nodes, volume, n, request.budget(), AepNodeIndex.Order.BY_COST, tol, candidates.sortScratch());
            current = new int[capacity];
        }
        index.clear();
        AepExpandingWindow window = new AepExpandingWindow(deadline, all, order, positions, index, tol);
        int m = 0;
        for (int q = 0; q < k; q++) {
            put(all, m, (int) keys[q]);
            if (!window.tooShort(m, firstStart)) {
                window.add(m++);
            }
        }
        for (int i = first; i < all.size(); i++) {
            if (!eligible(all, i, tol)) {
                continue;
            }
            if (m == order.length) {
                grow(window);
            }
            int p = m++;
            put(all, p, i);
            double ws = eff[p];
            window.expire(ws);
            if (window.tooShort(p, ws)) {
                continue;
            }
            window.add(p);
            if (window.count() < n) {
                continue;
            }
            double v = AMP.roughValue(index, all.node(i), ws, Double.POSITIVE_INFINITY);
            if (!Double.isNaN(v)) {
                return select(all, window, ws, v);
            }
        }
        carried = null;
        return null;
    }

    private void put(SlotList sl, int p, int i) {
        order[p] = i;
        eff[p] = Math.max(sl.start(i), arrival);
        deadline[p] = sl.end(i) - volume / sl.performance(i);
        length[p] = volume / sl.performance(i);
        cost[p] = sl.price(i) * length[p];
    }

    private void grow(AepExpandingWindow window) {
        int capacity = 2 * order.length;
        order = Arrays.copyOf(order, capacity);
        eff = Arrays.copyOf(eff, capacity);
        deadline = Arrays.copyOf(deadline, capacity);
        length = Arrays.copyOf(length, capacity);
        cost = Arrays.copyOf(cost, capacity);
        window.grow(deadline, order);
    }

    /** AMP's selection on W at the first feasible step, as {@link AepScan} makes it there; W is carried on. */
    private Window select(SlotList sl, AepExpandingWindow window, double ws, double recorded) {
        AepCandidates c = candidates;
        int w = window.copyTo(current);
        List<Slot> kept = new ArrayList<>(w);
        for (int k = 0; k < w; k++) {
            int j = current[k];
            c.length[k] = length[j];
            c.cost[k] = cost[j];
            c.slot[k] = order[j];
            kept.add(sl.get(order[j]));
        }
        c.count = w;
        int[] sel = AMP.select(c);
        double total = 0;
        List<Slot> hosts = new ArrayList<>(n);
        if (sel != null) {
            for (int k : sel) {
                total += sl.price(c.slot[k]) * c.length[k];
                hosts.add(sl.get(c.slot[k]));
            }
        }
        if (sel == null || Math.abs(total - recorded) > 1e-6 * Math.max(1, Math.abs(recorded))) {
            throw new IllegalStateException("AEP amp: fast value " + recorded + " and selection value "
                    + (sel == null ? Double.POSITIVE_INFINITY : total) + " disagree at start " + ws);
        }
        carried = kept;
        previousStart = ws;
        return Window.of(Geometry.ROUGH, volume, ws, hosts);
    }
}
