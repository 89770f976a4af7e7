package org.metasched.model;

import java.util.Comparator;
import java.util.List;

/**
 * A chosen co-allocation: n allocations on distinct nodes that all start at {@code start}.
 *
 * @param start the common start time
 * @param runtime the window's runtime: the longest allocation
 * @param cost total cost of all allocations
 * @param processorTime sum of the allocation lengths (T_CPU)
 * @param allocations ordered by node index
 */
public record Window(double start, double runtime, double cost, double processorTime, List<Allocation> allocations) {
    public Window {
        allocations = List.copyOf(allocations);
    }

    public double finish() {
        return start + runtime;
    }

    public int size() {
        return allocations.size();
    }

    /**
     * Builds the window of the given host slots at start {@code t} for a task of {@code volume} in the given
     * geometry, computing runtime, cost and processor time as spec section 1.4 defines them.
     */
    public static Window of(Geometry geometry, double volume, double t, List<Slot> hosts) {
        double minPerf = Double.POSITIVE_INFINITY;
        for (Slot s : hosts) {
            minPerf = Math.min(minPerf, s.node().performance());
        }
        double common = volume / minPerf;
        Allocation[] allocs = new Allocation[hosts.size()];
        double cost = 0;
        double proc = 0;
        double runtime = 0;
        for (int i = 0; i < allocs.length; i++) {
            Slot s = hosts.get(i);
            double len =
                    geometry == Geometry.COMMON ? common : volume / s.node().performance();
            allocs[i] = new Allocation(s, t, t + len);
            cost += len * s.node().unitPrice();
            proc += len;
            runtime = Math.max(runtime, len);
        }
        List<Allocation> sorted = new java.util.ArrayList<>(List.of(allocs));
        sorted.sort(Comparator.comparingInt(a -> a.node().index()));
        return new Window(t, runtime, cost, proc, sorted);
    }

    /** Mean over allocations of {@code leftGap + rightGap} (spec 2.3, L_sum). */
    public double idleSum() {
        double sum = 0;
        for (Allocation a : allocations) {
            sum += a.leftGap() + a.rightGap();
        }
        return sum / allocations.size();
    }

    /** Mean over allocations of {@code min(leftGap, rightGap)} (spec 2.3, L_minsum). */
    public double idleMinSum() {
        double sum = 0;
        for (Allocation a : allocations) {
            sum += Math.min(a.leftGap(), a.rightGap());
        }
        return sum / allocations.size();
    }
}
