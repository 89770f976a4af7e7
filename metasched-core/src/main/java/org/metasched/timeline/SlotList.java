package org.metasched.timeline;

import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.metasched.model.Allocation;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;

/**
 * An immutable list of idle slots sorted by (start, node index) (spec 0.2), with parallel primitive arrays for
 * the search hot paths. {@link #cut(Window)} returns the list left after a window is reserved (spec 1.5); a search
 * that reserves many windows one after another cuts them with a {@link SlotListCutter} instead, whose lists share
 * its columns and hold only until its next cut.
 */
public final class SlotList {
    /** Slot-list order: start ascending, then node index ascending. */
    public static final Comparator<Slot> ORDER = Comparator.comparingDouble(Slot::start)
            .thenComparingInt(s -> s.node().index());

    private final Slot[] slots;
    private final double[] start;
    private final double[] end;
    private final int[] node;
    private final double[] performance;
    private final double[] price;
    /** The slots are the first {@code size} entries of the arrays (a {@link SlotListCutter}'s may be longer). */
    private final int size;

    private final int nodeCount;
    private final double timeTolerance;

    /** The slot list of {@code sorted}, its columns read from the slots. */
    private static SlotList of(Slot[] sorted) {
        int m = sorted.length;
        double[] start = new double[m];
        double[] end = new double[m];
        int[] node = new int[m];
        double[] performance = new double[m];
        double[] price = new double[m];
        for (int i = 0; i < m; i++) {
            put(sorted[i], sorted, start, end, node, performance, price, i);
        }
        return new SlotList(sorted, start, end, node, performance, price);
    }

    /** The slot list of {@code sorted} with its columns already computed. */
    private SlotList(Slot[] sorted, double[] start, double[] end, int[] node, double[] performance, double[] price) {
        this.slots = sorted;
        this.start = start;
        this.end = end;
        this.node = node;
        this.performance = performance;
        this.price = price;
        this.size = sorted.length;
        int maxNode = -1;
        double maxTime = 0;
        double first = sorted.length == 0 ? 0 : start[0];
        double span = 0;
        for (int i = 0; i < sorted.length; i++) {
            maxNode = Math.max(maxNode, node[i]);
            double far = Math.abs(start[i]) > Math.abs(end[i]) ? Math.abs(start[i]) : Math.abs(end[i]);
            if (far > maxTime) {
                maxTime = far;
            }
            span = Math.max(span, Math.abs(end[i] - first));
        }
        nodeCount = maxNode + 1;
        timeTolerance = timeTolerance(span, maxTime);
    }

    /**
     * The time tolerance of a list whose times span {@code span} from its first start and reach {@code maxTime} in
     * magnitude: relative to the first start, as the searches compare times, but never below one unit in the last
     * place of the largest time (on an origin such as epoch microseconds, 1.7e15 with ulp 0.25, the magnitude alone
     * would give 17 units and merge the ends of short windows).
     */
    static double timeTolerance(double span, double maxTime) {
        return Math.max(Tolerance.at(span), Math.ulp(maxTime));
    }

    /**
     * The slot list of the first {@code size} entries of the given columns, its node count and time tolerance
     * already computed (equal to what the columns give): a {@link SlotListCutter}'s list, which shares its arrays.
     */
    SlotList(
            Slot[] sorted,
            double[] start,
            double[] end,
            int[] node,
            double[] performance,
            double[] price,
            int size,
            int nodeCount,
            double timeTolerance) {
        this.slots = sorted;
        this.start = start;
        this.end = end;
        this.node = node;
        this.performance = performance;
        this.price = price;
        this.size = size;
        this.nodeCount = nodeCount;
        this.timeTolerance = timeTolerance;
    }

    /** Sorts {@code slots} into slot-list order. Slots of one node must not overlap. */
    public static SlotList of(Collection<Slot> slots) {
        Slot[] arr = slots.toArray(new Slot[0]);
        Arrays.sort(arr, ORDER);
        return of(arr);
    }

    public int size() {
        return size;
    }

    public Slot get(int i) {
        return slots[i];
    }

    public List<Slot> asList() {
        return List.of(size == slots.length ? slots : Arrays.copyOf(slots, size));
    }

    /**
     * The slots whose node costs at most {@code maxUnitPrice} per time unit (as ALP compares, within {@link
     * Tolerance}); this list itself when {@code maxUnitPrice} is infinite or every slot qualifies. A job's {@code
     * maxPrice} limits every search made for it this way (docs/batch.md).
     */
    public SlotList pricedAtMost(double maxUnitPrice) {
        if (maxUnitPrice == Double.POSITIVE_INFINITY) {
            return this;
        }
        List<Slot> kept = new java.util.ArrayList<>();
        for (int i = 0; i < size; i++) {
            Slot s = slots[i];
            if (pricedWithin(s.node().unitPrice(), maxUnitPrice)) {
                kept.add(s);
            }
        }
        return kept.size() == size ? this : of(kept);
    }

    /** Whether a node of {@code unitPrice} is within {@code maxUnitPrice}: {@link #pricedAtMost}'s rule. */
    public static boolean pricedWithin(double unitPrice, double maxUnitPrice) {
        return !Tolerance.gt(unitPrice, maxUnitPrice);
    }

    /** One more than the largest node index present (0 when empty). */
    public int nodeCount() {
        return nodeCount;
    }

