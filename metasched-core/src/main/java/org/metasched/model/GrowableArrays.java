package org.metasched.model;

import java.util.Arrays;

/**
 * The one growth rule for the plain arrays behind hot-path buffers (columns of a workload, a trace reader's
 * records, an output buffer): {@code ensure(a, n)} returns {@code a} if it holds {@code n} elements, else a copy
 * at least twice as large. No boxing, no list: callers keep their own size.
 */
public final class GrowableArrays {
    /** The largest array length the JVM reliably allocates. */
    static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    private GrowableArrays() {}

    /**
     * The length to grow an array of {@code current} elements to so that it holds {@code needed}: double the
     * current length, at least {@code needed}, at least 16.
     *
     * @throws IllegalStateException if {@code needed} exceeds the largest array length
     */
    public static int grownLength(int current, int needed) {
        if (needed < 0 || needed > MAX_LENGTH) {
            throw new IllegalStateException("an array of " + Integer.toUnsignedString(needed)
                    + " elements is beyond the largest array (" + MAX_LENGTH + ")");
        }
        long doubled = Math.max(16L, 2L * current);
        return (int) Math.min(MAX_LENGTH, Math.max(doubled, needed));
    }

    public static long[] ensure(long[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static int[] ensure(int[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static double[] ensure(double[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static byte[] ensure(byte[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static boolean[] ensure(boolean[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }
}
