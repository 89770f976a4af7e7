package org.metasched.gang;

import java.util.Arrays;

/**
 * The job at the head of each processor's queue under a {@link PriorityOrder}, kept between calls: a head stays
 * valid until its queue changes ({@link GridView#queueVersion}) or, for an order that changes with time (LXF), until
 * another queued job may overtake it ({@link PriorityOrder#overtakeTime}). A recomputation scans the queue, so the
 * answer is always the exact head at {@code now}; the cache only saves rescans of unchanged queues, which the
 * migrations would otherwise repeat at every instant.
 *
 * <p>On a {@link Grid} whose queues keep their heads under the order (in its ranks for a time-independent order,
 * {@link PriorityOrder#ranks}, else in {@link KineticHeads}) the grid knows every head already, and no scan or cache
 * is needed; the scans are the reference path's ({@link GangSimulation#of} with {@code reference}).
 */
final class QueueHeads {
    private GridView seen;
    private Grid keeps; // the last grid found to keep its heads under keptOrder
    private PriorityOrder keptOrder;
    private int[] head = new int[0];
    private long[] version = new long[0];
    private double[] validUntil = new double[0];

    /** The queued job {@code order} serves first at {@code now} on processor {@code p}; -1 for an empty queue. */
    int head(GridView grid, int p, PriorityOrder order, double now) {
        if (grid == keeps && order == keptOrder) {
            return keeps.headJob(p, now);
        }
        if (grid instanceof Grid g && g.keepsHeadsOf(order)) {
            keeps = g;
            keptOrder = order;
            return g.headJob(p, now);
        }
        if (grid != seen) {
            seen = grid;
            Arrays.fill(version, -1);
        }
        if (p >= head.length) {
            int n = Math.max(p + 1, 2 * head.length);
            int old = head.length;
            head = Arrays.copyOf(head, n);
            version = Arrays.copyOf(version, n);
            validUntil = Arrays.copyOf(validUntil, n);
            Arrays.fill(version, old, n, -1);
        }
        long v = grid.queueVersion(p);
        if (version[p] == v && now < validUntil[p]) {
            return head[p];
        }
        int h = scan(grid, p, order, now);
        double until = Double.POSITIVE_INFINITY;
        if (h >= 0 && order.policy().timeDependent()) {
            for (int i = 0; i < grid.queueLength(p); i++) {
                int j = grid.taskJob(grid.queuedTask(p, i));
                if (j != h) {
                    until = Math.min(until, order.overtakeTime(h, j, now));
                }
            }
        }
        head[p] = h;
        version[p] = v;
        validUntil[p] = until;
        return h;
    }

    /** The head by a full scan. */
    static int scan(GridView grid, int p, PriorityOrder order, double now) {
        int n = grid.queueLength(p);
        if (n == 0) {
            return -1;
        }
        int best = grid.taskJob(grid.queuedTask(p, 0));
        for (int i = 1; i < n; i++) {
            int j = grid.taskJob(grid.queuedTask(p, i));
            if (order.compare(j, best, now) < 0) {
                best = j;
            }
        }
        return best;
    }
}
