package org.metasched.model;

/**
 * One slot of a chosen window: the node is occupied over {@code [start, end)}, inside its idle {@code host}
 * slot.
 */
public record Allocation(Slot host, double start, double end) {
    public Node node() {
        return host.node();
    }

    public double length() {
        return end - start;
    }

    /** Idle time left between the host slot's start and this allocation (spec D3). */
    public double leftGap() {
        return start - host.start();
    }

    /** Idle time left between this allocation's end and the host slot's end (spec D3). */
    public double rightGap() {
        return host.end() - end;
    }
}
