package org.metasched.gang;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * JSEQ (P001 Algorithm 4, spec 5.3): the cluster's processors sorted stably by their estimated work {@code est(p)
 * = remaining time of the running task + sum of the queued tasks' service times on p} (processor-specific service
 * times), ascending, ties by processor index; task {@code i} goes to the {@code i}-th. The printed {@code i <- i -
 * 1} is the typo for {@code j <- i - 1}, which makes it the stable insertion sort implemented here by merging.
 */
public final class JoinShortestExecutionQueue implements LocalDispatcher {
    private double[] est = new double[0];
    private int[] order = new int[0];
    private int[] scratch = new int[0];

    @Override
    public String name() {
        return "jseq";
    }

    @Override
    public void place(GridView grid, int cluster, int tasks, double now, UniformRandomProvider rng, int[] out) {
        int m = grid.clusterSize(cluster);
        int first = grid.firstProcessor(cluster);
        if (est.length < m) {
            est = new double[m];
            order = new int[m];
            scratch = new int[m];
        }
        for (int i = 0; i < m; i++) {
            est[i] = grid.estimatedWorkSeconds(first + i, now);
        }
        choose(est, m, tasks, order, scratch);
        for (int i = 0; i < tasks; i++) {
            out[i] = first + order[i];
        }
    }

    /**
     * The decision on a plain array: {@code order[0..m)} becomes the local processor indices sorted by {@code
     * est} ascending, ties by index; the first {@code tasks} receive the tasks.
     */
    public static void choose(double[] est, int m, int tasks, int[] order, int[] scratch) {
        if (tasks > m) {
            throw new IllegalArgumentException(tasks + " tasks on " + m + " processors");
        }
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        for (int width = 1; width < m; width <<= 1) {
            for (int lo = 0; lo < m; lo += width << 1) {
                int mid = Math.min(lo + width, m);
                int hi = Math.min(lo + (width << 1), m);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    scratch[k++] = est[order[j]] < est[order[i]] ? order[j++] : order[i++];
                }
                while (i < mid) {
                    scratch[k++] = order[i++];
                }
                while (j < hi) {
                    scratch[k++] = order[j++];
                }
            }
            System.arraycopy(scratch, 0, order, 0, m);
        }
    }
}
