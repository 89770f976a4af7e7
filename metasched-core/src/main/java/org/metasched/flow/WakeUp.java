package org.metasched.flow;

/**
 * A policy asked to be called at this instant although nothing may end or arrive then (for instance when a
 * reservation falls due after the job that would have ended there finished early). Comes after completions and
 * arrivals of the same instant.
 */
public record WakeUp() implements MachineEvent {
    public static final int PRIORITY = 2;

    @Override
    public int priority() {
        return PRIORITY;
    }
}
