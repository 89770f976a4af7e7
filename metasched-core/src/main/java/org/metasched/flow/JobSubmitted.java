package org.metasched.flow;

/** Job {@code job} (workload index) is submitted. */
public record JobSubmitted(int job) implements MachineEvent {
    public static final int PRIORITY = 1;

    @Override
    public int priority() {
        return PRIORITY;
    }
}
