package org.metasched.window.select;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Spec oracles T3 (section 2.1.6) and T4 (quantisation); the DP against exhaustive search. */
class SsaDynamicProgrammeTest {
    private static final double[] Z = {5, 3, 8, 6, 4};
    private static final long[] C = {4, 2, 7, 5, 3};

    @ParameterizedTest(name = "n={0} B={1} -> Z={2} {3}")
    @CsvSource({"3, 10, 13, 2 4 5", "3, 12, 15, 2 3 5", "2, 15, 14, 3 4", "2, 9, 11, 2 3"})
    void workedExamplesIncludingTheColexTieRule(int n, long budget, double expected, String oneBased) {
        int[] sel = new SsaDynamicProgramme().select(Z, C, 5, n, budget);
        assertThat(SsaDynamicProgramme.value(Z, sel)).isEqualTo(expected);
        int[] expectedSet = java.util.Arrays.stream(oneBased.split(" "))
                .mapToInt(s -> Integer.parseInt(s) - 1)
                .toArray();
        assertThat(sel).containsExactly(expectedSet);
    }

    @Test
    void threeItemsCannotFitEightUnits() {
        assertThat(new SsaDynamicProgramme().select(Z, C, 5, 3, 8)).isNull();
    }

    @Test
    void edgeCases() {
        SsaDynamicProgramme dp = new SsaDynamicProgramme();
        assertThat(dp.select(Z, C, 5, 0, 0)).isEmpty();
        assertThat(dp.select(Z, C, 2, 3, 100)).isNull(); // m < n
        assertThat(dp.select(new double[] {-7, -2}, new long[] {0, 0}, 2, 1, 0)).containsExactly(1);
    }

    @Test
    void quantisationRoundsCostsUpAndTheBudgetDown() {
        CostQuantizer q = CostQuantizer.forBudget(6.99);
        assertThat(q.quantum()).isEqualTo(1.0);
        assertThat(q.cost(2.1)).isEqualTo(3);
        assertThat(q.cost(3.9)).isEqualTo(4);
        assertThat(q.cost(3.0)).isEqualTo(3);
        assertThat(q.budget(6.99)).isEqualTo(6);
        assertThat(q.budget(7.0)).isEqualTo(7);
        CostQuantizer big = CostQuantizer.forBudget(50_000);
        assertThat(big.quantum()).isEqualTo(5.0);
        assertThat(big.budget(50_000)).isEqualTo(10_000);
    }

    /** The DP equals exhaustive search, value and colex-minimal set, on random instances (T3). */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void equalsExhaustiveSearch(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SsaDynamicProgramme dp = new SsaDynamicProgramme();
        for (int trial = 0; trial < 400; trial++) {
            int m = 1 + rnd.nextInt(8);
            int n = 1 + rnd.nextInt(m);
            double[] z = new double[m];
            long[] c = new long[m];
            for (int i = 0; i < m; i++) {
                // small integer values provoke ties; negative values occur as with -finish
                z[i] = rnd.nextBoolean() ? rnd.nextInt(-5, 6) : rnd.nextDouble(-10, 10);
                c[i] = rnd.nextInt(0, 10);
            }
            long budget = rnd.nextInt(0, 30);
            int[] got = dp.select(z, c, m, n, budget);
            int[] want = exhaustive(z, c, m, n, budget);
            if (want == null) {
                assertThat(got).as("trial %d", trial).isNull();
            } else {
                assertThat(got).as("trial %d", trial).containsExactly(want);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void topNEqualsTheProgrammeWithAnUnboundBudget(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SsaDynamicProgramme dp = new SsaDynamicProgramme();
        for (int trial = 0; trial < 300; trial++) {
            int m = 1 + rnd.nextInt(10);
            int n = 1 + rnd.nextInt(m);
            double[] z = new double[m];
            long[] c = new long[m];
            for (int i = 0; i < m; i++) {
                z[i] = rnd.nextInt(-4, 5);
                c[i] = 1;
            }
            assertThat(SsaDynamicProgramme.topN(z, m, n)).containsExactly(dp.select(z, c, m, n, m));
        }
    }

    /** Best value; among optimal sets the colex-minimal one (compare largest index first). */
    static int[] exhaustive(double[] z, long[] c, int m, int n, long budget) {
        int[] best = null;
        double bestZ = Double.NEGATIVE_INFINITY;
        for (int mask = 0; mask < (1 << m); mask++) {
            if (Integer.bitCount(mask) != n) {
                continue;
            }
            long cost = 0;
            double value = 0;
            for (int i = 0; i < m; i++) {
                if ((mask & (1 << i)) != 0) {
                    cost += c[i];
                    value += z[i];
                }
            }
            if (cost > budget) {
                continue;
            }
            int[] set = new int[n];
            for (int i = 0, k = 0; i < m; i++) {
                if ((mask & (1 << i)) != 0) {
                    set[k++] = i;
                }
            }
            if (best == null || value > bestZ || (value == bestZ && colexLess(set, best))) {
                best = set;
                bestZ = value;
            }
        }
        return best;
    }

    private static boolean colexLess(int[] a, int[] b) {
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] != b[i]) {
                return a[i] < b[i];
            }
        }
        return false;
    }
}
