package org.metasched.sim;

/**
 * A simulated system: its state and the handlers of its own event types {@code E}. The engine ({@link
 * Simulation}) owns the clock and the pending events; the model reacts to each event it is handed, schedules
 * further events through the engine, and may act once more at the end of every instant (where a model asks its
 * policy for decisions). A policy is a decision function the model calls; it never sees the engine.
 *
 * <p>{@code E}'s bound is written {@code Object & Event} so that it erases to {@code Object} (as {@code
 * Collections.max} does): {@link Simulation} hands an event to {@link #handle} without a cast to {@link Event},
 * and the only type check the event meets on its way is the model's own (the cast to its sealed event type in the
 * bridge method the compiler makes). A check against {@code Event} as well would alternate with that one on the
 * same event class, and JDK 17 remembers one interface per class: both would take the slow path every time.
 *
 * @param <E> the model's (sealed) event type
 */
@SuppressWarnings("ExtendsObject") // not redundant: it sets the erasure (above)
public interface Model<E extends Object & Event> {
    /** Called once by {@link Simulation#run()} before the first event: schedule the initial events here. */
    void start(Simulation<E> simulation);

    /** Reacts to {@code event}, which happens at {@code simulation.now()}. */
    void handle(E event, Simulation<E> simulation);

    /**
     * Called when every event of the current instant has been handled (the next pending event, if any, is later).
     * Events scheduled here at {@code now()} start another round of the same instant, after which this is called
     * again. The default does nothing.
     */
    default void instantEnded(Simulation<E> simulation) {}

    /** Called once when the queue is empty (or {@link Simulation#stop()} was called); the default does nothing. */
    default void finished(Simulation<E> simulation) {}
}
