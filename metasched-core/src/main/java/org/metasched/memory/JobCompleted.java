package org.metasched.memory;

/** Job {@code job} (index in the workload) ends; its core becomes idle. Before arrivals at the same instant. */
public record JobCompleted(int job) implements MemoryEvent {
    @Override
    public int priority() {
        return 0;
    }
}
