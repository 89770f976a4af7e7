package org.metasched.batch;

import java.util.List;
import java.util.Locale;
import org.metasched.model.InputFormatException;
import org.metasched.model.Sizes;
import org.metasched.model.Tolerance;
import org.metasched.window.select.CostQuantizer;
import org.metasched.window.select.DecimalQuantum;

/**
 * The CSS combination DP (spec 3.5): one alternative per job optimising the sum of the efficiencies subject to the
 * sum of the expenses within a limit. Expenses are counted in whole units of a quantum q: an expense x takes {@code
 * ceil(x / q)} units and the limit {@code floor(limit / q)}, so a choice never exceeds the real limit, but one within
 * k q of it may be passed over. Backward recursion over the jobs, forward reconstruction; on ties the first
 * alternative in a job's order wins.
 *
 * <p><b>Exact answers.</b> With {@link #DATA_QUANTUM} q comes from the data: when every expense is a whole multiple
 * of a decimal quantum (prices with cents: {@link DecimalQuantum}) q is that quantum, and the units decide {@code sum
 * <= limit} exactly, as long as the table stays within {@value #MAX_CELLS} cells (else q grows to fit, and so with
 * expenses that are no decimals: q = 1 or more). With {@code prove} a choice that may have lost the optimum is checked
 * by a second, relaxed DP that counts every expense as {@code floor(x / q)} units, of which no combination that fits
 * the real limit can take more than the limit's: its optimum bounds the real one. Equal objectives prove the first
 * choice optimal; a relaxed choice that fits the real limit is the optimum itself and replaces it; otherwise the
 * choice stands, marked inexact. {@link Choice#exact()} says which.
 */
public final class CssDynamicProgramme {
    /** Give this as the quantum to take it from the data: exact for prices with cents. */
    public static final double DATA_QUANTUM = 0;

    /** The most cells (jobs times limit units) a table may have: 2^24, 64 MiB of choices plus two rows. */
    public static final long MAX_CELLS = 1L << 24;

    private CssDynamicProgramme() {}

    /**
     * The choice, or none.
     *
     * @param chosen one index per job into its alternatives; null when some job has none or nothing fits
     * @param objective the optimised sum (NaN when none)
     * @param exact whether the choice is proven optimal for the real expenses (every expense a whole multiple of
     *     the quantum, or proven by the relaxed DP); a choice of none is exact when no combination fits at all
     */
    public record Choice(int[] chosen, double objective, boolean exact) {
        public boolean feasible() {
            return chosen != null;
        }
    }

    /**
     * Solves one problem in units of {@code quantum}; {@link Choice#exact()} is true when every expense is a whole
     * multiple of it.
     *
     * @param efficiency per job, per alternative: f_i(s)
     * @param expense per job, per alternative: g_i(s) (>= 0)
     * @param limit g*, in the expenses' units
     * @param maximize extr = max (else min)
     * @param quantum q > 0
     */
    public static Choice solve(
            List<double[]> efficiency, List<double[]> expense, double limit, boolean maximize, double quantum) {
        return solve(efficiency, expense, limit, maximize, quantum, false);
    }

