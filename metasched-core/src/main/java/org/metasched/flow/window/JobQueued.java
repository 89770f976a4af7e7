package org.metasched.flow.window;

/** Job {@code job} (position in the input queue) enters the queue and is placed at once. */
public record JobQueued(int job) implements WindowFlowEvent {
    @Override
    public int priority() {
        return 0;
    }
}
