package org.metasched.availability;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.Tolerance;

/**
 * The greedy selections of paper P003 section 3.4 (spec 4.4). Each ranks the candidates by its key (ties: the next
 * key, then the lower position) and takes the first n, in O(m n):
 *
 * <ul>
 *   <li>{@link #MAX_P}: highest availability first (then cheaper); may exceed the budget;
 *   <li>{@link #MIN_C}: cheapest first (then more available); nothing when even they exceed the budget;
 *   <li>{@link #MAX_P_C}: highest {@code P / c} first (then cheaper; a free node weighs +infinity); may exceed it;
 *   <li>{@link #GREEDY_JNT}: MaxP if within the budget, else MaxP/C if within it, else MinC if within it, else none.
 * </ul>
 *
 * As a {@link StaticSelection} a set over the budget counts as no selection. Budgets compare real costs with the
 * tolerance of spec 0.1 ({@code cost <= C + 1e-9}). Stateless and thread-safe.
 */
public enum GreedySelection implements StaticSelection {
    MAX_P,
    MIN_C,
    MAX_P_C,
    GREEDY_JNT;

    /** GreedyJnt's stages in order. */
    private static final GreedySelection[] JOINT_STAGES = {MAX_P, MAX_P_C, MIN_C};

    @Override
    public double select(double[] probability, double[] cost, int m, int n, double budget, int[] chosen) {
        if (m < n) {
            return NONE;
        }
        if (this == GREEDY_JNT) {
            for (GreedySelection stage : JOINT_STAGES) {
                double v = stage.select(probability, cost, m, n, budget, chosen);
                if (v != NONE) {
                    return v;
                }
            }
            return NONE;
        }
        rank(this, probability, cost, m, n, chosen);
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += cost[chosen[i]];
        }
        if (!Tolerance.le(total, budget)) {
            return NONE;
        }
        return StaticSelection.product(probability, chosen, n);
    }

    /**
     * The set this rule picks, with its cost and whether it fits: MaxP and MaxP/C report a set over the budget
     * flagged {@code withinBudget = false}; MinC and GreedyJnt return {@link Selection#none()} when nothing fits.
     */
    public Selection pick(double[] probability, double[] cost, int m, int n, double budget) {
        if (m < n) {
            return Selection.none();
        }
        int[] chosen = new int[n];
        if (this == GREEDY_JNT) {
            if (select(probability, cost, m, n, budget, chosen) == NONE) {
                return Selection.none();
            }
        } else {
            rank(this, probability, cost, m, n, chosen);
        }
        List<Integer> set = new ArrayList<>(n);
        double total = 0;
        for (int i = 0; i < n; i++) {
            set.add(chosen[i]);
            total += cost[chosen[i]];
        }
        boolean fits = Tolerance.le(total, budget);
        if (this == MIN_C && !fits) {
            return Selection.none();
        }
        return new Selection(set, StaticSelection.product(probability, chosen, n), total, fits);
    }

    /**
     * The n highest positive availabilities, ties to the lower position (the colex rule of spec 0.2), in ascending
     * position order, or {@link #NONE} when fewer than n are positive: the knapsack's answer for an unbounded
     * budget, and an upper bound for every selection's product.
     */
    static double topProbabilities(double[] probability, int m, int n, int[] chosen) {
        if (m < n) {
            return NONE;
        }
        int held = 0;
        for (int j = 0; j < m; j++) {
            double pj = probability[j];
            if (!(pj > 0)) {
                continue;
            }
            int pos;
            if (held < n) {
                pos = held++;
            } else if (pj > probability[chosen[n - 1]]) {
                pos = n - 1;
            } else {
                continue;
            }
            while (pos > 0 && pj > probability[chosen[pos - 1]]) {
                chosen[pos] = chosen[pos - 1];
                pos--;
            }
            chosen[pos] = j;
        }
        if (held < n) {
            return NONE;
        }
        java.util.Arrays.sort(chosen, 0, n);
        return StaticSelection.product(probability, chosen, n);
    }

    /** The first n candidates by {@code rule}'s key, written to {@code chosen} in ascending position order. */
    private static void rank(GreedySelection rule, double[] probability, double[] cost, int m, int n, int[] chosen) {
        int held = 0;
        for (int j = 0; j < m; j++) {
            int pos;
            if (held < n) {
                pos = held++;
            } else if (before(rule, j, chosen[n - 1], probability, cost)) {
                pos = n - 1;
            } else {
                continue;
            }
            while (pos > 0 && before(rule, j, chosen[pos - 1], probability, cost)) {
                chosen[pos] = chosen[pos - 1];
                pos--;
            }
            chosen[pos] = j;
        }
        java.util.Arrays.sort(chosen, 0, n);
    }

    /** Whether candidate a ranks before candidate b (a > b in position, so ties on every key keep b first). */
    private static boolean before(GreedySelection rule, int a, int b, double[] probability, double[] cost) {
        double pa = probability[a];
        double pb = probability[b];
        double ca = cost[a];
        double cb = cost[b];
        return switch (rule) {
            case MAX_P -> pa > pb || (pa == pb && ca < cb);
            case MIN_C -> ca < cb || (ca == cb && pa > pb);
            case MAX_P_C, GREEDY_JNT -> {
                double wa = weight(pa, ca);
                double wb = weight(pb, cb);
                yield wa > wb || (wa == wb && ca < cb);
            }
        };
    }

    /** {@code P / c}; +infinity for a free node with positive availability, 0 for an unavailable one. */
    private static double weight(double p, double c) {
        if (!(p > 0)) {
            return 0;
        }
        return c == 0 ? Double.POSITIVE_INFINITY : p / c;
    }
}
