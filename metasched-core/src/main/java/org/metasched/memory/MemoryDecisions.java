package org.metasched.memory;

/**
 * How a policy acts on the cluster; the model implements it and checks every decision at once (an impossible one
 * is a bug in the policy and throws {@link IllegalStateException}).
 */
public interface MemoryDecisions {
    /**
     * Re-designates the cores of machine {@code machine} (one re-provisioning): {@code designations[i]} is the new
     * class of its core {@code i}. Only idle cores may change, the machine's designated memory must stay within R,
     * and at least one core must change.
     */
    void reconfigure(int machine, int[] designations);

    /**
     * Starts job {@code job}, the head of its class's queue, on idle core {@code core}: a core designated to the
     * job's class, or an undesignated core whose machine has the job's memory free (the core then owns that
     * memory until the job ends: the shared pool).
     */
    void start(int job, int core);
}
