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
 */
@SuppressWarnings("ArrayRecordComponent") // copied in and out; equals and hashCode compare the contents
public record Series(String name, double[] x, double[] y) {

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
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException(
                        "series '" + name + "': x[" + i + "] = " + x[i] + " is not a finite number");
            }
            if (Double.isInfinite(y[i])) {
                throw new IllegalArgumentException(
                        "series '" + name + "': y[" + i + "] = " + y[i] + " is infinite; use NaN for a gap");
            }
        }
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
        return o instanceof Series s && name.equals(s.name) && Arrays.equals(x, s.x) && Arrays.equals(y, s.y);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(x), Arrays.hashCode(y));
    }

    @Override
    public String toString() {
        return "Series[" + name + ", " + x.length + " points]";
    }
}
