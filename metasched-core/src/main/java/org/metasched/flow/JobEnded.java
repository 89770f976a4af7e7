package org.metasched.flow;

/** Job {@code job} (workload index) completes, or is killed at its estimate. */
public record JobEnded(int job) implements MachineEvent {
    public static final int PRIORITY = 0;

    @Override
    public int priority() {
        return PRIORITY;
    }
}
