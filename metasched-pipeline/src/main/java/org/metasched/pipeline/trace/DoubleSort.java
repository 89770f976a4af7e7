package org.metasched.pipeline.trace;

/**
 * Sorts doubles into the order {@link java.util.Arrays#sort(double[])} gives them (-0.0 before 0.0, NaN last), by
 * a least-significant-digit radix sort of their bits, eight bits at a time. For the report's quantiles of a trace's
 * jobs: the JDK's sort is a large method that C1 compiles only after a run's first sort of a few thousand values has
 * run interpreted, where these few small loops are compiled on the stack within a pass (KTH-SP2's 28,000 bounded
 * slowdowns: about 5 ms of the main thread before; docs/performance.md, twenty-seventh session).
 */
final class DoubleSort {
    private static final int BITS = 8;
    private static final int BUCKETS = 1 << BITS;
    private static final int PASSES = Long.SIZE / BITS;

    private DoubleSort() {}

    /** Sorts {@code a} in place. */
    static void sort(double[] a) {
        int n = a.length;
        if (n < 2) {
            return;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = key(a[i]);
        }
        long[] keysTo = new long[n];
        double[] to = new double[n];
        int[] count = new int[BUCKETS];
        double[] from = a;
        long[] keysFrom = keys;
        for (int pass = 0; pass < PASSES; pass++) {
            int shift = pass * BITS;
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) (keysFrom[i] >>> shift) & (BUCKETS - 1)]++;
            }
            if (count[(int) (keysFrom[0] >>> shift) & (BUCKETS - 1)] == n) {
                continue; // every key has this digit: the order stays
            }
            int sum = 0;
            for (int b = 0; b < BUCKETS; b++) {
                int c = count[b];
                count[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int at = count[(int) (keysFrom[i] >>> shift) & (BUCKETS - 1)]++;
                keysTo[at] = keysFrom[i];
                to[at] = from[i];
            }
            double[] d = from;
            from = to;
            to = d;
            long[] k = keysFrom;
            keysFrom = keysTo;
            keysTo = k;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, n);
        }
    }

    /**
     * A key whose unsigned order is {@link Double#compare}'s: the bits of a value with its sign bit set are all
     * flipped (more negative, smaller), those of one without have the sign bit set; every NaN is the one NaN, last.
     */
    private static long key(double v) {
        long bits = Double.doubleToLongBits(v);
        return bits ^ ((bits >> 63) | Long.MIN_VALUE);
    }
}
