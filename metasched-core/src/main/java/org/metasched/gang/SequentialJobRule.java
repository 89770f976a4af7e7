package org.metasched.gang;

/**
 * Where a sequential job (one task) goes inside its cluster, whatever the local dispatcher (P001 sections 3.1 and
 * 4.2.2, spec 5.3): the fastest idle processor (highest clock rate, ties by lowest index), where it starts at
 * once even if other jobs' tasks wait in that queue (those jobs are not running); when no processor is idle, the
 * queue of the processor with the least estimated work ({@code est} of JSEQ, ties by lowest index).
 */
public final class SequentialJobRule {
    private SequentialJobRule() {}

    /** The processor (global index) for a sequential job in cluster {@code cluster}; idle means it starts now. */
    public static int choose(GridView grid, int cluster, double now) {
        int first = grid.firstProcessor(cluster);
        int end = first + grid.clusterSize(cluster);
        if (grid.idleProcessors(cluster) > 0) {
            int best = -1;
            for (int p = first; p < end; p++) {
                if (!grid.busy(p) && (best < 0 || grid.clockMHz(p) > grid.clockMHz(best))) {
                    best = p;
                }
            }
            return best;
        }
        int best = first;
        double bestEst = grid.estimatedWorkSeconds(first, now);
        for (int p = first + 1; p < end; p++) {
            double e = grid.estimatedWorkSeconds(p, now);
            if (e < bestEst) {
                best = p;
                bestEst = e;
            }
        }
        return best;
    }
}
