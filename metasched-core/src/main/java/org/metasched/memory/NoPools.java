package org.metasched.memory;

/**
 * The shared baselines' provisioning: no pools at all. Every core starts undesignated and owns a job's memory only
 * while it runs the job ({@link MemoryDecisions#start} lends it), so designated memory is the running jobs' memory.
 */
public final class NoPools implements MemoryProvisioner {
    @Override
    public int[] initialDesignations(ClusterView cluster) {
        return new int[cluster.cores()];
    }

    @Override
    public void queueChanged(ClusterView cluster, MemoryDecisions decisions) {}

    @Override
    public void jobEnded(ClusterView cluster, int core, MemoryDecisions decisions) {}
}
