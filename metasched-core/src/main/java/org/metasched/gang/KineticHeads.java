package org.metasched.gang;

import java.util.Arrays;

/**
 * The head of each processor's queue under an order that changes with time (LXF), kept by a kinetic tournament
 * per queue instead of found by a scan of the whole queue whenever the order may have changed.
 *
 * <p>Each queue's slots ({@link ProcessorQueues} keeps its tasks in slots {@code 0..length)}) are the leaves of a
 * complete binary tree; an inner node holds the job its two children's winners compare first under the order
 * ({@link PriorityOrder#compare}, the same computation as a scan's, so rounding and tie-breaks are the same) at the
 * time it was last compared, and a certificate: the time before which the loser cannot come first ({@link
 * PriorityOrder#overtakeTime}, the bound the cached scans of {@link QueueHeads} rely on too, for any pair). Every
 * node also keeps the least certificate in its subtree. A change of a slot voids the certificates on its path to
 * the root; a query at {@code now} compares again, bottom-up, exactly the nodes whose certificate is not after
 * {@code now} and those whose children's winners changed, and leaves the others. By induction over the tree every
 * node then holds the first of its subtree's jobs at {@code now}, so the root holds the job a scan of the queue
 * finds, and {@link #validUntil} is a time before which the root cannot change unless the queue does.
 */
final class KineticHeads {
    private static final double VOID = Double.NEGATIVE_INFINITY;
    private final PriorityOrder order;
    private final int[][] winner; // per processor, node (1 the root, capacity + slot the leaves) -> job, -1 for none
    private final double[][] until; // the node's own certificate (leaves: +Infinity)
    private final double[][] least; // the least certificate in the node's subtree

    KineticHeads(int processors, PriorityOrder order) {
        this.order = order;
        winner = new int[processors][];
        until = new double[processors][];
        least = new double[processors][];
        for (int p = 0; p < processors; p++) {
            allocate(p, 4);
        }
    }

    /** The order the heads are kept in. */
    PriorityOrder order() {
        return order;
    }

    private void allocate(int p, int capacity) {
        winner[p] = new int[2 * capacity];
        Arrays.fill(winner[p], -1);
        until[p] = new double[2 * capacity];
        Arrays.fill(until[p], Double.POSITIVE_INFINITY);
        least[p] = new double[2 * capacity];
        Arrays.fill(least[p], Double.POSITIVE_INFINITY);
    }

    /** Slot {@code slot} of {@code p}'s queue now holds a task of job {@code j} (-1: the slot is empty). */
    void set(int p, int slot, int j) {
        int capacity = winner[p].length / 2;
        if (slot >= capacity) {
            grow(p, slot);
            capacity = winner[p].length / 2;
        }
        int node = capacity + slot;
        winner[p][node] = j;
        voidPath(p, node >>> 1);
    }

    /** Doubles the tree until it has slot {@code slot}: the leaves are kept, every inner node is compared again. */
    private void grow(int p, int slot) {
        int old = winner[p].length / 2;
        int capacity = old;
        while (capacity <= slot) {
            capacity *= 2;
        }
        int[] leaves = Arrays.copyOfRange(winner[p], old, 2 * old);
        allocate(p, capacity);
        System.arraycopy(leaves, 0, winner[p], capacity, old);
        Arrays.fill(until[p], 1, capacity, VOID);
        Arrays.fill(least[p], 1, capacity, VOID);
    }

    private void voidPath(int p, int node) {
        double[] u = until[p];
        double[] l = least[p];
        for (int n = node; n >= 1; n >>>= 1) {
            u[n] = VOID;
            l[n] = VOID;
        }
    }

    /** The job heading {@code p}'s queue at {@code now}, -1 when it is empty. */
    int head(int p, double now) {
        if (least[p][1] <= now) {
            refresh(p, 1, winner[p].length / 2, now);
        }
        return winner[p][1];
    }

    /** After {@link #head} at some time: a time before which {@code p}'s head cannot change unless its queue does. */
    double validUntil(int p) {
        return least[p][1];
    }

    /** Compares again the nodes of {@code node}'s subtree whose certificate is not after {@code now}. */
    private void refresh(int p, int node, int capacity, double now) {
        int left = 2 * node;
        int right = left + 1;
        double[] l = least[p];
        int[] w = winner[p];
        double[] u = until[p];
        boolean again = u[node] <= now; // or a child's winner changed: the node's comparison was of another pair
        if (left < capacity) {
            if (l[left] <= now) {
                int before = w[left];
                refresh(p, left, capacity, now);
                again |= w[left] != before;
            }
            if (l[right] <= now) {
                int before = w[right];
                refresh(p, right, capacity, now);
                again |= w[right] != before;
            }
        }
        if (again) {
            int a = w[left];
            int b = w[right];
            if (a < 0 || b < 0) {
                w[node] = a < 0 ? b : a;
                u[node] = Double.POSITIVE_INFINITY;
            } else {
                boolean aFirst = order.compare(a, b, now) < 0;
                int first = aFirst ? a : b;
                w[node] = first;
                // a certificate not after now (a margin wider than the crossing's distance) is checked again at
                // any later time, never at this one: the comparison at now is the one just made
                u[node] = Math.max(order.overtakeTime(first, aFirst ? b : a, now), Math.nextUp(now));
            }
        }
        l[node] = Math.min(u[node], Math.min(l[left], l[right]));
    }
}
