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

    /**
     * Summarises {@code values} (the array is reordered). The three percentiles and the maximum are found by
     * selection, not by sorting: the same values as {@link Arrays#sort} would put at those ranks, in linear
     * expected time (SDSC-BLUE's 232,536 jobs: sorting three such arrays was most of the metrics stage).
     */
    public static Distribution of(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Distribution(0, 0, 0, 0, 0);
        }
        double mean = mean(values);
        boolean plain = true; // no NaN and no -0.0: then '<' orders the values exactly as Arrays.sort does
        for (double v : values) {
            plain &= !Double.isNaN(v) && Double.doubleToRawLongBits(v) != Long.MIN_VALUE;
        }
        if (!plain) {
            Arrays.sort(values);
            return new Distribution(
                    mean, nearestRank(values, 50), nearestRank(values, 90), nearestRank(values, 99), values[n - 1]);
        }
        int r99 = rankIndex(n, 99);
        int r90 = rankIndex(n, 90);
        int r50 = rankIndex(n, 50);
        // each selection leaves the larger values after the rank, so the next, higher rank is searched among those
        // only: n + n/2 + n/10 values in all (from the top down it was n + 0.99 n + 0.9 n)
        double p50 = select(values, 0, n, r50);
        double p90 = r90 == r50 ? p50 : select(values, r50 + 1, n, r90);
        double p99 = r99 == r90 ? p90 : select(values, r90 + 1, n, r99);
        double max = p99;
        for (int i = r99 + 1; i < n; i++) {
            max = Math.max(max, values[i]);
        }
        return new Distribution(mean, p50, p90, p99, max);
    }

    /** The 0-based index of the nearest-rank {@code percent}-th percentile among {@code n} sorted values. */
    private static int rankIndex(int n, int percent) {
        return Math.max(0, (int) Math.ceil(percent / 100.0 * n) - 1);
    }

    /**
     * The value that belongs at index {@code k} of {@code a[from, to)} sorted (no NaN, no -0.0), leaving
     * {@code a[from, k)} no larger and {@code a[k + 1, to)} no smaller. Quickselect with a three-way partition
     * (many equal values, such as zero waits, cost nothing extra) and a median-of-three pivot; after 64 rounds
     * the rest is sorted instead, so no input takes quadratic time.
     */
    static double select(double[] a, int from, int to, int k) {
        int lo = from;
        int hi = to - 1;
        for (int round = 0; lo < hi; round++) {
            if (round == 64) {
                Arrays.sort(a, lo, hi + 1);
                return a[k];
            }
            int mid = (lo + hi) >>> 1;
            double x = a[lo];
            double y = a[mid];
            double z = a[hi];
            double pivot = x < y ? (y < z ? y : Math.max(x, z)) : (x < z ? x : Math.max(y, z));
            // a[lo, lt) < pivot, a[lt, i) == pivot, a(gt, hi] > pivot
            int lt = lo;
            int gt = hi;
            int i = lo;
            while (i <= gt) {
                double v = a[i];
                if (v < pivot) {
                    a[i++] = a[lt];
                    a[lt++] = v;
                } else if (v > pivot) {
                    a[i] = a[gt];
                    a[gt--] = v;
                } else {
                    i++;
                }
            }
            if (k < lt) {
                hi = lt - 1;
            } else if (k > gt) {
                lo = gt + 1;
            } else {
                return pivot;
            }
        }
        return a[k];
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
