package org.metasched.gang;

/** Job {@code job} (index) arrives at the grid dispatcher. */
record JobArrived(int job) implements GangEvent {
    @Override
    public int priority() {
        return 1;
    }
}
