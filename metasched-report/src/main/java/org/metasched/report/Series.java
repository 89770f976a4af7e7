package org.metasched.report;

import java.util.Arrays;
import java.util.Objects;

/**
 * A named series of (x, y) points for a line, scatter or bar chart.
 *
 * <p>A {@code NaN} y value is allowed and drawn as a gap; infinite values and a {@code NaN} x are
 * rejected. The arrays are copied in and out, so a series never changes after it is built.
 *
 * @param name legend name, shown as given (escaped in the HTML)
 * @param x x coordinates (for a bar chart over categories: the category indices 0, 1, 2 ...)
 * @param y y coordinates, same length as {@code x}
 * @param low lower ends of an interval around each y (e.g. a 95 % confidence interval over replications), same
 *     length as {@code x}, NaN where there is none; {@code null} for a series without intervals
 * @param high upper ends, as {@code low}; both or neither are given
 */
@SuppressWarnings("ArrayRecordComponent") // copied in and out; equals and hashCode compare the contents
public record Series(String name, double[] x, double[] y, double[] low, double[] high) {

    /** A series without intervals. */
    public Series(String name, double[] x, double[] y) {
        this(name, x, y, null, null);
    }

    public Series {
        Objects.requireNonNull(name, "series name");
        Objects.requireNonNull(x, "x values of series " + name);
        Objects.requireNonNull(y, "y values of series " + name);
        if (x.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "' has " + x.length + " x values but " + y.length
                    + " y values; give one y per x");
        }
        x = x.clone();
        y = y.clone();
        // comparisons, not Double.isFinite and isInfinite: this runs interpreted, a call each (Sample says more)
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] >= -Double.MAX_VALUE && x[i] <= Double.MAX_VALUE)) { // NaN fails both
                throw new IllegalArgumentException(
                        "series '" + name + "': x[" + i + "] = " + x[i] + " is not a finite number");
            }
            if (y[i] == Double.POSITIVE_INFINITY || y[i] == Double.NEGATIVE_INFINITY) {
                throw new IllegalArgumentException(
                        "series '" + name + "': y[" + i + "] = " + y[i] + " is infinite; use NaN for a gap");
            }
        }
        if ((low == null) != (high == null)) {
            throw new IllegalArgumentException("series '" + name + "': give both ends of the intervals or neither");
        }
        if (low != null) {
            if (low.length != x.length || high.length != x.length) {
                throw new IllegalArgumentException("series '" + name + "' has " + x.length + " points but " + low.length
                        + " low and " + high.length + " high interval ends; give one of each per point");
            }
            low = low.clone();
            high = high.clone();
            for (int i = 0; i < x.length; i++) {
                if (Double.isInfinite(low[i]) || Double.isInfinite(high[i]) || low[i] > high[i]) {
                    throw new IllegalArgumentException("series '" + name + "': interval [" + low[i] + ", " + high[i]
                            + "] at point " + i + " is not finite with low <= high; use NaN for none");
                }
            }
        }
    }

    /**
     * A series with an interval {@code [y - halfWidth, y + halfWidth]} around each point, e.g. the 95 % confidence
     * interval of a mean over replications; a NaN half-width means no interval at that point.
     */
    public static Series withHalfWidths(String name, double[] x, double[] y, double[] halfWidth) {
        double[] low = new double[y.length];
        double[] high = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            boolean none = Double.isNaN(halfWidth[i]) || Double.isNaN(y[i]);
            low[i] = none ? Double.NaN : y[i] - halfWidth[i];
            high[i] = none ? Double.NaN : y[i] + halfWidth[i];
        }
        return new Series(name, x, y, low, high);
    }

    /** Whether the points carry intervals ({@link #low()} and {@link #high()}). */
    public boolean hasIntervals() {
        return low != null;
    }

    /** A series from parallel x and y arrays. */
    public static Series of(String name, double[] x, double[] y) {
        return new Series(name, x, y);
    }

    /** A series of values over categories: x is the category index 0, 1, 2 ... */
    public static Series ofValues(String name, double... y) {
        double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return new Series(name, x, y);
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    @Override
    public double[] y() {
        return y.clone();
    }

    /** The lower interval ends (a copy), or {@code null}. */
    @Override
    public double[] low() {
        return low == null ? null : low.clone();
    }

    /** The upper interval ends (a copy), or {@code null}. */
    @Override
    public double[] high() {
        return high == null ? null : high.clone();
    }

    /** The i-th lower interval end (NaN if none); only for a series {@link #hasIntervals() with intervals}. */
    public double lowAt(int i) {
        return low[i];
    }

    /** The i-th upper interval end (NaN if none); only for a series {@link #hasIntervals() with intervals}. */
    public double highAt(int i) {
        return high[i];
    }

    /** Number of points. */
    public int size() {
        return x.length;
    }

    /** The i-th x value, without copying the array. */
    public double xAt(int i) {
        return x[i];
    }

    /** The i-th y value, without copying the array. */
    public double yAt(int i) {
        return y[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Series s
                && name.equals(s.name)
                && Arrays.equals(x, s.x)
                && Arrays.equals(y, s.y)
                && Arrays.equals(low, s.low)
                && Arrays.equals(high, s.high);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(x), Arrays.hashCode(y), Arrays.hashCode(low), Arrays.hashCode(high));
    }

    @Override
    public String toString() {
        return "Series[" + name + ", " + x.length + " points]";
    }
}
