package org.metasched.sim;

/** Where a {@link SchedulingPolicy} puts its decisions; the engine checks and applies each one at once. */
public interface Decisions {
    /**
     * Starts waiting job {@code job} now on the lowest free processor ids.
     *
     * @throws IllegalStateException if the job is not waiting or does not fit in the free processors
     */
    void start(int job);

    /** Processors free right now (after the starts already made in this pass). */
    int freeProcessors();
}