    /**
     * Solves one problem.
     *
     * @param quantum q > 0, or {@link #DATA_QUANTUM}
     * @param prove whether to check an inexact choice with the relaxed DP (and take its choice when that fits)
     * @throws InputFormatException when the table of a given quantum would exceed {@value #MAX_CELLS} cells,
     *     naming the memory it would need and the least quantum that fits
     */
    public static Choice solve(
            List<double[]> efficiency,
            List<double[]> expense,
            double limit,
            boolean maximize,
            double quantum,
            boolean prove) {
        int k = efficiency.size();
        for (double[] s : efficiency) {
            if (s.length == 0) {
                return new Choice(null, Double.NaN, true); // a job without alternatives: no combination at all
            }
        }
        double q = quantum;
        boolean multiples;
        if (quantum == DATA_QUANTUM) {
            DecimalQuantum decimal = new DecimalQuantum();
            for (double[] g : expense) {
                for (double x : g) {
                    decimal.add(x);
                }
            }
            double exact = decimal.quantum();
            long units = exact > 0 ? DecimalQuantum.units(limit, exact) : -1;
            multiples = units >= 0 && (units + 1) * k <= MAX_CELLS;
            // no decimal quantum, or too fine a one: the spec's whole units, or as many as the table may hold
            q = multiples ? exact : Math.max(1, (limit + 1) * k / (MAX_CELLS - k));
        } else {
            checkSize(limit, quantum, k);
            multiples = true;
            for (double[] g : expense) {
                for (double x : g) {
                    multiples &= DecimalQuantum.multiple(x, q) >= 0;
                }
            }
        }
        // exact multiples of a data quantum by rounding (ceil(4.33 / 0.01) would be 434); otherwise the
        // spec's conservative rounding, expenses up and the limit down
        boolean rounding = multiples && quantum == DATA_QUANTUM;
        int cap = rounding ? (int) DecimalQuantum.units(limit, q) : (int) CostQuantizer.unitsDown(limit, q);
        int[][] units = new int[k][];
        for (int i = 0; i < k; i++) {
            double[] g = expense.get(i);
            units[i] = new int[g.length];
            for (int s = 0; s < g.length; s++) {
                long u = rounding ? (long) Math.rint(g[s] / q) : CostQuantizer.unitsUp(g[s], q);
                units[i][s] = u > cap ? cap + 1 : (int) Math.max(0, u);
            }
        }
        Choice choice = dp(efficiency, units, cap, maximize, multiples);
        if (multiples || !prove) {
            return choice;
        }
        // the relaxed problem: floor units (never more than the real x / q) and the limit's units rounded up
        int relaxedCap = (int) CostQuantizer.unitsDown(limit, q);
        int[][] relaxedUnits = new int[k][];
        for (int i = 0; i < k; i++) {
            double[] g = expense.get(i);
            relaxedUnits[i] = new int[g.length];
            for (int s = 0; s < g.length; s++) {
                long u = CostQuantizer.unitsBelow(g[s], q);
                relaxedUnits[i][s] = u > relaxedCap ? relaxedCap + 1 : (int) Math.max(0, u);
            }
        }
        Choice relaxed = dp(efficiency, relaxedUnits, relaxedCap, maximize, false);
        if (!relaxed.feasible()) {
            return new Choice(null, Double.NaN, true); // not even the relaxation fits: nothing does
        }
        if (choice.feasible() && Tolerance.eq(choice.objective(), relaxed.objective())) {
            return new Choice(choice.chosen(), choice.objective(), true);
        }
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += expense.get(i)[relaxed.chosen()[i]];
        }
        if (Tolerance.le(sum, limit)) {
            return new Choice(relaxed.chosen(), relaxed.objective(), true); // fits the real limit: the optimum
        }
        return choice;
    }

    /**
     * Fails, before any table is allocated, when {@code limit / quantum} units for {@code jobs} jobs exceed {@value
     * #MAX_CELLS} cells; the message names the memory they would need and the least quantum that fits.
     */
    public static void checkSize(double limit, double quantum, int jobs) {
        double cells = (Math.floor(limit / quantum) + 1) * Math.max(1, jobs);
        if (cells > MAX_CELLS) {
            double least = (limit + 1) * Math.max(1, jobs) / MAX_CELLS;
            throw new TableTooLarge(
                    new java.math.BigDecimal(Double.toString(quantum))
                            .stripTrailingZeros()
                            .toString(),
                    String.format(
                            Locale.ROOT,
                            "the CSS table would have %.3g cells (%s of memory), more than its limit of %d (%s);"
                                    + " give a quantum of at least %.3g",
                            cells,
                            Sizes.memory(cells * 6),
                            MAX_CELLS,
                            Sizes.memory(MAX_CELLS * 6.0),
                            least));
        }
    }

    /**
     * A quantum too fine for the table's limit: {@code quantum Q: WHY}, where a caller that knows where the quantum
     * came from (an option, a file's field) names that instead ({@link #quantum()}, {@link #why()}).
     */
    public static final class TableTooLarge extends InputFormatException {
        private static final long serialVersionUID = 1L;
        private final String quantum;
        private final String why;

        TableTooLarge(String quantum, String why) {
            super("quantum " + quantum + ": " + why);
            this.quantum = quantum;
            this.why = why;
        }

        /** The quantum as given, without trailing zeros. */
        public String quantum() {
            return quantum;
        }

        /** What the table would need and the least quantum that fits. */
        public String why() {
            return why;
        }
    }

    /** The DP over whole units; {@code exact} is passed on to the choice. */
    private static Choice dp(List<double[]> efficiency, int[][] units, int cap, boolean maximize, boolean exact) {
        int k = efficiency.size();
        if (cap < 0) {
            return new Choice(null, Double.NaN, exact);
        }
        double worst = maximize ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        // Stage i is only ever read at g in [low[i], high[i]]: below low[i] (the least units the jobs i.. can
        // take) nothing fits, and above high[i] (the limit less the least units of the jobs before i) the
        // reconstruction never looks. Every stage's range has the same width, the limit's slack over the
        // cheapest combination, so only that band is computed, and of the first stage only the limit itself, the one
        // value read; the result is the same as over 0..cap.
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
            return new Choice(null, Double.NaN, exact);
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
        int[] pickFrom = new int[k];
        double[] cur = new double[cap + 1];
        for (int i = k - 1; i >= 0; i--) {
            double[] f = efficiency.get(i);
            // the first stage is read at the limit alone (the answer and the reconstruction's first step)
            int from = i == 0 ? cap : (int) low[i];
            int to = (int) high[i];
            pickFrom[i] = from;
            pick[i] = new int[to - from + 1];
            java.util.Arrays.fill(cur, worst);
            if (i == k - 1 && !hasNaN(f)) {
                lastStage(f, units[i], from, to, maximize, worst, cur, pick[i]);
                double[] t = next;
                next = cur;
                cur = t;
                continue;
            }
            int[] keep = undominated(f, units[i], maximize);
            for (int g = from; g <= to; g++) {
                double best = worst;
                int arg = -1;
                for (int s : keep) {
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
            return new Choice(null, Double.NaN, exact);
        }
        int[] chosen = new int[k];
        int g = cap;
        double objective = 0;
        for (int i = 0; i < k; i++) {
            int s = pick[i][g - pickFrom[i]];
            chosen[i] = s;
            objective += efficiency.get(i)[s];
            g -= units[i][s];
        }
        return new Choice(chosen, objective, exact);
    }

    /**
     * The last stage, where {@code f_{k+1}} is 0 wherever an alternative that fits leads (its band reaches the
     * least units of the job less than its own start): the best {@code f[s] + 0} over the alternatives of at most
     * g units, the first of them in index order among equals, as the scan over every alternative at every g finds it
     * (without NaN, for which that scan's order matters). The alternatives enter by increasing units as g grows:
     * O(A log A + band) instead of O(A band).
     */
    private static void lastStage(
            double[] f, int[] units, int from, int to, boolean maximize, double worst, double[] cur, int[] pick) {
        long[] byUnits = new long[f.length];
        for (int s = 0; s < f.length; s++) {
            byUnits[s] = ((long) units[s] << 32) | s;
        }
        java.util.Arrays.sort(byUnits);
        double best = worst;
        int arg = -1;
        int next = 0;
        for (int g = from; g <= to; g++) {
            while (next < byUnits.length && (int) (byUnits[next] >> 32) <= g) {
                int s = (int) byUnits[next++];
                double v = f[s] + 0.0;
                if (arg < 0 || (maximize ? v > best : v < best) || (v == best && s < arg)) {
                    best = v;
                    arg = s;
                }
            }
            cur[g] = best;
            pick[g - from] = arg;
        }
    }

    /**
     * The alternatives of one job that can be chosen at some budget, in index order: alternative {@code s} is left out
     * when an earlier one takes no more units and is at least as good ({@code f} no smaller when maximising, no
     * larger when minimising). Within a stage's band the next stage's value never gets worse with more units, so the
     * earlier one is then at least as good at every budget and, first in order, wins every tie: the scan over the
     * rest chooses exactly what the scan over all does. With NaN, or very many alternatives, all of them.
     */
    static int[] undominated(double[] f, int[] units, boolean maximize) {
        int n = f.length;
        if (n > 4096 || hasNaN(f)) {
            int[] all = new int[n];
            for (int s = 0; s < n; s++) {
                all[s] = s;
            }
            return all;
        }
        int[] keep = new int[n];
        int kept = 0;
        for (int s = 0; s < n; s++) {
            boolean dominated = false;
            for (int e = 0; e < s && !dominated; e++) {
                dominated = units[e] <= units[s] && (maximize ? f[e] >= f[s] : f[e] <= f[s]);
            }
            if (!dominated) {
                keep[kept++] = s;
            }
        }
        return java.util.Arrays.copyOf(keep, kept);
    }

    private static boolean hasNaN(double[] values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    /** D9: {@code sum_i ceil(mean_s x_i(s))}, the limit of a batch's expenses. */
    public static double limit(List<double[]> expense) {
        double sum = 0;
        for (double[] g : expense) {
            double mean = 0;
            for (double x : g) {
                mean += x;
            }
            sum += CostQuantizer.unitsUp(mean / g.length, 1);
        }
        return sum;
    }
}
