package org.metasched.gang;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The grid dispatcher (P001 Algorithms 1 and 2 corrected, spec 5.2, D12). A job may go to the clusters with at
 * least as many processors as it has tasks; none means the job is rejected. A parallel job goes to the eligible
 * cluster of least load {@code LC_c = (queued tasks + running tasks) / M_c} (eq. 1), ties broken by {@link
 * TieBreak}; a sequential job goes to an eligible cluster drawn uniformly (Algorithm 1 line 12). Loads are compared
 * exactly, as {@code load_a * M_b} against {@code load_b * M_a}. A decision function: it reads the loads and
 * answers a cluster.
 */
public final class LeastLoadedCluster {
    /** The answer for a job that fits no cluster. */
    public static final int REJECT = -1;

    private final TieBreak tieBreak;

    public LeastLoadedCluster(TieBreak tieBreak) {
        this.tieBreak = tieBreak;
    }

    /** The cluster for a job of {@code tasks} tasks, or {@link #REJECT}. */
    public int choose(GridView grid, int tasks, UniformRandomProvider rng) {
        int m = grid.clusters();
        int[] sizes = new int[m];
        long[] loads = new long[m];
        for (int c = 0; c < m; c++) {
            sizes[c] = grid.clusterSize(c);
            loads[c] = grid.loadTasks(c);
        }
        return choose(tasks, sizes, loads, tieBreak, rng);
    }

    /**
     * The decision on plain arrays: cluster {@code c} has {@code sizes[c]} processors and {@code loads[c]} queued
     * plus running tasks.
     */
    public static int choose(int tasks, int[] sizes, long[] loads, TieBreak tieBreak, UniformRandomProvider rng) {
        int m = sizes.length;
        int eligible = 0;
        for (int c = 0; c < m; c++) {
            if (sizes[c] >= tasks) {
                eligible++;
            }
        }
        if (eligible == 0) {
            return REJECT;
        }
        if (tasks == 1) {
            return nth(sizes, tasks, eligible == 1 ? 0 : rng.nextInt(eligible), -1, loads);
        }
        int best = -1;
        int ties = 0;
        for (int c = 0; c < m; c++) {
            if (sizes[c] < tasks) {
                continue;
            }
            int cmp = best < 0 ? -1 : Long.compare(loads[c] * sizes[best], loads[best] * sizes[c]);
            if (cmp < 0) {
                best = c;
                ties = 1;
            } else if (cmp == 0) {
                ties++;
            }
        }
        if (ties == 1 || tieBreak == TieBreak.FIRST) {
            return best;
        }
        return nth(sizes, tasks, rng.nextInt(ties), best, loads);
    }

    /** The {@code k}-th eligible cluster (k from 0), or among those as loaded as {@code like} if it is >= 0. */
    private static int nth(int[] sizes, int tasks, int k, int like, long[] loads) {
        int seen = 0;
        for (int c = 0; c < sizes.length; c++) {
            if (sizes[c] < tasks) {
                continue;
            }
            if (like >= 0 && loads[c] * sizes[like] != loads[like] * sizes[c]) {
                continue;
            }
            if (seen++ == k) {
                return c;
            }
        }
        throw new AssertionError("no eligible cluster number " + k);
    }

    /** {@code LC} of a cluster from its processors' queue lengths and running flags (1 running, 0 idle), eq. 1. */
    public static double load(int[] queued, int[] running) {
        long sum = 0;
        for (int i = 0; i < queued.length; i++) {
            sum += queued[i] + running[i];
        }
        return (double) sum / queued.length;
    }
}
