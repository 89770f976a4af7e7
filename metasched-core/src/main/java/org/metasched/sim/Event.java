package org.metasched.sim;

/**
 * Something that happens to a simulated system at an instant. Each model declares its own sealed interface of
 * event records extending this one (the machine model's {@code JobSubmitted}, {@code JobEnded}, {@code WakeUp};
 * the window flow's {@code JobQueued} ...); the engine stores an event with the time it was scheduled for and a
 * sequence number, and hands events to the model in the total order {@code (time, priority, sequence)}. Nothing
 * is left to the queue implementation: at one instant lower priorities come first, and events of one priority
 * keep the order in which they were scheduled.
 */
public interface Event {
    /** The lowest priority an event may have. */
    int MIN_PRIORITY = 0;

    /** The highest priority an event may have. */
    int MAX_PRIORITY = 0xFFFF;

    /**
     * Order among events at the same instant: lower first, {@value #MIN_PRIORITY} to {@value #MAX_PRIORITY}.
     * Usually a constant of the record type (for instance all completions before all arrivals).
     */
    int priority();
}
