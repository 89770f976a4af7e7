package org.metasched.window.aep;

import java.util.Arrays;
import org.metasched.model.Tolerance;
import org.metasched.timeline.SlotList;

/**
 * W, the expanding window of the AEP scan (spec 3.1): the visited slots that are still long enough for the task
 * from the current start, each named by its position in the scan's visiting order. An insertion-ordered list with
 * lazy deletion, membership flags, and a min-heap of the members by deadline (the latest start at which a slot is
 * still long enough), so expiring is O(log W) per slot.
 * When a {@link AepNodeIndex} is attached, its membership bits follow W.
 */
final class AepExpandingWindow {
    private double[] deadline;
    private final double tol;
    private final SlotList slots;
    private int[] order;
    private final AepNodeIndex index;
    private int[] list;
    private int listLength;
    private boolean[] in;
    private int count;
    private int[] heap;
    private int heapSize;

    /**
     * @param deadline per position: the latest window start at which the slot is long enough
     * @param slots the slot list of the scan
     * @param order per position: the slot's index in {@code slots}
     * @param capacity how many slots can enter (the positions are below it)
     * @param index kept in step with W; null when the scan has no fast path
     * @param tol the tolerance for the times of this search
     */
    AepExpandingWindow(double[] deadline, SlotList slots, int[] order, int capacity, AepNodeIndex index, double tol) {
        this.tol = tol;
        this.deadline = deadline;
        this.slots = slots;
        this.order = order;
        this.index = index;
        this.list = new int[capacity];
        this.in = new boolean[capacity];
        this.heap = new int[capacity];
    }

    /**
     * Takes the scan's per-position arrays grown (a scan that numbers its positions as it goes): positions below
     * their length may now enter.
     */
    void grow(double[] grownDeadline, int[] grownOrder) {
        deadline = grownDeadline;
        order = grownOrder;
        int capacity = grownDeadline.length;
        list = Arrays.copyOf(list, capacity);
        in = Arrays.copyOf(in, capacity);
        heap = Arrays.copyOf(heap, capacity);
    }

    /** How many slots W holds. */
    int count() {
        return count;
    }

    boolean tooShort(int s, double ws) {
        return Tolerance.lt(deadline[s], ws, tol);
    }

    void add(int s) {
        list[listLength++] = s;
        in[s] = true;
        count++;
        int h = heapSize++;
        double d = deadline[s];
        while (h > 0) {
            int parent = (h - 1) >>> 1;
            if (deadline[heap[parent]] <= d) {
                break;
            }
            heap[h] = heap[parent];
            h = parent;
        }
        heap[h] = s;
        if (index != null) {
            index.add(slots.node(order[s]));
        }
    }

    /** Removes the slots too short for a window starting at {@code ws}. */
    void expire(double ws) {
        while (heapSize > 0 && tooShort(heap[0], ws)) {
            int s = heap[0];
            int last = heap[--heapSize];
            int h = 0;
            double d = deadline[last];
            while (true) {
                int c = 2 * h + 1;
                if (c >= heapSize) {
                    break;
                }
                if (c + 1 < heapSize && deadline[heap[c + 1]] < deadline[heap[c]]) {
                    c++;
                }
                if (deadline[heap[c]] >= d) {
                    break;
                }
                heap[h] = heap[c];
                h = c;
            }
            heap[h] = last;
            in[s] = false;
            count--;
            if (index != null) {
                index.remove(slots.node(order[s]));
            }
        }
    }

    /**
     * Compacts the insertion-ordered list and copies W (positions) into {@code out[0..size)}; returns the size.
     */
    int copyTo(int[] out) {
        int k = 0;
        for (int j = 0; j < listLength; j++) {
            int s = list[j];
            if (in[s]) {
                list[k++] = s;
            }
        }
        listLength = k;
        System.arraycopy(list, 0, out, 0, k);
        return k;
    }

    /** Empties W (and the index's bits). */
    void clear() {
        listLength = 0;
        count = 0;
        heapSize = 0;
        Arrays.fill(in, false);
        if (index != null) {
            index.clear();
        }
    }
}
