package org.metasched.sim;

import java.util.Arrays;

/**
 * The discrete-event engine: one object per run, with its own clock, pending events and observers (no static
 * state, so simulations run side by side). It knows nothing of processors, jobs or slots: a {@link Model} brings
 * its own event types and handlers and keeps its own state.
 *
 * <p>The loop: take the earliest pending event time as the new instant {@link #now()}; hand the model every event
 * of that instant, one at a time, in the order {@code (time, priority, sequence)} (see {@link Event}), each
 * followed by the observers' {@link SimulationObserver#eventHandled}; then call {@link Model#instantEnded} and the
 * observers' {@link SimulationObserver#instantEnded}. Events the model schedules at the current instant during
 * that step make another round of the same instant. The run ends when no event is pending or after the instant in
 * which {@link #stop()} was called.
 *
 * <p>Times are seconds as {@code double}: real-valued for models that need it, and exact for whole seconds below
 * 2^53 (about 285 million years), so an integer-time model runs exactly as with {@code long}. Two events form one
 * instant when their times are equal as doubles; a model that computes times by arithmetic and wants them to
 * coincide rounds them first.
 *
 * @param <E> the model's event type
 */
public final class Simulation<E extends Event> {
    private final Model<E> model;
    private final EventQueue<E> queue = new EventQueue<>();

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SimulationObserver<? super E>[] observers = new SimulationObserver[0];

    private double now = Double.NEGATIVE_INFINITY;
    private long nextSequence;
    private long handled;
    private boolean started;
    private boolean running;
    private boolean stopRequested;
    private boolean finished;

    public Simulation(Model<E> model) {
        if (model == null) {
            throw new IllegalArgumentException("a simulation needs a model");
        }
        this.model = model;
    }

    public Model<E> model() {
        return model;
    }

    /** Adds an observer, called in the order observers were added. Only before the run starts. */
    public Simulation<E> addObserver(SimulationObserver<? super E> observer) {
        if (started) {
            throw new IllegalStateException("observers are added before the simulation starts");
        }
        if (observer == null) {
            throw new IllegalArgumentException("observer is null");
        }
        observers = Arrays.copyOf(observers, observers.length + 1);
        observers[observers.length - 1] = observer;
        return this;
    }

    /** The current instant in seconds; {@code -Infinity} before the first event. */
    public double now() {
        return now;
    }

    /**
     * Schedules {@code event} at {@code timeSeconds}, not before now. Events at the current instant are handled in
     * this instant (after those already pending with a lower or equal priority).
     *
     * @return the event's sequence number: the last tie-breaker, unique in this simulation
     * @throws IllegalStateException if the time is before now, not finite, or the priority is out of range
     */
    public long schedule(double timeSeconds, E event) {
        if (!(timeSeconds >= now) || timeSeconds == Double.POSITIVE_INFINITY) {
            throw new IllegalStateException(
                    "cannot schedule " + event + " at " + timeSeconds + ": now is " + now + " and times are finite");
        }
        int priority = event.priority();
        if (priority < Event.MIN_PRIORITY || priority > Event.MAX_PRIORITY) {
            throw new IllegalStateException("event " + event + " has priority " + priority + ", outside "
                    + Event.MIN_PRIORITY + ".." + Event.MAX_PRIORITY);
        }
        if (nextSequence > EventQueue.MAX_SEQUENCE) {
            throw new IllegalStateException("more than " + EventQueue.MAX_SEQUENCE + " events scheduled");
        }
        long sequence = nextSequence++;
        // -0.0 becomes 0.0, so that equal times are equal in the heap's comparisons
        queue.add(timeSeconds + 0.0, priority, sequence, event);
        return sequence;
    }

    /**
     * Cancels a pending event (a completion that will not happen because its job migrated, say): it will not be
     * handled. Costs O(pending events).
     *
     * @param sequence what {@link #schedule} returned for it
     * @return true if it was pending; false if it was already handled or cancelled
     */
    public boolean cancel(long sequence) {
        return queue.remove(sequence);
    }

    /** Events scheduled and not yet handled. */
    public int pendingEvents() {
        return queue.size();
    }

    /** Time of the next pending event, or {@code +Infinity} when none is pending. */
    public double nextEventTime() {
        return queue.isEmpty() ? Double.POSITIVE_INFINITY : queue.peekTime();
    }

    /** Events handled so far. */
    public long handledEvents() {
        return handled;
    }

    /** Ends the run after the current instant (its remaining events and end-of-instant step still happen). */
    public void stop() {
        stopRequested = true;
    }

    /** True once the run has ended: nothing pending, or stopped. */
    public boolean finished() {
        return finished;
    }

    /** Runs to the end. A simulation runs once (or continues once after {@link #runUntil}). */
    public Simulation<E> run() {
        return runUntil(Double.POSITIVE_INFINITY);
    }

    /**
     * Runs every instant up to and including {@code timeSeconds}, then returns with the clock at the last instant
     * handled; a later call continues from there.
     */
    public Simulation<E> runUntil(double timeSeconds) {
        if (running) {
            throw new IllegalStateException("the simulation is already running (a handler called run)");
        }
        if (finished) {
            throw new IllegalStateException("the simulation has finished; a simulation runs once");
        }
        running = true;
        try {
            if (!started) {
                started = true;
                model.start(this);
            }
            loop(timeSeconds);
            if (queue.isEmpty() || stopRequested) {
                finished = true;
                model.finished(this);
            }
        } finally {
            running = false;
        }
        return this;
    }

    /**
     * Hands the next event to the model and the observers. A method of its own whose type variable erases to {@code
     * Object}: a local of type {@code E} here would be an {@link Event} to the JVM, checked as such (see {@link
     * Model} for why that check costs).
     */
    @SuppressWarnings("ExtendsObject") // not redundant: it erases T to Object
    private static <T extends Object & Event> void handleNext(
            EventQueue<T> queue,
            Model<T> model,
            Simulation<T> simulation,
            SimulationObserver<? super T>[] obs,
            double t) {
        T e = queue.poll();
        model.handle(e, simulation);
        for (SimulationObserver<? super T> o : obs) {
            o.eventHandled(t, e);
        }
    }

    private void loop(double limit) {
        SimulationObserver<? super E>[] obs = observers;
        while (!stopRequested && !queue.isEmpty() && queue.peekTime() <= limit) {
            double t = queue.peekTime();
            now = t;
            do {
                handled++;
                handleNext(queue, model, this, obs, t);
            } while (!queue.isEmpty() && queue.peekTime() == t);
            model.instantEnded(this);
            for (SimulationObserver<? super E> o : obs) {
                o.instantEnded(t);
            }
        }
    }
}
