package org.metasched.memory;

/**
 * Dispatch into pools (spec 6.1, 6.3): for classes 1..K in turn, while queue k has a job and pool k an idle core,
 * the head of queue k starts on the pool's idle core of lowest index (machine, then core).
 */
public final class PooledFcfs implements MemoryDispatcher {
    @Override
    public void dispatch(ClusterView cluster, MemoryDecisions decisions) {
        for (int k = 1; k <= cluster.classes(); k++) {
            int from = 0;
            while (cluster.queueLength(k) > 0 && cluster.idlePoolCores(k) > 0) {
                int core = from;
                while (cluster.busy(core) || cluster.designation(core) != k) {
                    core++;
                }
                decisions.start(cluster.queuedJob(k, 0), core);
                from = core + 1;
            }
        }
    }
}
