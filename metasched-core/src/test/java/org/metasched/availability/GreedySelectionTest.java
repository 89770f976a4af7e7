package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Spec oracle T13 (GR-1, GR-2, GR-3) and invariants of the greedy rules against exhaustive search. */
class GreedySelectionTest {
    @Test
    void gr1OnTheKn1DataWithBudgetEleven() {
        double[] p = KnapsackSelectionTest.P;
        double[] c = KnapsackSelectionTest.C;
        Selection maxP = GreedySelection.MAX_P.pick(p, c, 5, 3, 11);
        assertThat(maxP.candidates()).containsExactly(0, 2, 4);
        assertThat(maxP.cost()).isEqualTo(15);
        assertThat(maxP.withinBudget()).isFalse();
        assertThat(maxP.availability()).isCloseTo(0.912285, within(1e-12));

        Selection maxPc = GreedySelection.MAX_P_C.pick(p, c, 5, 3, 11);
        assertThat(maxPc.candidates()).containsExactly(0, 1, 3);
        assertThat(maxPc.cost()).isEqualTo(7);
        assertThat(maxPc.availability()).isCloseTo(0.684, within(1e-12));

        Selection minC = GreedySelection.MIN_C.pick(p, c, 5, 3, 11);
        assertThat(minC.candidates()).containsExactly(0, 1, 3);
        assertThat(minC.cost()).isEqualTo(7);

        int[] chosen = new int[3];
        assertThat(GreedySelection.GREEDY_JNT.select(p, c, 5, 3, 11, chosen)).isCloseTo(0.684, within(1e-12));
        assertThat(new KnapsackSelection().select(p, c, 5, 3, 11, chosen)).isCloseTo(0.82935, within(1e-12));
        // as static selections the rules that exceed the budget choose nothing
        assertThat(GreedySelection.MAX_P.select(p, c, 5, 3, 11, chosen)).isEqualTo(StaticSelection.NONE);
    }

    @Test
    void gr2GreedyJntFallsBackToMinC() {
        double[] p = {0.99, 0.98, 0.3, 0.3};
        double[] c = {3, 3, 2, 2};
        assertThat(GreedySelection.MAX_P.pick(p, c, 4, 2, 4).withinBudget()).isFalse();
        assertThat(GreedySelection.MAX_P.pick(p, c, 4, 2, 4).cost()).isEqualTo(6);
        assertThat(GreedySelection.MAX_P_C.pick(p, c, 4, 2, 4).candidates()).containsExactly(0, 1);
        assertThat(GreedySelection.MAX_P_C.pick(p, c, 4, 2, 4).withinBudget()).isFalse();
        Selection jnt = GreedySelection.GREEDY_JNT.pick(p, c, 4, 2, 4);
        assertThat(jnt.candidates()).containsExactly(2, 3);
        assertThat(jnt.cost()).isEqualTo(4);
        assertThat(jnt.availability()).isCloseTo(0.09, within(1e-15));
        int[] chosen = new int[2];
        assertThat(new KnapsackSelection().select(p, c, 4, 2, 4, chosen)).isCloseTo(0.09, within(1e-15));
        assertThat(chosen).containsExactly(2, 3);
    }

    @Test
    void gr3KnapsackBeatsMaxPc() {
        double[] p = {0.99, 0.98, 0.6, 0.7};
        double[] c = {10, 9, 1, 2};
        Selection jnt = GreedySelection.GREEDY_JNT.pick(p, c, 4, 2, 11);
        assertThat(jnt.candidates()).containsExactly(2, 3);
        assertThat(jnt.availability()).isCloseTo(0.42, within(1e-15));
        int[] chosen = new int[2];
        assertThat(new KnapsackSelection().select(p, c, 4, 2, 11, chosen)).isCloseTo(0.686, within(1e-15));
        assertThat(chosen).containsExactly(1, 3);
    }

    @Test
    void edgeCases() {
        int[] chosen = new int[2];
        // MinC returns nothing when even the cheapest exceed the budget
        assertThat(GreedySelection.MIN_C
                        .pick(new double[] {1, 1}, new double[] {3, 3}, 2, 2, 5)
                        .isEmpty())
                .isTrue();
        assertThat(GreedySelection.GREEDY_JNT.select(new double[] {1, 1}, new double[] {3, 3}, 2, 2, 5, chosen))
                .isEqualTo(StaticSelection.NONE);
        // a free node weighs +infinity in MaxP/C
        assertThat(GreedySelection.MAX_P_C
                        .pick(new double[] {0.1, 0.9, 0.8}, new double[] {0, 1, 2}, 3, 1, 10)
                        .candidates())
                .containsExactly(0);
        // too few candidates
        assertThat(GreedySelection.MAX_P
                        .pick(new double[] {1}, new double[] {1}, 1, 2, 10)
                        .isEmpty())
                .isTrue();
    }

