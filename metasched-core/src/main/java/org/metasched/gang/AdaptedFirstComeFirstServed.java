package org.metasched.gang;

/**
 * AFCFS (P001 Algorithm 5, spec 5.4, D13): key {@code s_j}, so jobs with fewer tasks come first and, among equal
 * sizes, the earlier arrival. The printed O(n) pass that moves the smallest job's task to the queue head, applied
 * until nothing moves, is this stable ascending-size order. "Adapted": the scheduling pass skips a job that cannot
 * start and goes on with the next.
 */
final class AdaptedFirstComeFirstServed implements QueuePolicy {
    @Override
    public String name() {
        return "afcfs";
    }

    @Override
    public double priorityKey(GangJobs jobs, int j, double now) {
        return jobs.tasks(j);
    }

    @Override
    public String toString() {
        return name();
    }
}
