package org.metasched.memory;

/** Job {@code job} (index in the workload) enters the queue of its class. */
public record JobArrived(int job) implements MemoryEvent {
    @Override
    public int priority() {
        return 1;
    }
}
