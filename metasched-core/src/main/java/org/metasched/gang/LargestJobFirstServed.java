package org.metasched.gang;

/**
 * LJFS (P001 Algorithm 6, spec 5.4): key {@code -s_j}, so jobs with more tasks come first; among equal sizes the
 * earlier arrival (the printed insertion sort is stable).
 */
final class LargestJobFirstServed implements QueuePolicy {
    @Override
    public String name() {
        return "ljfs";
    }

    @Override
    public double priorityKey(GangJobs jobs, int j, double now) {
        return -jobs.tasks(j);
    }

    @Override
    public String toString() {
        return name();
    }
}
