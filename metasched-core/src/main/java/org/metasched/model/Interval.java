package org.metasched.model;

/**
 * A half-open time interval {@code [start, end)}.
 *
 * @param start inclusive start
 * @param end exclusive end, {@code >= start}
 */
public record Interval(double start, double end) {
    public Interval {
        if (!Double.isFinite(start) || !Double.isFinite(end)) {
            throw new IllegalArgumentException("interval bounds must be finite, got [" + start + ", " + end + "]");
        }
        if (end < start) {
            throw new IllegalArgumentException("interval end " + end + " is before its start " + start);
        }
    }

    public static Interval of(double start, double end) {
        return new Interval(start, end);
    }

    public double length() {
        return end - start;
    }
}
