package org.metasched.memory;

import java.util.Arrays;

/**
 * The {@code shared-backfill} baseline: one pool, first fit as in {@link SharedFirstFit}, but when the oldest
 * waiting job fits nowhere a later one that fits starts (the oldest fitting one, repeatedly). Jobs of one class
 * need the same memory, so a later job of the head's class never overtakes it: each queue stays FCFS.
 */
public final class SharedBackfill implements MemoryDispatcher {
    private boolean[] skip;

    @Override
    public void dispatch(ClusterView cluster, MemoryDecisions decisions) {
        if (skip == null) {
            skip = new boolean[cluster.classes() + 1];
        }
        while (true) {
            Arrays.fill(skip, false);
            boolean started = false;
            int k;
            while (!started && (k = SharedFirstFit.oldestHead(cluster, skip)) != 0) {
                int core = SharedFirstFit.firstFit(cluster, cluster.classGiB(k));
                if (core >= 0) {
                    decisions.start(cluster.queuedJob(k, 0), core);
                    started = true;
                } else {
                    skip[k] = true;
                }
            }
            if (!started) {
                return;
            }
        }
    }
}
