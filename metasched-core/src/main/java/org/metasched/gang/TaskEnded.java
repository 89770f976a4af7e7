package org.metasched.gang;

/** Processor {@code processor} finishes task {@code task}. */
record TaskEnded(int processor, int task) implements GangEvent {
    @Override
    public int priority() {
        return 0;
    }
}
