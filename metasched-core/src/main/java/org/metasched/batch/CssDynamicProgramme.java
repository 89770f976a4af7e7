package org.metasched.batch;

import java.util.List;

/**
 * The CSS combination DP (spec 3.5): one alternative per job optimising the sum of the efficiencies subject to the
 * sum of the expenses within a limit. Expenses are counted in whole units of a quantum q (default 1: exact on
 * whole-number inputs): an expense x takes {@code ceil(x / q)} units and the limit {@code floor(limit / q)}.
 * Backward recursion over the jobs, forward reconstruction; on ties the first alternative in a job's order wins.
 */
public final class CssDynamicProgramme {
    private CssDynamicProgramme() {}

    /**
     * The choice, or none.
     *
     * @param chosen one index per job into its alternatives; null when some job has none or nothing fits
     * @param objective the optimised sum (NaN when none)
     */
    public record Choice(int[] chosen, double objective) {
        public boolean feasible() {
            return chosen != null;
        }
    }

    /**
     * Solves one problem.
     *
     * @param efficiency per job, per alternative: f_i(s)
     * @param expense per job, per alternative: g_i(s) (>= 0)
     * @param limit g*, in the expenses' units
     * @param maximize extr = max (else min)
     * @param quantum q > 0
     */
    public static Choice solve(
            List<double[]> efficiency, List<double[]> expense, double limit, boolean maximize, double quantum) {
        int k = efficiency.size();
        for (double[] s : efficiency) {
            if (s.length == 0) {
                return new Choice(null, Double.NaN);
            }
        }
        int cap = (int) Math.floor(limit / quantum + 1e-9);
        if (cap < 0) {
            return new Choice(null, Double.NaN);
        }
        int[][] units = new int[k][];
        for (int i = 0; i < k; i++) {
            double[] g = expense.get(i);
            units[i] = new int[g.length];
            for (int s = 0; s < g.length; s++) {
                double u = Math.ceil(g[s] / quantum - 1e-9);
                units[i][s] = u > cap ? cap + 1 : (int) Math.max(0, u);
            }
        }
        double worst = maximize ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        // Stage i is only ever read at g in [low[i], high[i]]: below low[i] (the least units the jobs i.. can
        // take) nothing fits, and above high[i] (the limit less the least units of the jobs before i) the
        // reconstruction never looks. Every stage's range has the same width, the limit's slack over the
        // cheapest combination, so only that band is computed; the result is the same as over 0..cap.
        long[] low = new long[k + 1];
        long[] high = new long[k + 1];
        for (int i = k - 1; i >= 0; i--) {
            int least = Integer.MAX_VALUE;
            for (int u : units[i]) {
                least = Math.min(least, u);
            }
            low[i] = low[i + 1] + least;
        }
        if (low[0] > cap) {
            return new Choice(null, Double.NaN);
        }
        high[0] = cap;
        for (int i = 0; i < k; i++) {
            high[i + 1] = high[i] - (low[i] - low[i + 1]);
        }
        double[] next = new double[cap + 1];
        java.util.Arrays.fill(next, worst);
        for (long g = low[k]; g <= high[k]; g++) {
            next[(int) g] = 0; // f_{k+1}(g) = 0
        }
        int[][] pick = new int[k][];
        double[] cur = new double[cap + 1];
        for (int i = k - 1; i >= 0; i--) {
            double[] f = efficiency.get(i);
            int from = (int) low[i];
            int to = (int) high[i];
            pick[i] = new int[to - from + 1];
            java.util.Arrays.fill(cur, worst);
            for (int g = from; g <= to; g++) {
                double best = worst;
                int arg = -1;
                for (int s = 0; s < f.length; s++) {
                    int u = units[i][s];
                    if (u > g || next[g - u] == worst) {
                        continue;
                    }
                    double v = f[s] + next[g - u];
                    if (arg < 0 || (maximize ? v > best : v < best)) {
                        best = v;
                        arg = s;
                    }
                }
                cur[g] = best;
                pick[i][g - from] = arg;
            }
            double[] t = next;
            next = cur;
            cur = t;
        }
        if (next[cap] == worst) {
            return new Choice(null, Double.NaN);
        }
        int[] chosen = new int[k];
        int g = cap;
        double objective = 0;
        for (int i = 0; i < k; i++) {
            int s = pick[i][g - (int) low[i]];
            chosen[i] = s;
            objective += efficiency.get(i)[s];
            g -= units[i][s];
        }
        return new Choice(chosen, objective);
    }

    /** D9: {@code sum_i ceil(mean_s x_i(s))}, the limit of a batch's expenses. */
    public static double limit(List<double[]> expense) {
        double sum = 0;
        for (double[] g : expense) {
            double mean = 0;
            for (double x : g) {
                mean += x;
            }
            sum += Math.ceil(mean / g.length - 1e-9);
        }
        return sum;
    }
}
