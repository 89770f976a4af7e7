package org.metasched.model;

/**
 * What a job asks for: {@code nodes} simultaneously free slots on nodes of at least {@code minPerformance}, each
 * running a task of {@code volume}, starting no earlier than {@code arrival}, for a total cost within {@code
 * budget} (spec section 1.3).
 *
 * @param nodes n, the number of slots needed at the same time, {@code >= 1}
 * @param volume V, the work of each task, {@code > 0}
 * @param minPerformance only nodes with performance {@code >= minPerformance} are eligible
 * @param budget C, the most the whole window may cost; {@code Double.POSITIVE_INFINITY} for no limit
 * @param arrival r, the earliest window start
 * @param maxUnitPrice the most a slot may cost per time unit (used by ALP only); {@code
 *     Double.POSITIVE_INFINITY} for no limit
 */
public record ResourceRequest(
        int nodes, double volume, double minPerformance, double budget, double arrival, double maxUnitPrice) {
    public ResourceRequest {
        if (nodes < 1) {
            throw new IllegalArgumentException("job.nodes must be >= 1, got " + nodes);
        }
        if (!(volume > 0) || !Double.isFinite(volume)) {
            throw new IllegalArgumentException("job.volume must be a finite number > 0, got " + volume);
        }
        if (!(minPerformance >= 0) || !Double.isFinite(minPerformance)) {
            throw new IllegalArgumentException(
                    "job.minPerformance must be a finite number >= 0, got " + minPerformance);
        }
        if (!(budget >= 0) || Double.isNaN(budget)) {
            throw new IllegalArgumentException("job.budget must be >= 0 (or infinite), got " + budget);
        }
        if (!Double.isFinite(arrival)) {
            throw new IllegalArgumentException("job.arrival must be finite, got " + arrival);
        }
        if (!(maxUnitPrice >= 0) || Double.isNaN(maxUnitPrice)) {
            throw new IllegalArgumentException("job.maxPrice must be >= 0 (or infinite), got " + maxUnitPrice);
        }
    }

    /** A request with no unit-price cap. */
    public ResourceRequest(int nodes, double volume, double minPerformance, double budget, double arrival) {
        this(nodes, volume, minPerformance, budget, arrival, Double.POSITIVE_INFINITY);
    }

    /** A request with no performance floor, no budget limit and arrival 0. */
    public static ResourceRequest of(int nodes, double volume) {
        return new ResourceRequest(nodes, volume, 0, Double.POSITIVE_INFINITY, 0);
    }

    public ResourceRequest withBudget(double newBudget) {
        return new ResourceRequest(nodes, volume, minPerformance, newBudget, arrival, maxUnitPrice);
    }

    public ResourceRequest withArrival(double newArrival) {
        return new ResourceRequest(nodes, volume, minPerformance, budget, newArrival, maxUnitPrice);
    }

    public boolean hasBudget() {
        return budget != Double.POSITIVE_INFINITY;
    }
}
