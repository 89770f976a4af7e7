package org.metasched.sim;

/**
 * Something that happens to the simulated system at an instant. Events are totally ordered by {@code (time,
 * priority, sequence)}: at one instant all completions come before all arrivals, and events of one kind keep the
 * order in which they were scheduled. Nothing is left to the queue implementation.
 */
public sealed interface Event extends Comparable<Event> permits JobEnded, JobSubmitted, WakeUp {
    /** Simulated time in seconds. */
    long timeSeconds();

    /** Order among events at the same instant: lower first. */
    int priority();

    /** Scheduling order, unique per simulation; the last tie-breaker. */
    long sequence();

    @Override
    default int compareTo(Event o) {
        int c = Long.compare(timeSeconds(), o.timeSeconds());
        if (c != 0) {
            return c;
        }
        c = Integer.compare(priority(), o.priority());
        return c != 0 ? c : Long.compare(sequence(), o.sequence());
    }
}
