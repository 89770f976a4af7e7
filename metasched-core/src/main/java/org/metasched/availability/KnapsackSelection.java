package org.metasched.availability;

import java.util.Arrays;
import org.metasched.window.select.CostQuantizer;
import org.metasched.window.select.DecimalQuantum;

/**
 * The multiplicative knapsack of paper P003 (eqs. 2-3, spec 4.3): the exact maximum of {@code prod P_j} over sets
 * of exactly n candidates whose quantised costs fit the quantised budget,
 *
 * <pre>
 * f_0(b, 0) = 1;  f_0(b, v >= 1) = infeasible
 * f_j(b, v) = max( f_{j-1}(b, v),  f_{j-1}(b - c_j, v - 1) * P_j )
 * </pre>
 *
 * answer {@code f_m(B, n)}. Among optimal sets it returns the colex-minimal one (spec 0.2: take an item only when
 * strictly better, backtrack from the last item). The value equals exhaustive search over the same products to the
 * last bit: rounding is monotone, so the best partial product per cell stays best.
 *
 * <p><b>Costs are quantised</b> (spec 2.1.3, D4): {@code c^ = ceil(c / q)}, {@code B = floor(C / q)}. By default
 * ({@link #DATA_QUANTUM}) q comes from the data: when every candidate cost is a whole multiple of a decimal quantum
 * (prices in cents times a whole T: {@link DecimalQuantum}) and the budget is then at most {@code maxBudgetUnits}
 * units, q is that quantum and the answer is exact (a set costing 10.99 fits a budget of 11). Otherwise, and always
 * with a quantum given, {@code q = max(quantum, C / maxBudgetUnits)} (a given quantum, else 1): a set the programme
 * accepts never costs more than C, but one costing within {@code n q} below C may be passed over, and {@link
 * #lastExact()} says so. Nothing is lost when the budget does not bind (every set fits; q then only sizes the table)
 * or when every cost is a whole multiple of q (whole-number costs whose greatest common divisor is at least q: q
 * becomes that divisor). Time and the table grow with B = C / q: a larger quantum is faster.
 *
 * <p>Work saved without changing the answer: candidates with {@code P = 0} or a cost above B are dropped (the
 * infeasible sentinel is minus infinity, so {@code -inf * P} stays infeasible without a branch); B is lowered to the
 * cost of the n dearest candidates when that is less; for item j and count v only budgets from {@code c_j} plus the
 * v - 1 cheapest earlier costs up to B minus the n - v cheapest later costs are visited, the only cells the optimum
 * can pass through. Time O(m n B), memory O(n B) values plus m n B decision bits. Not thread-safe.
 */
public final class KnapsackSelection implements StaticSelection {
    /** The quantum when the data have none: one currency unit (spec D4). */
    public static final double DEFAULT_QUANTUM = 1.0;
    /** Give this as the quantum to take it from the data (the default): exact for prices with cents. */
    public static final double DATA_QUANTUM = 0;
    /** The default bound on the quantised budget (spec D4). */
    public static final long DEFAULT_MAX_BUDGET_UNITS = 10_000;

    private static final long MAX_DECISION_BITS = 1L << 31;

    private final double quantum;
    private final long maxBudgetUnits;
    private boolean lastExact = true;

    private double[] dearestCosts = new double[0];
    private int[] index = new int[0];
    private double[] p = new double[0];
    private int[] c = new int[0];
    private long[] suffixMin = new long[0];
    private long[] smallest = new long[0];
    private long[] largest = new long[0];
    private double[] f = new double[0];
    private long[] taken = new long[0];

    /**
     * @param quantum the cost quantum q, {@code > 0}, or {@link #DATA_QUANTUM}
     * @param maxBudgetUnits q is raised to {@code C / maxBudgetUnits} when that is larger
     */
    public KnapsackSelection(double quantum, long maxBudgetUnits) {
        if (!(quantum >= 0) || !Double.isFinite(quantum)) {
            throw new IllegalArgumentException(
                    "cost quantum must be a finite number > 0 (or 0: the data's), got " + quantum);
        }
        if (maxBudgetUnits < 1) {
            throw new IllegalArgumentException("max budget units must be >= 1, got " + maxBudgetUnits);
        }
        this.quantum = quantum;
        this.maxBudgetUnits = maxBudgetUnits;
    }

    /** The data's quantum, at most 10^4 budget units. */
    public KnapsackSelection() {
        this(DATA_QUANTUM, DEFAULT_MAX_BUDGET_UNITS);
    }

    /**
     * Whether the last {@link #select} is exact: its set is the best of those whose real cost fits the budget, not
     * only of those whose quantised cost does (see the class comment).
     */
    @Override
    public boolean lastExact() {
        return lastExact;
    }

