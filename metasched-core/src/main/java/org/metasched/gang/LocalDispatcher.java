package org.metasched.gang;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A local dispatcher (spec 5.3): how a cluster spreads the tasks of a parallel job over the queues of distinct
 * processors. A decision function: it reads the grid and answers processors; the model queues the tasks. The
 * sequential-job rule ({@link SequentialJobRule}) applies whatever the dispatcher.
 */
public interface LocalDispatcher {
    /** Short name ({@code olb}, {@code jseq}). */
    String name();

    /**
     * Chooses {@code tasks} distinct processors of cluster {@code cluster} (global indices into {@code out[0 ..
     * tasks)}, task {@code i} goes to {@code out[i]}); {@code tasks} is at most the cluster's size.
     */
    void place(GridView grid, int cluster, int tasks, double now, UniformRandomProvider rng, int[] out);
}
