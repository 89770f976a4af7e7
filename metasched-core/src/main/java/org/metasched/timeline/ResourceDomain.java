package org.metasched.timeline;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.Allocation;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Window;

/**
 * A resource domain: nodes, each with a timeline of busy intervals, observed over the scheduling horizon {@code
 * [horizonStart, horizonEnd]}. Mutable: {@link #commit(Window)} reserves a window.
 */
public final class ResourceDomain {
    private final List<Node> nodes;
    private final List<NodeTimeline> timelines;
    private final double horizonStart;
    private final double horizonEnd;

    public ResourceDomain(List<Node> nodes, double horizonStart, double horizonEnd) {
        if (!(horizonEnd > horizonStart)) {
            throw new IllegalArgumentException(
                    "horizon end " + horizonEnd + " must be after its start " + horizonStart);
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).index() != i) {
                throw new IllegalArgumentException(
                        "node at position " + i + " has index " + nodes.get(i).index() + "; indices must be 0..n-1");
            }
        }
        this.nodes = List.copyOf(nodes);
        this.timelines = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            timelines.add(new NodeTimeline());
        }
        this.horizonStart = horizonStart;
        this.horizonEnd = horizonEnd;
    }

    /** A copy with the same nodes, horizon and busy intervals. */
    public ResourceDomain copy() {
        ResourceDomain c = new ResourceDomain(nodes, horizonStart, horizonEnd);
        for (int i = 0; i < nodes.size(); i++) {
            for (Interval iv : timelines.get(i).busy()) {
                c.timelines.get(i).add(iv);
            }
        }
        return c;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public NodeTimeline timeline(int nodeIndex) {
        return timelines.get(nodeIndex);
    }

    public double horizonStart() {
        return horizonStart;
    }

    public double horizonEnd() {
        return horizonEnd;
    }

    /** Marks {@code interval} busy on node {@code nodeIndex} (a local task or an earlier reservation). */
    public void addBusy(int nodeIndex, Interval interval) {
        timelines.get(nodeIndex).add(interval);
    }

    /** Derives the idle slots of every node within the horizon, sorted by (start, node index) (spec 1.2). */
    public SlotList slots() {
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            for (Interval gap : timelines.get(i).idle(horizonStart, horizonEnd)) {
                out.add(new Slot(nodes.get(i), gap.start(), gap.end()));
            }
        }
        return SlotList.of(out);
    }

    /**
     * Reserves every allocation of {@code window} on its node (spec 1.5).
     *
     * @throws IllegalStateException if an allocation overlaps a busy interval: a window must come from this
     *     domain's slots
     */
    public void commit(Window window) {
        for (Allocation a : window.allocations()) {
            NodeTimeline tl = timelines.get(a.node().index());
            if (!tl.isFree(a.start(), a.end())) {
                throw new IllegalStateException("allocation [" + a.start() + ", " + a.end() + ") on node "
                        + a.node().id() + " overlaps a busy interval");
            }
        }
        for (Allocation a : window.allocations()) {
            timelines.get(a.node().index()).add(new Interval(a.start(), a.end()));
        }
    }
}
