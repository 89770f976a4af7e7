package org.metasched.timeline;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import org.metasched.model.Allocation;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;

/**
 * The idle slots of a search that reserves many windows one after another (the alternatives search of a batch,
 * spec 3.4): {@link #cut(Window)} leaves exactly the slots, columns, node count and time tolerance of {@link
 * SlotList#cut(Window)}, but changes its own arrays in place from the first position the window changes on, instead
 * of copying the whole list. A search's windows mostly lie past the pieces earlier windows left, so a cut moves few
 * slots, and no list is allocated per window.
 *
 * <p>{@link #current()} is a {@link SlotList} over this cutter's arrays: it is valid until the next cut, and must not
 * be kept beyond it. The list given to the constructor is copied, never changed.
 */
public final class SlotListCutter {
    private Slot[] slots;
    private double[] start;
    private double[] end;
    private int[] node;
    private double[] performance;
    private double[] price;
    private int size;

    /** How many slots each node has; the largest node with slots gives the node count. */
    private final int[] slotsOfNode;

    private int maxNode;
    /** The largest end of the slots (their ends and starts all lie between the first start and it). */
    private double maxEnd;

    private double timeTolerance;

    // the tail that a cut rewrites, copied out of the columns (reused from cut to cut)
    private Slot[] tailSlots = new Slot[0];
    private double[] tailStart = new double[0];
    private double[] tailEnd = new double[0];
    private int[] tailNode = new int[0];
    private double[] tailPerformance = new double[0];
    private double[] tailPrice = new double[0];

    private SlotList current;

    /** Per slot that a cut took (by identity): its left and right pieces, either null when none was kept. */
    private final IdentityHashMap<Slot, Slot[]> piecesOf = new IdentityHashMap<>();