    /**
     * How {@link #select} quantises one problem.
     *
     * @param quantum q: costs become {@code ceil(c / q)}
     * @param units the integer budget {@code floor(C / q)}, or {@link Long#MAX_VALUE} when the budget does not bind
     *     (the n dearest candidates fit it)
     * @param exact whether a set fits in units exactly when its real cost fits the budget: the budget does not
     *     bind, or every candidate cost is a whole multiple of q
     */
    public record Quantisation(double quantum, long units, boolean exact) {
        public boolean binding() {
            return units != Long.MAX_VALUE;
        }
    }

    /**
     * The quantisation of a problem, or null when fewer than n candidates have a positive probability. A budget at
     * least the cost of the n dearest candidates does not bind: every set fits, and q only sizes the table ({@code
     * q = max(quantum, dearest / maxBudgetUnits)}). Otherwise {@code q = max(quantum, C / maxBudgetUnits)}. When every
     * candidate cost is a whole number and their greatest common divisor g is at least that q, q = g: each cost is
     * then an exact multiple and a set fits exactly when its real cost does (whole-number prices times a whole T
     * are multiples of T).
     */
    public Quantisation quantisation(double[] probability, double[] cost, int m, int n, double budget) {
        if (dearestCosts.length < n) {
            dearestCosts = new double[n];
        }
        double[] dearest = dearestCosts;
        int held = 0;
        boolean whole = true;
        long gcd = 0;
        DecimalQuantum decimal = new DecimalQuantum();
        for (int j = 0; j < m; j++) {
            if (!(probability[j] > 0)) {
                continue;
            }
            double cj = cost[j];
            decimal.add(cj);
            if (whole && cj == Math.rint(cj) && cj < 0x1p53) {
                gcd = gcd(gcd, (long) cj);
            } else {
                whole = false;
            }
            int pos;
            if (held < n) {
                pos = held++;
            } else if (cj > dearest[n - 1]) {
                pos = n - 1;
            } else {
                continue;
            }
            while (pos > 0 && dearest[pos - 1] < cj) {
                dearest[pos] = dearest[pos - 1];
                pos--;
            }
            dearest[pos] = cj;
        }
        if (held < n) {
            return null;
        }
        double dearestTotal = 0;
        for (int i = 0; i < n; i++) {
            dearestTotal += dearest[i];
        }
        boolean binding = budget < dearestTotal;
        double exact = quantum == DATA_QUANTUM ? decimal.quantum() : Double.NaN;
        if (exact > 0) {
            if (!binding) {
                return new Quantisation(Math.max(exact, dearestTotal / maxBudgetUnits), Long.MAX_VALUE, true);
            }
            long units = DecimalQuantum.units(budget, exact);
            if (units >= 0 && units <= maxBudgetUnits) {
                return new Quantisation(exact, units, true);
            }
            double q = budget / maxBudgetUnits; // the table's size cap forces a coarser quantum
            return new Quantisation(q, CostQuantizer.unitsDown(budget, q), false);
        }
        double q = Math.max(
                quantum == DATA_QUANTUM ? DEFAULT_QUANTUM : quantum,
                (binding ? budget : dearestTotal) / maxBudgetUnits);
        if (whole && gcd > 0 && gcd >= q) {
            q = gcd;
        }
        return new Quantisation(
                q,
                binding ? CostQuantizer.unitsDown(budget, q) : Long.MAX_VALUE,
                !binding || (whole && gcd > 0 && gcd % q == 0));
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    @Override
    public double select(double[] probability, double[] cost, int m, int n, double budget, int[] chosen) {
        if (m < n || !(budget >= 0)) {
            return NONE;
        }
        lastExact = true;
        Quantisation quantisation = quantisation(probability, cost, m, n, budget);
        if (quantisation == null) {
            return NONE;
        }
        lastExact = quantisation.exact();
        long units = quantisation.units();
        int k = candidates(probability, cost, m, quantisation, units);
        if (k < n) {
            return NONE;
        }
        long cheapest = 0;
        long dearest = 0;
        sortedCosts(k);
        for (int i = 0; i < n; i++) {
            cheapest += smallest[i];
            dearest += largest[i];
        }
        if (cheapest > units) {
            return NONE;
        }
        long budgetCells = Math.min(units, dearest) + 1;
        long bits = (long) k * n * budgetCells;
        if (bits > MAX_DECISION_BITS || (n + 1) * budgetCells > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("knapsack table of " + k + " x " + n + " x " + budgetCells
                    + " cells is too large: use a larger cost quantum");
        }
        int b1 = (int) budgetCells;
        fill(k, n, b1, (int) ((bits + 63) >>> 6));
        double best = f[n * b1 + b1 - 1];
        if (best == Double.NEGATIVE_INFINITY) {
            return NONE;
        }
        int b = b1 - 1;
        int v = n;
        for (int i = k - 1; i >= 0 && v > 0; i--) {
            long bit = ((long) i * n + v - 1) * b1 + b;
            if ((taken[(int) (bit >>> 6)] & (1L << (bit & 63))) != 0) {
                chosen[--v] = index[i];
                b -= c[i];
            }
        }
        return best;
    }

    /** Keeps the candidates with positive probability whose quantised cost fits; returns how many. */
    private int candidates(double[] probability, double[] cost, int m, Quantisation quantisation, long units) {
        double q = quantisation.quantum();
        boolean multiples = quantisation.exact() && quantisation.binding();
        if (index.length < m) {
            index = new int[m];
            p = new double[m];
            c = new int[m];
        }
        int k = 0;
        for (int j = 0; j < m; j++) {
            if (!(probability[j] > 0)) {
                continue;
            }
            // the exact quantum's multiples by rounding: ceil(4.33 / 0.01) would be 434
            long cj = multiples ? Math.round(cost[j] / q) : CostQuantizer.unitsUp(cost[j], q);
            if (cj > units || cj > Integer.MAX_VALUE) {
                continue;
            }
            index[k] = j;
            p[k] = probability[j];
            c[k] = (int) cj;
            k++;
        }
        return k;
    }

    /** {@code smallest} and {@code largest}: all k candidate costs ascending and descending. */
    private void sortedCosts(int k) {
        if (smallest.length < k) {
            smallest = new long[k];
            largest = new long[k];
        }
        for (int i = 0; i < k; i++) {
            smallest[i] = c[i];
        }
        Arrays.sort(smallest, 0, k);
        for (int i = 0; i < k; i++) {
            largest[i] = smallest[k - 1 - i];
        }
    }

    /** Runs the forward pass over k candidates, choosing n, budgets 0..b1-1, recording take decisions. */
    private void fill(int k, int n, int b1, int words) {
        int n1 = n + 1;
        if (f.length < n1 * b1) {
            f = new double[n1 * b1];
        }
        if (taken.length < words) {
            taken = new long[words];
        } else {
            Arrays.fill(taken, 0, words, 0L);
        }
        Arrays.fill(f, 0, b1, 1.0);
        Arrays.fill(f, b1, n1 * b1, Double.NEGATIVE_INFINITY);
        suffixMinima(k, n);
        // prefix[v]: the v cheapest costs among the items before the current one (Long.MAX_VALUE when fewer)
        long[] prefix = new long[n1];
        long[] cheapestSeen = new long[n];
        int seen = 0;
        Arrays.fill(prefix, 1, n1, Long.MAX_VALUE);
        for (int i = 0; i < k; i++) {
            int ci = c[i];
            double pi = p[i];
            int vmax = Math.min(n, i + 1);
            int vmin = Math.max(1, n - (k - 1 - i));
            for (int v = vmax; v >= vmin; v--) {
                long after = suffixMin[(i + 1) * n1 + n - v];
                if (prefix[v - 1] == Long.MAX_VALUE || after == Long.MAX_VALUE) {
                    continue;
                }
                long lo = ci + prefix[v - 1];
                long hi = (b1 - 1) - after;
                if (lo > hi) {
                    continue;
                }
                int row = v * b1;
                int from = (v - 1) * b1 - ci;
                long base = ((long) i * n + v - 1) * b1;
                for (int b = (int) lo; b <= hi; b++) {
                    double cand = f[from + b] * pi;
                    if (cand > f[row + b]) {
                        f[row + b] = cand;
                        long bit = base + b;
                        taken[(int) (bit >>> 6)] |= 1L << (bit & 63);
                    }
                }
            }
            seen = insert(cheapestSeen, seen, ci);
            long sum = 0;
            for (int v = 1; v <= seen; v++) {
                sum += cheapestSeen[v - 1];
                prefix[v] = sum;
            }
        }
    }

    /** {@code suffixMin[i * (n+1) + w]}: the w cheapest costs among items i..k-1 (Long.MAX_VALUE when fewer). */
    private void suffixMinima(int k, int n) {
        int n1 = n + 1;
        if (suffixMin.length < (k + 1) * n1) {
            suffixMin = new long[(k + 1) * n1];
        }
        long[] cheapest = new long[n];
        int held = 0;
        for (int i = k; i >= 0; i--) {
            if (i < k) {
                held = insert(cheapest, held, c[i]);
            }
            long sum = 0;
            suffixMin[i * n1] = 0;
            for (int w = 1; w <= n; w++) {
                if (w <= held) {
                    sum += cheapest[w - 1];
                    suffixMin[i * n1 + w] = sum;
                } else {
                    suffixMin[i * n1 + w] = Long.MAX_VALUE;
                }
            }
        }
    }

    /** Inserts {@code value} into the ascending array {@code a[0..held)}, keeping its a.length smallest. */
    private static int insert(long[] a, int held, long value) {
        int pos;
        if (held < a.length) {
            pos = held++;
        } else if (a[a.length - 1] <= value) {
            return held;
        } else {
            pos = a.length - 1;
        }
        while (pos > 0 && a[pos - 1] > value) {
            a[pos] = a[pos - 1];
            pos--;
        }
        a[pos] = value;
        return held;
    }
}
