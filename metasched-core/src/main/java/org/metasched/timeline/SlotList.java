package org.metasched.timeline;

import java.util.ArrayList;
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
 * the search hot paths. {@link #cut(Window)} returns the list left after a window is reserved (spec 1.5).
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
    private final int nodeCount;
    private final double timeTolerance;

    private SlotList(Slot[] sorted) {
        this.slots = sorted;
        int m = sorted.length;
        start = new double[m];
        end = new double[m];
        node = new int[m];
        performance = new double[m];
        price = new double[m];
        int maxNode = -1;
        double maxTime = 0;
        for (int i = 0; i < m; i++) {
            Slot s = sorted[i];
            start[i] = s.start();
            end[i] = s.end();
            node[i] = s.node().index();
            performance[i] = s.node().performance();
            price[i] = s.node().unitPrice();
            maxNode = Math.max(maxNode, node[i]);
            double far = Math.abs(start[i]) > Math.abs(end[i]) ? Math.abs(start[i]) : Math.abs(end[i]);
            if (far > maxTime) {
                maxTime = far;
            }
        }
        nodeCount = maxNode + 1;
        timeTolerance = Tolerance.at(maxTime);
    }

    /** Sorts {@code slots} into slot-list order. Slots of one node must not overlap. */
    public static SlotList of(Collection<Slot> slots) {
        Slot[] arr = slots.toArray(new Slot[0]);
        Arrays.sort(arr, ORDER);
        return new SlotList(arr);
    }

    public int size() {
        return slots.length;
    }

    public Slot get(int i) {
        return slots[i];
    }

    public List<Slot> asList() {
        return List.of(slots);
    }

    /** One more than the largest node index present (0 when empty). */
    public int nodeCount() {
        return nodeCount;
    }

    /** The tolerance for comparing times of this list ({@link Tolerance#at} its largest time). */
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
        // are merged in. O(m + n log n), no full re-sort.
        Slot[] replaced = new Slot[slots.length];
        boolean[] touched = new boolean[slots.length];
        List<Slot> later = new ArrayList<>(window.size());
        for (Allocation a : window.allocations()) {
            int idx = indexOf(a.host());
            if (idx < 0) {
                throw new IllegalArgumentException("window slot " + a.host() + " is not in this slot list");
            }
            touched[idx] = true;
            Slot h = a.host();
            if (Tolerance.gt(a.start(), h.start())) {
                replaced[idx] = new Slot(h.node(), h.start(), a.start());
            }
            if (Tolerance.gt(h.end(), a.end())) {
                later.add(new Slot(h.node(), a.end(), h.end()));
            }
        }
        later.sort(ORDER);
        Slot[] out = new Slot[slots.length + later.size()];
        int k = 0;
        int r = 0;
        for (int i = 0; i < slots.length; i++) {
            Slot s = touched[i] ? replaced[i] : slots[i];
            if (s == null) {
                continue;
            }
            while (r < later.size() && ORDER.compare(later.get(r), s) < 0) {
                out[k++] = later.get(r++);
            }
            out[k++] = s;
        }
        while (r < later.size()) {
            out[k++] = later.get(r++);
        }
        return new SlotList(java.util.Arrays.copyOf(out, k));
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
        for (int i = 0; i < slots.length && Tolerance.le(this.start[i], start, timeTolerance); i++) {
            if (node[i] == nodeIndex && Tolerance.ge(this.end[i], end, timeTolerance)) {
                return slots[i];
            }
        }
        return null;
    }

    private int indexOf(Slot s) {
        int lo = 0;
        int hi = slots.length - 1;
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
