package org.metasched.model;

import java.util.Arrays;

/**
 * The one growth rule for core's growable primitive arrays (work lists, profiles, builders): an array that must
 * hold {@code needed} elements is returned as it is when it already can, else copied into one at least twice as
 * long. Parallel arrays grown with the same {@code needed} keep equal lengths. Callers keep their own size
 * counter and plain array accesses, so hot loops stay loops over arrays.
 */
public final class GrowableArrays {
    /** The largest array length the JVMs in use allocate reliably. */
    static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    private GrowableArrays() {}

    /** The length to grow an array of length {@code current} to so that it holds {@code needed} elements. */
    public static int grownLength(int current, int needed) {
        if (needed < 0 || needed > MAX_LENGTH) {
            throw new IllegalStateException("cannot hold " + needed + " elements in one array");
        }
        long doubled = Math.max(2L * current, 16L);
        return (int) Math.min(MAX_LENGTH, Math.max(doubled, needed));
    }

    public static int[] ensureCapacity(int[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static long[] ensureCapacity(long[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static double[] ensureCapacity(double[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }

    public static boolean[] ensureCapacity(boolean[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, grownLength(a.length, needed));
    }
}
