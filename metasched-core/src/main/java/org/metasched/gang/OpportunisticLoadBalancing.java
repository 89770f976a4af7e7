package org.metasched.gang;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * OLB (P001 Algorithm 3, spec 5.3): the cluster's idle processors in random order, then its busy ones in random
 * order; task {@code i} goes to the {@code i}-th of that list. Queue contents and run times are ignored. The busy
 * list is shuffled only when the idle processors are too few for the job (its order matters only then).
 */
public final class OpportunisticLoadBalancing implements LocalDispatcher {
    /** Puts {@code a[0..n)} in random order. */
    @FunctionalInterface
    public interface Shuffle {
        void shuffle(int[] a, int n, UniformRandomProvider rng);
    }

    /** Fisher-Yates. */
    public static final Shuffle FISHER_YATES = (a, n, rng) -> {
        for (int i = n - 1; i > 0; i--) {
            int k = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[k];
            a[k] = t;
        }
    };

    private final Shuffle shuffle;
    private int[] idle = new int[0];
    private int[] busy = new int[0];

    public OpportunisticLoadBalancing() {
        this(FISHER_YATES);
    }

    /** With a given shuffle (tests script the paper's assumed orders with it). */
    public OpportunisticLoadBalancing(Shuffle shuffle) {
        this.shuffle = shuffle;
    }

    @Override
    public String name() {
        return "olb";
    }

    @Override
    public void place(GridView grid, int cluster, int tasks, double now, UniformRandomProvider rng, int[] out) {
        int m = grid.clusterSize(cluster);
        int first = grid.firstProcessor(cluster);
        if (idle.length < m) {
            idle = new int[m];
            busy = new int[m];
        }
        int s = 0;
        int t = 0;
        for (int p = first; p < first + m; p++) {
            if (grid.busy(p)) {
                busy[t++] = p;
            } else {
                idle[s++] = p;
            }
        }
        shuffle.shuffle(idle, s, rng);
        int k = Math.min(s, tasks);
        System.arraycopy(idle, 0, out, 0, k);
        if (k < tasks) {
            shuffle.shuffle(busy, t, rng);
            System.arraycopy(busy, 0, out, k, tasks - k);
        }
    }
}
