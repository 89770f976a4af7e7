package org.metasched.memory;

/**
 * Decides the pools: which class each core is designated to (spec 6.2-6.3). A decision function: the model calls
 * it after a queue changed and after a job ended, with the cluster as it is; it answers through {@link
 * MemoryDecisions#reconfigure} and never sees the engine.
 */
public interface MemoryProvisioner {
    /** The designation of every core at time 0 (all 0: no pools, cores own memory only while they run a job). */
    int[] initialDesignations(ClusterView cluster);

    /** A job entered a queue, or a dispatch round took jobs out of queues (Algorithm 1). */
    void queueChanged(ClusterView cluster, MemoryDecisions decisions);

    /** The job on {@code core} has ended; the core is idle (Algorithm 2). */
    void jobEnded(ClusterView cluster, int core, MemoryDecisions decisions);
}
