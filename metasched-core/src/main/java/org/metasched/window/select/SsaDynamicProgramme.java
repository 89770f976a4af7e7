package org.metasched.window.select;

/**
 * The SSA dynamic programme (spec 2.1, paper P000 eq. 1): choose exactly n of m items maximising the sum of
 * their values {@code z} subject to the sum of their integer costs being at most the integer budget. Among optimal
 * sets it returns the colex-minimal one (the one avoiding the highest indices, spec 0.2), which is what the
 * backward pass "skip item i when f_i equals f_{i-1}" yields.
 *
 * <p>Time O(m n B), memory O(n B) values plus m n B decision bits. Not thread-safe: one instance per thread.
 */
public final class SsaDynamicProgramme {
    private double[] f = new double[0];
    private long[] taken = new long[0];

    /**
     * Chooses exactly {@code n} of the first {@code m} items.
     *
     * @param z item values (larger is better; may be negative)
     * @param cost item costs, {@code >= 0}
     * @param m how many items
     * @param n how many to choose
     * @param budget the integer budget, {@code >= 0}
     * @return the chosen item indices in ascending order, or {@code null} when no n items fit the budget
     */
    public int[] select(double[] z, long[] cost, int m, int n, long budget) {
        if (n == 0) {
            return new int[0];
        }
        if (m < n || budget < 0) {
            return null;
        }
        if (budget > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("integer budget " + budget + " too large for the SSA table");
        }
        int b1 = (int) budget + 1;
        int n1 = n + 1;
        int cells = b1 * n1;
        long bits = (long) m * cells;
        if (bits > 1L << 34) {
            throw new IllegalArgumentException("SSA table of " + m + " x " + b1 + " x " + n1 + " is too large");
        }
        if (f.length < cells) {
            f = new double[cells];
        }
        int words = (int) ((bits + 63) >>> 6);
        if (taken.length < words) {
            taken = new long[words];
        } else {
            java.util.Arrays.fill(taken, 0, words, 0L);
        }
        // f[b * n1 + k]: best value with exactly k items of cost <= b; k = 0 is 0 for every b.
        for (int b = 0; b < b1; b++) {
            int row = b * n1;
            f[row] = 0;
            for (int k = 1; k < n1; k++) {
                f[row + k] = Double.NEGATIVE_INFINITY;
            }
        }
        for (int i = 0; i < m; i++) {
            long ci = cost[i];
            if (ci > budget) {
                continue;
            }
            int c = (int) ci;
            double zi = z[i];
            long base = (long) i * cells;
            int kmax = Math.min(n, i + 1);
            for (int b = b1 - 1; b >= c; b--) {
                int row = b * n1;
                int from = (b - c) * n1;
                for (int k = kmax; k >= 1; k--) {
                    double prev = f[from + k - 1];
                    if (prev == Double.NEGATIVE_INFINITY) {
                        continue;
                    }
                    double cand = prev + zi;
                    if (cand > f[row + k]) {
                        f[row + k] = cand;
                        long bit = base + row + k;
                        taken[(int) (bit >>> 6)] |= 1L << (bit & 63);
                    }
                }
            }
        }
        if (f[(b1 - 1) * n1 + n] == Double.NEGATIVE_INFINITY) {
            return null;
        }
        int[] chosen = new int[n];
        int b = b1 - 1;
        int k = n;
        for (int i = m - 1; i >= 0 && k > 0; i--) {
            long bit = (long) i * cells + (long) b * n1 + k;
            if ((taken[(int) (bit >>> 6)] & (1L << (bit & 63))) == 0) {
                continue;
            }
            chosen[--k] = i;
            b -= (int) cost[i];
        }
        return chosen;
    }

    /** The value {@code f_m(B, n)} of the last {@link #select} call's table: sum of z of the chosen items. */
    public static double value(double[] z, int[] chosen) {
        double s = 0;
        for (int i : chosen) {
            s += z[i];
        }
        return s;
    }

    /**
     * The unbounded-budget shortcut (spec 2.1.5): the n largest z, ties broken by lower index, returned in
     * ascending index order. Identical to the DP under the tie rule.
     */
    public static int[] topN(double[] z, int m, int n) {
        if (m < n) {
            return null;
        }
        int[] best = new int[n];
        int count = 0;
        for (int i = 0; i < m; i++) {
            // keep best[0..count) sorted by (z desc, index asc)
            if (count == n && !(z[i] > z[best[n - 1]])) {
                continue;
            }
            int pos = count == n ? n - 1 : count++;
            while (pos > 0 && z[i] > z[best[pos - 1]]) {
                best[pos] = best[pos - 1];
                pos--;
            }
            best[pos] = i;
        }
        java.util.Arrays.sort(best);
        return best;
    }
}
