package org.metasched.gang;

/**
 * A queue policy of spec 5.4 (decisions D13, D14): the priority order of the jobs waiting in a cluster, as a
 * primary key (lower = served first) that {@link PriorityOrder} completes with the tie-breaks arrival time, job
 * id and index. The per-processor queues are ordered by the same key, so a queue's head is its job of least key.
 * A decision function: it sees a job and the time, never the engine or the grid. The built-in ones are in {@link
 * QueuePolicies} (not here: an interface with default methods whose constants are its own implementations could
 * deadlock two threads initialising them at once).
 */
public interface QueuePolicy {
    /** Short name as in the paper, lower case. */
    String name();

    /** The primary key of waiting job {@code j} at time {@code now}: lower is served first. */
    double priorityKey(GangJobs jobs, int j, double now);

    /** True when the key changes with time (then queues are re-ordered at every pass). */
    default boolean timeDependent() {
        return false;
    }

    /**
     * A time before which job {@code other} cannot come before job {@code first}, given that {@code first} comes
     * first at {@code now} (used to keep queue heads between passes; answering too early is always safe).
     * Constant keys never change the order: {@code +Infinity}.
     */
    default double overtakeTime(GangJobs jobs, int first, int other, double now) {
        return Double.POSITIVE_INFINITY;
    }
}
