package org.metasched.window.aep;

import java.util.Arrays;
import java.util.function.Supplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Tolerance;
import org.metasched.timeline.SlotList;
import org.metasched.window.select.CostQuantizer;
import org.metasched.window.select.DecimalQuantum;
import org.metasched.window.select.IndexSort;
import org.metasched.window.select.SsaDynamicProgramme;

/**
 * The slots an {@link AepStrategy} chooses from at one step of the AEP scan, with the length and cost of the task
 * on each, and the selection building blocks every strategy is written with (spec 3.2). Positions {@code 0 ..
 * count()-1} are in W's insertion order (slot-list order). Scratch arrays live as long as one search.
 */
public final class AepCandidates {
    private final SlotList slotList;
    private final int n;
    private final double budget;
    private final boolean bounded;
    final int[] slot;
    final double[] length;
    final double[] cost;
    int count;
    private final int[] pos;
    private final int[] sortScratch;
    private final double[] posNode;
    private final SsaDynamicProgramme dp = new SsaDynamicProgramme();
    private final int[] subsetFrom;
    private final int[] subsetTo;
    private final Supplier<UniformRandomProvider> randomSource;
    private UniformRandomProvider random;
    /** Every cost the scan can price ({@link PricedCosts}), asked for once, by the first budgeted programme. */
    private final Supplier<DecimalQuantum> pricedCosts;
    /** The budgeted programme's quantizer, made on first use. */
    private CostQuantizer quantizer;

    /** Candidates whose budgeted programme counts costs in whole units of spec D4's quantum. */
    AepCandidates(SlotList slotList, int n, double budget, int capacity, Supplier<UniformRandomProvider> random) {
        this(slotList, n, budget, capacity, random, DecimalQuantum::new);
    }

    /**
     * @param pricedCosts every cost the scan can price: the budgeted programme counts in their decimal quantum where
     *     that is exact, else in spec D4's ({@link CostQuantizer#forCosts})
     */
    AepCandidates(
            SlotList slotList,
            int n,
            double budget,
            int capacity,
            Supplier<UniformRandomProvider> random,
            Supplier<DecimalQuantum> pricedCosts) {
        this.pricedCosts = pricedCosts;
        this.slotList = slotList;
        this.n = n;
        this.budget = budget;
        this.bounded = budget != Double.POSITIVE_INFINITY;
        this.slot = new int[capacity];
        this.length = new double[capacity];
        this.cost = new double[capacity];
        this.pos = new int[capacity];
        this.sortScratch = new int[capacity];
        this.posNode = new double[capacity];
        this.subsetFrom = new int[n];
        this.subsetTo = new int[n];
        this.randomSource = random;
    }

    /** Sorting space as long as the candidate capacity (also lent to the node index while it is built). */
    int[] sortScratch() {
        return sortScratch;
    }

    /** How many slots a selection takes. */
    public int n() {
        return n;
    }

    /** The request's budget, {@code +Infinity} for none. */
    public double budget() {
        return budget;
    }

    /** How many candidates there are. */
    public int count() {
        return count;
    }

    /** The slot-list index of candidate {@code k}. */
    public int slot(int k) {
        return slot[k];
    }

    /** The task length on candidate {@code k} in this step's geometry. */
    public double length(int k) {
        return length[k];
    }

    /** The cost of the task on candidate {@code k}. */
    public double cost(int k) {
        return cost[k];
    }

    /** This search's random stream (the strategy's name and the job's key): the same draws on every run. */
    public UniformRandomProvider random() {
        if (random == null) {
            random = randomSource.get();
        }
        return random;
    }

    /** {@code sel} if its total cost is within the budget, else null. */
    public int[] withinBudget(int[] sel) {
        double total = 0;
        for (int k : sel) {
            total += cost[k];
        }
        return Tolerance.le(total, budget) ? sel : null;
    }

    /** The first n candidates (W's insertion order). */
    public int[] firstN() {
        int[] first = new int[n];
        for (int k = 0; k < n; k++) {
            first[k] = k;
        }
        return first;
    }

    /**
     * The n cheapest candidates in order of (cost, position): the first n of a stable sort by cost, found by one
     * pass that keeps the n best so far (O(count n) instead of a sort of every candidate; n is a job's node count,
     * W a whole domain's). Ties by position (slot-list order).
     */
    public int[] cheapest() {
        int c = count;
        if (c < n || hasNaN(cost, c)) {
            return sortedCheapest(); // the stable sort's own order, which a NaN cost makes no total order
        }
        int[] held = new int[n];
        int size = 0;
        for (int k = 0; k < c; k++) {
            double v = cost[k];
            int at;
            if (size < n) {
                at = size++;
            } else if (v < cost[held[n - 1]]) {
                at = n - 1;
            } else {
                continue;
            }
            while (at > 0 && v < cost[held[at - 1]]) { // strict: an equal cost keeps the earlier position first
                held[at] = held[at - 1];
                at--;
            }
            held[at] = k;
        }
        return held;
    }

    /** {@link #cheapest} by a stable sort of every candidate (the reference; tests compare the two). */
    int[] sortedCheapest() {
        for (int k = 0; k < count; k++) {
            pos[k] = k;
        }
        IndexSort.sort(pos, count, cost, null, sortScratch);
        return Arrays.copyOf(pos, n);
    }