    /** A cutter that starts from the slots of {@code list}. */
    public SlotListCutter(SlotList list) {
        int m = list.size();
        int capacity = Math.max(16, m + m / 4);
        slots = new Slot[capacity];
        start = new double[capacity];
        end = new double[capacity];
        node = new int[capacity];
        performance = new double[capacity];
        price = new double[capacity];
        slotsOfNode = new int[list.nodeCount()];
        maxEnd = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < m; i++) {
            slots[i] = list.get(i);
            start[i] = list.start(i);
            end[i] = list.end(i);
            node[i] = list.node(i);
            performance[i] = list.performance(i);
            price[i] = list.price(i);
            slotsOfNode[node[i]]++;
            maxEnd = Math.max(maxEnd, end[i]);
        }
        size = m;
        maxNode = list.nodeCount() - 1;
        timeTolerance = list.timeTolerance();
        current = view();
    }

    /** The slots left by the cuts so far; valid until the next {@link #cut(Window)}. */
    public SlotList current() {
        return current;
    }

    /**
     * Reserves {@code window}, whose hosts are slots of {@link #current()}: each host {@code [a, b]} becomes
     * {@code [a, t]} and {@code [t + len, b]}, pieces no longer than the tolerance dropped, as {@link
     * SlotList#cut(Window)} does, with the same pieces in the same order.
     */
    public void cut(Window window) {
        int n = window.size();
        long[] byPosition = new long[n]; // host position << 32 | allocation number, sorted below
        Slot[] leftOfAllocation = new Slot[n];
        Slot[] later = new Slot[n];
        int laterCount = 0;
        int gone = 0; // hosts that leave no left piece
        double addedMaxEnd = Double.NEGATIVE_INFINITY;
        boolean maxEndRemoved = false;
        int[] hostOfAllocation = new int[n];
        int k = 0;
        for (Allocation a : window.allocations()) {
            int idx = current.indexOf(a.host());
            if (idx < 0) {
                throw new IllegalArgumentException("window slot " + a.host() + " is not in this slot list");
            }
            hostOfAllocation[k] = idx;
            byPosition[k] = ((long) idx << 32) | k;
            k++;
        }
        Arrays.sort(byPosition);
        for (int r = 1; r < n; r++) {
            if (byPosition[r] >>> 32 == byPosition[r - 1] >>> 32) {
                throw new IllegalArgumentException("window " + window + " holds one slot twice");
            }
        }
        k = 0;
        for (Allocation a : window.allocations()) {
            Slot h = a.host();
            int idx = hostOfAllocation[k];
            maxEndRemoved |= end[idx] == maxEnd;
            slotsOfNode[node[idx]]--;
            Slot[] pieces = new Slot[2];
            if (Tolerance.gt(a.start(), h.start(), timeTolerance)) {
                leftOfAllocation[k] = new Slot(h.node(), h.start(), a.start());
                pieces[0] = leftOfAllocation[k];
                addedMaxEnd = Math.max(addedMaxEnd, a.start());
                slotsOfNode[node[idx]]++;
            } else {
                gone++;
            }
            if (Tolerance.gt(h.end(), a.end(), timeTolerance)) {
                later[laterCount++] = new Slot(h.node(), a.end(), h.end());
                pieces[1] = later[laterCount - 1];
                addedMaxEnd = Math.max(addedMaxEnd, h.end());
                slotsOfNode[node[idx]]++;
            }
            piecesOf.put(slots[idx], pieces);
            k++;
        }
        int[] hosts = new int[n]; // the host positions, ascending
        Slot[] left = new Slot[n]; // the left piece of each of them, or null
        for (int r = 0; r < n; r++) {
            hosts[r] = (int) (byPosition[r] >>> 32);
            left[r] = leftOfAllocation[(int) byPosition[r]];
        }
        Arrays.sort(later, 0, laterCount, SlotList.ORDER);
        int from = firstChanged(n == 0 ? size : hosts[0], laterCount == 0 ? null : later[0]);
        rewriteTail(from, hosts, left, later, laterCount, size + laterCount - gone);
        updateTolerance(maxEndRemoved, addedMaxEnd);
        current = view();
    }

    /**
     * Appends to {@code out} the slots of {@link #current()} that are {@code slot} itself or were cut out of it by
     * this cutter (pieces of pieces too) and start before {@code before}; {@code slot} is one of this cutter's slots,
     * now or after an earlier cut. A piece lies inside the slot it was cut from, so a later list's slots that start
     * before a time are found from the earlier slots that did, without looking at the rest of the list.
     */
    public void piecesStartingBefore(Slot slot, double before, List<Slot> out) {
        ArrayDeque<Slot> todo = new ArrayDeque<>();
        todo.push(slot);
        while (!todo.isEmpty()) {
            Slot s = todo.pop();
            Slot[] pieces = piecesOf.get(s);
            if (pieces == null) {
                if (s.start() < before) {
                    out.add(s);
                }
                continue;
            }
            for (int p = pieces.length - 1; p >= 0; p--) {
                if (pieces[p] != null && pieces[p].start() < before) {
                    todo.push(pieces[p]);
                }
            }
        }
    }

    /**
     * The first position the cut changes: the first host's, or earlier where the first right piece goes before an
     * untouched slot (as the merge of {@link SlotList#cut(Window)} compares them).
     */
    private int firstChanged(int firstHost, Slot firstPiece) {
        if (firstPiece == null) {
            return firstHost;
        }
        if (firstPiece.start() == 0) {
            // 0.0 and -0.0: the merge's == and the list order's Double.compare may disagree, so look from the start
            for (int i = 0; i < firstHost; i++) {
                if (goesBefore(firstPiece, i)) {
                    return i;
                }
            }
            return firstHost;
        }
        int i = firstHost;
        while (i > 0 && goesBefore(firstPiece, i - 1)) {
            i--;
        }
        return i;
    }

    /** True when the merge of {@link SlotList#cut(Window)} puts {@code piece} before the slot at {@code i}. */
    private boolean goesBefore(Slot piece, int i) {
        double ls = piece.start();
        return !(ls > start[i] || (ls == start[i] && piece.node().index() >= node[i]));
    }

    /** Rewrites positions {@code from} on: the merge of {@link SlotList#cut(Window)} from there. */
    private void rewriteTail(int from, int[] hosts, Slot[] left, Slot[] later, int laterCount, int newSize) {
        int tail = size - from;
        if (tailSlots.length < tail) {
            int c = Math.max(tail, tailSlots.length * 2);
            tailSlots = new Slot[c];
            tailStart = new double[c];
            tailEnd = new double[c];
            tailNode = new int[c];
            tailPerformance = new double[c];
            tailPrice = new double[c];
        }
        System.arraycopy(slots, from, tailSlots, 0, tail);
        System.arraycopy(start, from, tailStart, 0, tail);
        System.arraycopy(end, from, tailEnd, 0, tail);
        System.arraycopy(node, from, tailNode, 0, tail);
        System.arraycopy(performance, from, tailPerformance, 0, tail);
        System.arraycopy(price, from, tailPrice, 0, tail);
        if (newSize > slots.length) {
            grow(newSize);
        }
        int k = from;
        int r = 0;
        int h = 0;
        int t = 0;
        while (t < tail) {
            // untouched slots before which the next right piece does not go are copied as they are, a run at a time
            int stop = h < hosts.length ? hosts[h] - from : tail;
            int run = t;
            if (r < laterCount) {
                double ls = later[r].start();
                int ln = later[r].node().index();
                while (run < stop && (ls > tailStart[run] || (ls == tailStart[run] && ln >= tailNode[run]))) {
                    run++;
                }
            } else {
                run = stop;
            }
            if (run > t) {
                copyRun(t, k, run - t);
                k += run - t;
                t = run;
                continue;
            }
            // a host, or an untouched slot the next right piece goes before: one step of SlotList.cut's merge
            boolean touched = h < hosts.length && hosts[h] == from + t;
            Slot s = touched ? left[h++] : tailSlots[t];
            if (s == null) {
                t++;
                continue;
            }
            double st = tailStart[t]; // a left piece keeps its host's start and node
            int nd = tailNode[t];
            while (r < laterCount) {
                Slot l = later[r];
                double ls = l.start();
                if (ls > st || (ls == st && l.node().index() >= nd)) {
                    break;
                }
                put(l, k++);
                r++;
            }
            slots[k] = s;
            start[k] = st;
            end[k] = touched ? s.end() : tailEnd[t];
            node[k] = nd;
            performance[k] = tailPerformance[t];
            price[k] = tailPrice[t];
            k++;
            t++;
        }
        while (r < laterCount) {
            put(later[r++], k++);
        }
        if (k < size) {
            Arrays.fill(slots, k, size, null); // no references kept to slots that are gone
        }
        size = k;
    }

    /** Copies {@code count} saved tail slots from {@code t} on to position {@code k}, columns and all. */
    private void copyRun(int t, int k, int count) {
        System.arraycopy(tailSlots, t, slots, k, count);
        System.arraycopy(tailStart, t, start, k, count);
        System.arraycopy(tailEnd, t, end, k, count);
        System.arraycopy(tailNode, t, node, k, count);
        System.arraycopy(tailPerformance, t, performance, k, count);
        System.arraycopy(tailPrice, t, price, k, count);
    }

    private void put(Slot s, int k) {
        slots[k] = s;
        start[k] = s.start();
        end[k] = s.end();
        node[k] = s.node().index();
        performance[k] = s.node().performance();
        price[k] = s.node().unitPrice();
    }

    private void grow(int needed) {
        int c = Math.max(needed, slots.length + slots.length / 2);
        slots = Arrays.copyOf(slots, c);
        start = Arrays.copyOf(start, c);
        end = Arrays.copyOf(end, c);
        node = Arrays.copyOf(node, c);
        performance = Arrays.copyOf(performance, c);
        price = Arrays.copyOf(price, c);
    }

    /**
     * The node count and time tolerance of the list now, as {@link SlotList}'s constructor computes them from all
     * the slots: every start and end lies between the first start and the largest end (a slot's end is not before
     * its start), so the span is {@code |maxEnd - first|} and the largest magnitude {@code max(|first|, |maxEnd|)},
     * both exactly, since rounding a difference is monotone.
     */
    private void updateTolerance(boolean maxEndRemoved, double addedMaxEnd) {
        while (maxNode >= 0 && slotsOfNode[maxNode] == 0) {
            maxNode--;
        }
        if (maxEndRemoved && !(addedMaxEnd >= maxEnd)) {
            maxEnd = Double.NEGATIVE_INFINITY; // a slot with the largest end is gone: the next largest
            for (int i = 0; i < size; i++) {
                maxEnd = Math.max(maxEnd, end[i]);
            }
        } else {
            maxEnd = Math.max(maxEnd, addedMaxEnd);
        }
        if (size == 0) {
            timeTolerance = SlotList.timeTolerance(0, 0);
            return;
        }
        double first = start[0];
        timeTolerance = SlotList.timeTolerance(Math.abs(maxEnd - first), Math.max(Math.abs(first), Math.abs(maxEnd)));
    }

    private SlotList view() {
        return new SlotList(slots, start, end, node, performance, price, size, maxNode + 1, timeTolerance);
    }
}
