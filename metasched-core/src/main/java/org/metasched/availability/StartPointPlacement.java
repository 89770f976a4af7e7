package org.metasched.availability;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.InputFormatException;

/**
 * Where the starting points of the time scan lie (paper P003 section 3.5 step 1; spec 4.5, D18), as offsets in
 * {@code [0, L]} of the L + 1 start times:
 *
 * <ul>
 *   <li>{@link #UNIFORM}: {@code floor((2i + 1)(L + 1) / (2K))} for i = 0..K-1, the centres of K equal cells;
 *   <li>{@link #RANDOM}: K distinct offsets drawn uniformly;
 *   <li>{@link #MIXED}: the {@code ceil(K/2)} uniform points plus {@code floor(K/2)} distinct random ones among the
 *       rest.
 * </ul>
 *
 * Points are returned sorted and distinct; K at least L + 1 gives every offset.
 */
public enum StartPointPlacement {
    UNIFORM("uniform"),
    RANDOM("random"),
    MIXED("mixed");

    private final String shortName;

    StartPointPlacement(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    /**
     * The placement called {@code name}.
     *
     * @throws InputFormatException naming the value and the known ones
     */
    public static StartPointPlacement byName(String name) {
        for (StartPointPlacement p : values()) {
            if (p.shortName.equals(name)) {
                return p;
            }
        }
        throw new InputFormatException("placement must be one of uniform, random, mixed, got '" + name + "'");
    }

    /**
     * K starting points among {@code count = L + 1} start times.
     *
     * @param rng draws the random points (unused by {@link #UNIFORM})
     */
    public int[] points(int count, int k, UniformRandomProvider rng) {
        if (k < 1 || count < 1) {
            throw new IllegalArgumentException("need k >= 1 and count >= 1, got k=" + k + ", count=" + count);
        }
        if (k >= count) {
            return uniform(count, count);
        }
        return switch (this) {
            case UNIFORM -> uniform(count, k);
            case RANDOM -> drawn(count, new int[0], k, rng);
            case MIXED -> drawn(count, uniform(count, (k + 1) / 2), k - (k + 1) / 2, rng);
        };
    }

    /** The distinct values {@code floor((2i+1) count / (2k))}, ascending. */
    static int[] uniform(int count, int k) {
        int[] out = new int[k];
        int n = 0;
        for (int i = 0; i < k; i++) {
            int s = (int) ((2L * i + 1) * count / (2L * k));
            if (n == 0 || out[n - 1] != s) {
                out[n++] = s;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * {@code fixed} (ascending, distinct) plus {@code extra} distinct offsets not in it, drawn by a partial
     * Fisher-Yates shuffle of the pool of the other offsets, ascending. The pool is virtual: position i holds the
     * i-th offset not in {@code fixed} unless a swap moved another there (kept in a map), so the draw takes memory for
     * the points drawn, not for the horizon, and gives the points a shuffle of the whole pool gives.
     */
    private static int[] drawn(int count, int[] fixed, int extra, UniformRandomProvider rng) {
        int size = count - fixed.length;
        extra = Math.min(extra, size);
        Map<Integer, Integer> moved = new HashMap<>();
        int[] out = Arrays.copyOf(fixed, fixed.length + extra);
        for (int i = 0; i < extra; i++) {
            int j = i + rng.nextInt(size - i);
            int atI = moved.getOrDefault(i, i);
            int atJ = moved.getOrDefault(j, j);
            moved.put(j, atI);
            out[fixed.length + i] = notFixed(atJ, fixed);
        }
        Arrays.sort(out);
        return out;
    }

    /** The i-th offset (from 0) not in {@code fixed} (ascending, distinct). */
    private static int notFixed(int i, int[] fixed) {
        int s = i;
        for (int f : fixed) {
            if (f <= s) {
                s++;
            } else {
                break;
            }
        }
        return s;
    }
}