    private static boolean hasNaN(double[] a, int len) {
        for (int k = 0; k < len; k++) {
            if (Double.isNaN(a[k])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Decision D6, the least runtime within the budget: by increasing length (ties by cost, then node index) keep
     * the n cheapest so far; the first prefix, ending after a whole group of equal lengths, whose n cheapest fit
     * the budget wins. Null when none does.
     */
    public int[] shortestWithinBudget() {
        int c = count;
        for (int k = 0; k < c; k++) {
            pos[k] = k;
            posNode[k] = slotList.node(slot[k]);
        }
        // stable sort by node index first, then by (len, cost): yields (len, cost, node) order
        IndexSort.sort(pos, c, posNode, null, sortScratch);
        IndexSort.sort(pos, c, length, cost, sortScratch);
        // max-heap (by cost, then later position) of positions
        int[] h = new int[n + 1];
        int size = 0;
        double sum = 0;
        for (int idx = 0; idx < c; idx++) {
            int p = pos[idx];
            h[size++] = p;
            siftUp(h, size - 1);
            sum += cost[p];
            if (size > n) {
                int top = h[0];
                sum -= cost[top];
                h[0] = h[--size];
                siftDown(h, size);
            }
            if (size == n && Tolerance.le(sum, budget)) {
                boolean tieAhead = idx + 1 < c && Tolerance.eq(length[pos[idx + 1]], length[p]);
                if (!tieAhead) {
                    return Arrays.copyOf(h, n);
                }
            }
        }
        return null;
    }

    /**
     * The n candidates with the largest sum of {@code z} whose quantised costs fit the quantised budget (spec
     * 2.1): the SSA dynamic programme, or the top-n shortcut when there is no budget. Null when none. Costs count in
     * the data's decimal quantum where that is exact (prices with cents: a set fits exactly when its real cost fits
     * the budget), else in spec D4's, as the SSA criteria count them.
     */
    public int[] maxSumWithinBudget(double[] z) {
        if (!bounded) {
            return SsaDynamicProgramme.topN(z, count, n);
        }
        if (quantizer == null) {
            quantizer = CostQuantizer.forCosts(pricedCosts.get(), budget, (long) CostQuantizer.MAX_UNITS);
        }
        CostQuantizer q = quantizer;
        long units = q.budget(budget);
        long[] qc = new long[count];
        for (int k = 0; k < count; k++) {
            qc[k] = q.costWithin(cost[k], units);
        }
        if (count >= n) { // the programme's answer where it is known without it (a budget of cents has many units)
            long[] sorted = Arrays.copyOf(qc, count);
            Arrays.sort(sorted);
            long cheapest = 0;
            long dearest = 0;
            for (int k = 0; k < n; k++) {
                cheapest += sorted[k];
                dearest += sorted[count - 1 - k];
            }
            if (cheapest > units) {
                return null; // not even the n cheapest fit
            }
            if (dearest <= units) {
                return SsaDynamicProgramme.topN(z, count, n); // every n fit: the budget binds nothing (spec 2.1.5)
            }
        }
        return dp.select(z, qc, count, n, units);
    }

    /**
     * One uniformly random n-subset (positions ascending) drawn from {@link #random()}: the first n entries of a
     * partial Fisher-Yates shuffle of the positions. Only the n entries a swap has touched differ from the identity,
     * so they are kept in a small table instead of a permutation of every candidate: the same draws, the same
     * subset, in O(n^2) instead of O(count).
     */
    public int[] randomSubset() {
        int c = count;
        UniformRandomProvider rng = random();
        int[] sel = new int[n];
        int[] movedFrom = subsetFrom; // perm[movedFrom[i]] == movedTo[i]; every other perm[x] == x
        int[] movedTo = subsetTo;
        int moved = 0;
        for (int k = 0; k < n; k++) {
            int r = k + rng.nextInt(c - k);
            int atK = k;
            int atR = r;
            int slotR = -1;
            for (int i = 0; i < moved; i++) {
                if (movedFrom[i] == k) {
                    atK = movedTo[i];
                }
                if (movedFrom[i] == r) {
                    atR = movedTo[i];
                    slotR = i;
                }
            }
            sel[k] = atR; // perm[k] after the swap; later swaps never touch position k again
            if (slotR < 0) {
                slotR = moved++;
                movedFrom[slotR] = r;
            }
            movedTo[slotR] = atK; // perm[r] after the swap
        }
        Arrays.sort(sel);
        return sel;
    }

    /** {@link #randomSubset} with a whole permutation (the reference; tests compare the two). */
    int[] randomSubsetByPermutation(UniformRandomProvider rng) {
        int c = count;
        int[] perm = new int[c];
        for (int k = 0; k < c; k++) {
            perm[k] = k;
        }
        for (int k = 0; k < n; k++) {
            int r = k + rng.nextInt(c - k);
            int t = perm[k];
            perm[k] = perm[r];
            perm[r] = t;
        }
        int[] sel = Arrays.copyOf(perm, n);
        Arrays.sort(sel);
        return sel;
    }

    /**
     * Heap order of {@link #shortestWithinBudget}: higher cost first, then the later position. A strict total order
     * on (cost, position), as a heap needs (a tolerance would make it intransitive).
     */
    private boolean heapAbove(int a, int b) {
        int c = Double.compare(cost[a], cost[b]);
        return c > 0 || (c == 0 && a > b);
    }

    private void siftUp(int[] h, int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!heapAbove(h[i], h[parent])) {
                break;
            }
            int t = h[i];
            h[i] = h[parent];
            h[parent] = t;
            i = parent;
        }
    }

    private void siftDown(int[] h, int size) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                break;
            }
            int big = l + 1 < size && heapAbove(h[l + 1], h[l]) ? l + 1 : l;
            if (!heapAbove(h[big], h[i])) {
                break;
            }
            int t = h[i];
            h[i] = h[big];
            h[big] = t;
            i = big;
        }
    }
}
