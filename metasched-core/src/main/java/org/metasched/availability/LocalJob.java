package org.metasched.availability;

import org.metasched.model.InputFormatException;

/**
 * A local job announced on a node (spec 4.1, paper P003 section 3.1): it is expected to take the node at {@code
 * start} and hold it for about {@code length} time units, but both ends are uncertain. The allocation time is
 * normal, {@code A ~ N(start, sigmaStart^2)}; the release time is heavy-tailed, {@code R = start + length X} with
 * {@code X ~ LogNormal(0, sigmaRelease)}, so the median release is {@code start + length}. With probability {@code
 * probability} the job really occupies the node.
 *
 * <p>A zero sigma makes that end certain (a step instead of a normal or lognormal distribution); a zero length
 * releases the node at {@code start}.
 *
 * @param start expected allocation time (mean of A)
 * @param length expected occupation (median of R - start), {@code >= 0}
 * @param sigmaStart standard deviation of the allocation time, {@code >= 0}
 * @param sigmaRelease shape (log-scale sigma) of the release, {@code >= 0}
 * @param probability occupation probability {@code P_o} in [0, 1] (the paper's default 1)
 */
public record LocalJob(double start, double length, double sigmaStart, double sigmaRelease, double probability) {
    public LocalJob {
        if (!Double.isFinite(start)) {
            throw new InputFormatException("start must be a finite number, got " + start);
        }
        requireNonNegative("length", length);
        requireNonNegative("sigmaStart", sigmaStart);
        requireNonNegative("sigmaRelease", sigmaRelease);
        if (!(probability >= 0 && probability <= 1)) {
            throw new InputFormatException("probability must be a number in [0, 1], got " + probability);
        }
    }

    /** A job that occupies the node for sure ({@code probability = 1}). */
    public static LocalJob of(double start, double length, double sigmaStart, double sigmaRelease) {
        return new LocalJob(start, length, sigmaStart, sigmaRelease, 1.0);
    }

    /** The expected (median) release time {@code start + length}. */
    public double medianRelease() {
        return start + length;
    }

    private static void requireNonNegative(String field, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new InputFormatException(field + " must be a finite number >= 0, got " + value);
        }
    }
}