    /**
     * On random instances with whole-number costs (so the knapsack's quantisation loses nothing): each rule takes
     * the first n by its key; GreedyJnt never beats the knapsack; MaxP bounds every set; MinC's set is the cheapest.
     */
    @Test
    void invariantsOnRandomInstances() {
        SplittableRandom rnd = new SplittableRandom(13);
        int greedyBehind = 0;
        for (int trial = 0; trial < 1000; trial++) {
            int m = 1 + rnd.nextInt(9);
            int n = 1 + rnd.nextInt(m);
            double[] p = new double[m];
            double[] c = new double[m];
            for (int j = 0; j < m; j++) {
                p[j] = rnd.nextInt(8) == 0 ? 0 : rnd.nextInt(4) == 0 ? rnd.nextInt(1, 5) / 4.0 : rnd.nextDouble();
                c[j] = rnd.nextInt(0, 8);
            }
            double budget = rnd.nextInt(0, 40);
            String where = "trial " + trial;
            for (GreedySelection rule :
                    List.of(GreedySelection.MAX_P, GreedySelection.MIN_C, GreedySelection.MAX_P_C)) {
                assertThat(rule.pick(p, c, m, n, Double.POSITIVE_INFINITY).candidates())
                        .as(where + " " + rule)
                        .containsExactlyElementsOf(firstByKey(rule, p, c, n));
            }
            int[] chosen = new int[n];
            double knapsack = new KnapsackSelection().select(p, c, m, n, budget, chosen);
            double jnt = GreedySelection.GREEDY_JNT.select(p, c, m, n, budget, chosen);
            if (jnt != StaticSelection.NONE && jnt > 0) {
                assertThat(knapsack).as(where).isGreaterThanOrEqualTo(jnt);
                double total = 0;
                for (int i = 0; i < n; i++) {
                    total += c[chosen[i]];
                }
                assertThat(total).as(where).isLessThanOrEqualTo(budget);
                if (knapsack > jnt) {
                    greedyBehind++;
                }
            }
            Selection maxP = GreedySelection.MAX_P.pick(p, c, m, n, budget);
            int best = KnapsackSelectionTest.exhaustive(p, c, m, n, Double.POSITIVE_INFINITY, 1);
            if (best >= 0) {
                assertThat(maxP.availability()).as(where).isEqualTo(KnapsackSelectionTest.product(p, best));
            }
            Selection minC = GreedySelection.MIN_C.pick(p, c, m, n, Double.POSITIVE_INFINITY);
            double cheapest = firstByKey(GreedySelection.MIN_C, p, c, n).stream()
                    .mapToDouble(j -> c[j])
                    .sum();
            assertThat(minC.cost()).as(where).isEqualTo(cheapest);
            assertThat(GreedySelection.MIN_C.pick(p, c, m, n, budget).isEmpty())
                    .as(where)
                    .isEqualTo(cheapest > budget);
        }
        // the comparison is not vacuous: the knapsack is strictly ahead on some instances
        assertThat(greedyBehind).isGreaterThan(5);
    }

    /** The first n positions by a full stable sort on the rule's key (an independent ranking). */
    private static List<Integer> firstByKey(GreedySelection rule, double[] p, double[] c, int n) {
        List<Integer> all = new ArrayList<>();
        for (int j = 0; j < p.length; j++) {
            all.add(j);
        }
        Comparator<Integer> key = switch (rule) {
            case MAX_P -> Comparator.<Integer>comparingDouble(j -> -p[j]).thenComparingDouble(j -> c[j]);
            case MIN_C -> Comparator.<Integer>comparingDouble(j -> c[j]).thenComparingDouble(j -> -p[j]);
            default ->
                Comparator.<Integer>comparingDouble(j -> -weight(p[j], c[j])).thenComparingDouble(j -> c[j]);
        };
        all.sort(key);
        List<Integer> first = new ArrayList<>(all.subList(0, n));
        first.sort(Comparator.naturalOrder());
        return first;
    }

    private static double weight(double p, double c) {
        return p == 0 ? 0 : c == 0 ? Double.POSITIVE_INFINITY : p / c;
    }
}
