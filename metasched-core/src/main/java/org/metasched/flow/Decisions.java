package org.metasched.flow;

/** Where a {@link SchedulingPolicy} puts its decisions; the engine checks and applies each one at once. */
public interface Decisions {
    /**
     * Starts waiting job {@code job} now on the lowest free processor ids.
     *
     * @throws IllegalStateException if the job is not waiting or does not fit in the free processors
     */
    void start(int job);

    /**
     * Asks for a scheduling pass at {@code timeSeconds} even if no job ends or arrives then.
     *
     * @throws IllegalStateException if {@code timeSeconds} is not in the future
     */
    void wakeUpAt(long timeSeconds);

    /** Processors free right now (after the starts already made in this pass). */
    int freeProcessors();
}
