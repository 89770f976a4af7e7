package org.metasched.availability;

import org.metasched.model.InputFormatException;

/**
 * What a job asks of an uncertain domain (spec 4.3-4.5, paper P003 section 3.2): {@code nodes} nodes with
 * performance at least {@code minPerformance}, all held for the same {@code runtime} T from a common start, for at
 * most {@code budget} in total, where holding a node costs its price times T.
 *
 * @param nodes n, {@code >= 1}
 * @param runtime T, the window length, a finite number {@code > 0}
 * @param budget C, {@code >= 0}, may be positive infinity (unbounded)
 * @param minPerformance only nodes with {@code performance >= minPerformance} are candidates
 */
public record AvailabilityRequest(int nodes, double runtime, double budget, double minPerformance) {
    public AvailabilityRequest {
        if (nodes < 1) {
            throw new InputFormatException("nodes must be a whole number >= 1, got " + nodes);
        }
        if (!(runtime > 0) || !Double.isFinite(runtime)) {
            throw new InputFormatException("runtime must be a finite number > 0, got " + runtime);
        }
        if (!(budget >= 0)) {
            throw new InputFormatException("budget must be a number >= 0, got " + budget);
        }
        if (!(minPerformance >= 0) || !Double.isFinite(minPerformance)) {
            throw new InputFormatException("minPerformance must be a finite number >= 0, got " + minPerformance);
        }
    }

    /** A request with an unbounded budget and no performance limit. */
    public static AvailabilityRequest of(int nodes, double runtime) {
        return new AvailabilityRequest(nodes, runtime, Double.POSITIVE_INFINITY, 0);
    }

    public AvailabilityRequest withBudget(double newBudget) {
        return new AvailabilityRequest(nodes, runtime, newBudget, minPerformance);
    }
}
