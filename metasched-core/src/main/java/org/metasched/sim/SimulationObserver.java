package org.metasched.sim;

/**
 * Watches a running {@link Simulation}: metrics, time series, traces of events. Called after the model has
 * handled each event and after the model's own end-of-instant step. An observer that needs the model's state
 * keeps a reference to the model (or to whatever the model exposes for it); it must not change that state nor
 * schedule events.
 *
 * @param <E> the model's event type (erased to {@code Object}, as in {@link Model})
 */
@SuppressWarnings("ExtendsObject") // not redundant: it sets the erasure (see Model)
public interface SimulationObserver<E extends Object & Event> {
    /** {@code event} at {@code time} has been handled. The default does nothing. */
    default void eventHandled(double time, E event) {}

    /** Every event at {@code time} has been handled and the model has made its end-of-instant step. */
    default void instantEnded(double time) {}
}
