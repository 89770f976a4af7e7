package org.metasched.report;

import java.util.Arrays;
import java.util.Objects;

/**
 * A named sample of raw values (for example the wait times of all jobs under one algorithm), the
 * input of a histogram or an empirical CDF. Non-finite values are rejected.
 *
 * @param name legend name
 * @param values the observations, copied in and out
 */
@SuppressWarnings("ArrayRecordComponent") // copied in and out; equals and hashCode compare the contents
public record Sample(String name, double[] values) {

    public Sample {
        Objects.requireNonNull(name, "sample name");
        Objects.requireNonNull(values, "values of sample " + name);
        values = values.clone();
        // comparisons, not Double.isFinite: a report's loops run interpreted, where each value would be a call
        // (28,000 for the waits of KTH-SP2); NaN fails both comparisons
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= -Double.MAX_VALUE && values[i] <= Double.MAX_VALUE)) {
                throw new IllegalArgumentException(
                        "sample '" + name + "': value[" + i + "] = " + values[i] + " is not a finite number");
            }
        }
    }

    public static Sample of(String name, double... values) {
        return new Sample(name, values);
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    /** Number of observations. */
    public int size() {
        return values.length;
    }

    double[] sortedValues() {
        double[] v = values.clone();
        Arrays.sort(v);
        return v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sample s && name.equals(s.name) && Arrays.equals(values, s.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return "Sample[" + name + ", " + values.length + " values]";
    }
}
