package org.metasched.metrics;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The mean of a quantity over independent replications with the half-width of its 95 % confidence interval,
 * {@code t(0.975, n - 1) * sd / sqrt(n)} with the sample standard deviation (spec 5.6: for 10 runs t = 2.262).
 *
 * @param mean arithmetic mean
 * @param halfWidth95 half-width of the 95 % interval; NaN for a single value
 * @param count number of values
 */
public record MeanInterval(double mean, double halfWidth95, int count) {

    /** Summarises {@code values} (at least one). */
    public static MeanInterval of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("a mean needs at least one value");
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new MeanInterval(mean, Double.NaN, 1);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        double t = TDistribution.of(n - 1.0).inverseCumulativeProbability(0.975);
        return new MeanInterval(mean, t * sd / Math.sqrt(n), n);
    }
}
