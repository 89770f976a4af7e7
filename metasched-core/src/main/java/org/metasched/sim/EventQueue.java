package org.metasched.sim;

import java.util.PriorityQueue;

/** The pending events of one simulation, in their total order; hands out the sequence numbers. */
public final class EventQueue {
    private final PriorityQueue<Event> heap = new PriorityQueue<>();
    private long nextSequence;

    public void submitted(long timeSeconds, int job) {
        heap.add(new JobSubmitted(timeSeconds, nextSequence++, job));
    }

    public void ended(long timeSeconds, int job) {
        heap.add(new JobEnded(timeSeconds, nextSequence++, job));
    }

    public void wakeUp(long timeSeconds) {
        heap.add(new WakeUp(timeSeconds, nextSequence++));
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** The next event, without removing it; null when empty. */
    public Event peek() {
        return heap.peek();
    }

    public Event poll() {
        return heap.poll();
    }
}
