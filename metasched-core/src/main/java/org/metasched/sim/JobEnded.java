package org.metasched.sim;

/** Job {@code job} (workload index) completes, or is killed at its estimate, at {@code timeSeconds}. */
public record JobEnded(long timeSeconds, long sequence, int job) implements Event {
    public static final int PRIORITY = 0;

    @Override
    public int priority() {
        return PRIORITY;
    }
}
