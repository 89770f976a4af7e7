package org.metasched.model;

/**
 * An idle interval {@code [start, end]} of one node: a maximal gap between busy intervals, clipped to the
 * scheduling horizon (spec section 1.2).
 */
public record Slot(Node node, double start, double end) {
    public Slot {
        if (end < start) {
            throw new IllegalArgumentException("slot end " + end + " is before its start " + start);
        }
    }

    public double length() {
        return end - start;
    }
}
