package org.metasched.memory;

/**
 * The {@code shared} baseline: one pool, FCFS across classes with no bypass. The oldest waiting job (earliest
 * arrival, ties in workload order) takes the idle core of lowest index whose machine has the job's memory free;
 * when it fits nowhere, nothing starts until something ends.
 */
public final class SharedFirstFit implements MemoryDispatcher {
    @Override
    public void dispatch(ClusterView cluster, MemoryDecisions decisions) {
        while (true) {
            int k = oldestHead(cluster, null);
            if (k == 0) {
                return;
            }
            int core = firstFit(cluster, cluster.classGiB(k));
            if (core < 0) {
                return;
            }
            decisions.start(cluster.queuedJob(k, 0), core);
        }
    }

    /**
     * The class whose queue head arrived first (ties: smaller job index), skipping classes marked in {@code skip}
     * (may be null); 0 when no such queue has a job.
     */
    static int oldestHead(ClusterView cluster, boolean[] skip) {
        int best = 0;
        int bestJob = 0;
        for (int k = 1; k <= cluster.classes(); k++) {
            if (cluster.queueLength(k) == 0 || (skip != null && skip[k])) {
                continue;
            }
            int j = cluster.queuedJob(k, 0);
            if (best == 0
                    || cluster.arrivalSeconds(j) < cluster.arrivalSeconds(bestJob)
                    || (cluster.arrivalSeconds(j) == cluster.arrivalSeconds(bestJob) && j < bestJob)) {
                best = k;
                bestJob = j;
            }
        }
        return best;
    }

    /** The idle undesignated core of lowest index whose machine has {@code gib} free, or -1. */
    static int firstFit(ClusterView cluster, int gib) {
        int s = cluster.coresPerMachine();
        for (int m = 0; m < cluster.machines(); m++) {
            if (cluster.idleCores(m) == 0 || cluster.memoryGiB() - cluster.designatedGiB(m) < gib) {
                continue;
            }
            for (int core = m * s; core < (m + 1) * s; core++) {
                if (!cluster.busy(core) && cluster.designation(core) == 0) {
                    return core;
                }
            }
        }
        return -1;
    }
}