    /**
     * The tolerance for comparing times of this list: {@link Tolerance#at} its span from the first start, at least
     * one unit in the last place of its largest time.
     */
    public double timeTolerance() {
        return timeTolerance;
    }

    public double start(int i) {
        return start[i];
    }

    public double end(int i) {
        return end[i];
    }

    public int node(int i) {
        return node[i];
    }

    public double performance(int i) {
        return performance[i];
    }

    public double price(int i) {
        return price[i];
    }

    /**
     * The slots left after reserving {@code window}: each host slot {@code [a, b]} becomes {@code [a, t]} and
     * {@code [t + len, b]}, pieces no longer than the tolerance dropped.
     */
    public SlotList cut(Window window) {
        // The left piece of a host keeps its start, so it takes the host's place; right pieces start later and
        // are merged in. O(m + n log n), no full re-sort; the columns of untouched slots are copied, not re-read.
        int n = window.size();
        Slot[] replaced = null;
        boolean[] touched = new boolean[size];
        Slot[] later = new Slot[n];
        int laterCount = 0;
        int gone = 0; // hosts that leave no left piece
        for (Allocation a : window.allocations()) {
            int idx = indexOf(a.host());
            if (idx < 0) {
                throw new IllegalArgumentException("window slot " + a.host() + " is not in this slot list");
            }
            touched[idx] = true;
            Slot h = a.host();
            if (Tolerance.gt(a.start(), h.start(), timeTolerance)) {
                if (replaced == null) {
                    replaced = new Slot[size];
                }
                replaced[idx] = new Slot(h.node(), h.start(), a.start());
            } else {
                gone++;
            }
            if (Tolerance.gt(h.end(), a.end(), timeTolerance)) {
                later[laterCount++] = new Slot(h.node(), a.end(), h.end());
            }
        }
        Arrays.sort(later, 0, laterCount, ORDER);
        int cap = size + laterCount - gone;
        Slot[] out = new Slot[cap];
        double[] oStart = new double[cap];
        double[] oEnd = new double[cap];
        int[] oNode = new int[cap];
        double[] oPerf = new double[cap];
        double[] oPrice = new double[cap];
        int k = 0;
        int r = 0;
        for (int i = 0; i < size; i++) {
            Slot s;
            if (touched[i]) {
                s = replaced == null ? null : replaced[i];
                if (s == null) {
                    continue;
                }
            } else {
                s = slots[i];
            }
            double st = start[i]; // a left piece keeps its host's start and node
            int nd = node[i];
            while (r < laterCount) {
                Slot l = later[r];
                double ls = l.start();
                if (ls > st || (ls == st && l.node().index() >= nd)) {
                    break;
                }
                k = put(l, out, oStart, oEnd, oNode, oPerf, oPrice, k);
                r++;
            }
            out[k] = s;
            oStart[k] = st;
            oEnd[k] = touched[i] ? s.end() : end[i];
            oNode[k] = nd;
            oPerf[k] = performance[i];
            oPrice[k] = price[i];
            k++;
        }
        while (r < laterCount) {
            k = put(later[r++], out, oStart, oEnd, oNode, oPerf, oPrice, k);
        }
        return new SlotList(out, oStart, oEnd, oNode, oPerf, oPrice);
    }

    private static int put(
            Slot s, Slot[] out, double[] st, double[] en, int[] nd, double[] perf, double[] price, int k) {
        out[k] = s;
        st[k] = s.start();
        en[k] = s.end();
        nd[k] = s.node().index();
        perf[k] = s.node().performance();
        price[k] = s.node().unitPrice();
        return k + 1;
    }

    /**
     * The positions, in list order, of the slots a request may use in an SSA scan: on a node of performance at least
     * {@code minPerformance}, ending after {@code arrival} (beyond {@code tol}). The one rule of the SSA search's scan
     * and of the costs its budget is quantised in ({@code PricedCosts.ofEligible}), so the two cannot drift apart.
     */
    public int[] eligible(double minPerformance, double arrival, double tol) {
        int[] el = new int[size];
        int k = 0;
        for (int i = 0; i < size; i++) {
            if (performance[i] >= minPerformance && Tolerance.gt(end[i], arrival, tol)) {
                el[k++] = i;
            }
        }
        return k == size ? el : Arrays.copyOf(el, k);
    }

    /** How many distinct nodes the slots {@code indices[0..count)} lie on. */
    public int distinctNodes(int[] indices, int count) {
        boolean[] seen = new boolean[nodeCount];
        int distinct = 0;
        for (int j = 0; j < count; j++) {
            int n = node[indices[j]];
            if (!seen[n]) {
                seen[n] = true;
                distinct++;
            }
        }
        return distinct;
    }

    /**
     * The slot of node {@code nodeIndex} that contains {@code [start, end]}, or null.
     */
    public Slot containing(int nodeIndex, double start, double end) {
        for (int i = 0; i < size && Tolerance.le(this.start[i], start, timeTolerance); i++) {
            if (node[i] == nodeIndex && Tolerance.ge(this.end[i], end, timeTolerance)) {
                return slots[i];
            }
        }
        return null;
    }

    /** The first position whose slot starts at or after {@code t} ({@link #size()} when none does). */
    public int firstStartingAtOrAfter(double t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The position of {@code s} (by slot-list order: start and node), or -1. */
    public int indexOf(Slot s) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = ORDER.compare(slots[mid], s);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
