package org.metasched.metrics;

import java.util.Arrays;

/**
 * Mean and percentiles of one per-job quantity. Percentiles use the nearest-rank method: {@code p}-th percentile
 * = the value at rank {@code ceil(p/100 * n)} of the sorted values (an actual observed value, no interpolation).
 *
 * @param mean arithmetic mean (0 for no values)
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param max largest value
 */
public record Distribution(double mean, double p50, double p90, double p99, double max) {

    /** Summarises {@code values} (the array is sorted in place). */
    public static Distribution of(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Distribution(0, 0, 0, 0, 0);
        }
        double mean = mean(values);
        Arrays.sort(values);
        return new Distribution(
                mean, nearestRank(values, 50), nearestRank(values, 90), nearestRank(values, 99), values[n - 1]);
    }

    /** The arithmetic mean of {@code values}, summed in their order; 0 for none. */
    public static double mean(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The nearest-rank {@code percent}-th percentile of {@code values}, which it sorts in place; 0 for none. */
    public static double percentile(double[] values, int percent) {
        if (values.length == 0) {
            return 0;
        }
        Arrays.sort(values);
        return nearestRank(values, percent);
    }

    static double nearestRank(double[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
