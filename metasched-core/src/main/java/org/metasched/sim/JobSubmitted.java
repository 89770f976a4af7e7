package org.metasched.sim;

/** Job {@code job} (workload index) is submitted at {@code timeSeconds}. */
public record JobSubmitted(long timeSeconds, long sequence, int job) implements Event {
    public static final int PRIORITY = 1;

    @Override
    public int priority() {
        return PRIORITY;
    }
}
