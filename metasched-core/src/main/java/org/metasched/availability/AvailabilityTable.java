package org.metasched.availability;

import java.util.ArrayList;
import java.util.List;

/**
 * The static problems of one scan: for every whole start time {@code t = firstStart + k} of the horizon, the
 * availability {@code P_a(t; t + T)} of every candidate node (performance at least the request's minimum), and each
 * candidate's window cost {@code price * T}. {@link #at} computes a row when first asked for and keeps it; {@link
 * #row} reads a kept row or computes one into a buffer without keeping it, so a scan that visits each start time
 * once needs memory for one row only. Not thread-safe.
 */
public final class AvailabilityTable {
    private final AvailabilityNode[] candidates;
    private final int[] domainIndex;
    private final double[] cost;
    private final long firstStart;
    private final double runtime;
    private final int count;
    private double[][] rows; // null until a row is kept

    private AvailabilityTable(List<AvailabilityNode> nodes, List<Integer> index, long firstStart, int count, double T) {
        this.candidates = nodes.toArray(new AvailabilityNode[0]);
        this.domainIndex = new int[index.size()];
        this.cost = new double[index.size()];
        for (int i = 0; i < domainIndex.length; i++) {
            domainIndex[i] = index.get(i);
            cost[i] = candidates[i].node().unitPrice() * T;
        }
        this.firstStart = firstStart;
        this.runtime = T;
        this.count = count;
    }

    /** The table of {@code request} over {@code domain}'s horizon; nothing is computed yet. */
    public static AvailabilityTable of(AvailabilityDomain domain, AvailabilityRequest request) {
        List<AvailabilityNode> nodes = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        for (int i = 0; i < domain.nodes().size(); i++) {
            AvailabilityNode node = domain.nodes().get(i);
            if (node.node().performance() >= request.minPerformance()) {
                nodes.add(node);
                index.add(i);
            }
        }
        return new AvailabilityTable(nodes, index, domain.firstStart(), domain.startTimes(), request.runtime());
    }

    /** How many candidate nodes. */
    public int candidates() {
        return candidates.length;
    }

    /** How many start times. */
    public int startTimes() {
        return count;
    }

    public long firstStart() {
        return firstStart;
    }

    public double runtime() {
        return runtime;
    }

    /** The domain position of candidate c. */
    public int domainIndex(int c) {
        return domainIndex[c];
    }

    /** Window cost {@code price * T} per candidate (the array itself: do not modify). */
    public double[] costs() {
        return cost;
    }

    /** The availabilities of every candidate at start time {@code firstStart + k} (the array itself). */
    public double[] at(int k) {
        double[][] kept = kept();
        double[] row = kept[k];
        if (row == null) {
            row = new double[candidates.length];
            double t = firstStart + k;
            for (int c = 0; c < row.length; c++) {
                row[c] = candidates[c].probability(t, runtime);
            }
            kept[k] = row;
        }
        return row;
    }

    /** The kept rows, made when first asked for. */
    private double[][] kept() {
        if (rows == null) {
            rows = new double[count][];
        }
        return rows;
    }

    /** Row k if it is kept, else row k computed into {@code buffer} (length {@link #candidates()}), not kept. */
    public double[] row(int k, double[] buffer) {
        double[] row = rows == null ? null : rows[k];
        if (row != null) {
            return row;
        }
        double t = firstStart + k;
        for (int c = 0; c < buffer.length; c++) {
            buffer[c] = candidates[c].probability(t, runtime);
        }
        return buffer;
    }

    /**
     * Computes every row now on the common fork-join pool: the same numbers as {@link #computeAll()}, each row
     * computed by one thread from immutable nodes, for a single search that visits every start time (the CDFs of the
     * local jobs are most of a full scan's time). Experiments that already run scenarios in parallel use {@link
     * #computeAll()}.
     */
    public AvailabilityTable computeAllInParallel() {
        kept(); // before the threads
        java.util.stream.IntStream.range(0, count).parallel().forEach(this::at);
        return this;
    }

    /** Computes every row now (the availability predictions a scan takes as input). */
    public AvailabilityTable computeAll() {
        for (int k = 0; k < count; k++) {
            at(k);
        }
        return this;
    }
}
