package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;

/** Spec oracles T9 (CSS-1) and T10 (ALT-1, CSS-2), and the combination DP against exhaustive search. */
class BatchOraclesTest {
    /** The six slots of spec 3.3. */
    static SlotList slots33() {
        double[][] s = {
            {2, 2.0, 0, 40}, {4, 5.0, 5, 30}, {3, 2.5, 10, 50}, {6, 7.0, 12, 40}, {5, 4.0, 20, 45}, {4, 3.6, 25, 60}
        };
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < s.length; i++) {
            out.add(new Slot(new Node(i, "s" + (i + 1), s[i][0], s[i][1]), s[i][2], s[i][3]));
        }
        return SlotList.of(out);
    }

    static BatchJob job(String id, int n, double volume, double budget) {
        return new BatchJob(id, new ResourceRequest(n, volume, 0, budget, 0), BatchJob.Criterion.COST);
    }

    @Test
    void alt1RoundRobinAlternativesWithAmp() {
        List<BatchJob> jobs = List.of(job("JA", 2, 60, 200), job("JB", 2, 60, 150));
        List<List<Window>> alt = AlternativesSearch.search(
                jobs, slots33(), j -> WindowSearches.create("amp"), Geometry.ROUGH, Integer.MAX_VALUE);
        assertThat(alt.get(0)).hasSize(2);
        assertThat(alt.get(1)).hasSize(1);
        Window a1 = alt.get(0).get(0);
        assertThat(a1.start()).isEqualTo(5);
        assertThat(a1.cost()).isEqualTo(135);
        assertThat(a1.runtime()).isEqualTo(30);
        assertThat(a1.processorTime()).isEqualTo(45);
        Window b1 = alt.get(1).get(0);
        assertThat(b1.start()).isEqualTo(12);
        assertThat(b1.cost()).isEqualTo(120);
        assertThat(b1.processorTime()).isEqualTo(30);
        Window a2 = alt.get(0).get(1);
        assertThat(a2.start()).isEqualTo(22);
        assertThat(a2.cost()).isEqualTo(118);
        assertThat(a2.runtime()).isEqualTo(12);
        assertThat(a2.processorTime()).isEqualTo(22);
    }

    /**
     * A job's maxPrice limits every window found for it: ALT-1 with JA capped at 4.0 per time unit finds its
     * alternatives among s1, s3, s5 and s6 only, exactly those of the same search on the slots priced at most 4.0,
     * while JB (no cap) still uses s2 and s4.
     */
    @Test
    void aJobsMaxPriceLimitsItsAlternatives() {
        BatchJob capped = new BatchJob("JA", new ResourceRequest(2, 60, 0, 200, 0, 4.0), BatchJob.Criterion.COST);
        List<BatchJob> jobs = List.of(capped, job("JB", 2, 60, 150));
        List<List<Window>> alt = AlternativesSearch.search(
                jobs, slots33(), j -> WindowSearches.create("amp"), Geometry.ROUGH, Integer.MAX_VALUE);
        assertThat(alt.get(0)).isNotEmpty();
        for (Window w : alt.get(0)) {
            w.allocations().forEach(a -> assertThat(a.node().unitPrice()).isLessThanOrEqualTo(4.0));
        }
        List<Slot> cheap = new ArrayList<>();
        for (Slot sl : slots33().asList()) {
            if (sl.node().unitPrice() <= 4.0) {
                cheap.add(sl);
            }
        }
        Window first = WindowSearches.create("amp")
                .find(SlotList.of(cheap), capped.request(), Geometry.ROUGH, 1)
                .orElseThrow();
        assertThat(alt.get(0).get(0).start()).isEqualTo(first.start());
        assertThat(alt.get(0).get(0).cost()).isEqualTo(first.cost());
        assertThat(alt.get(1).get(0).allocations().stream()
                        .anyMatch(a -> a.node().unitPrice() > 4.0))
                .isTrue();
        // uncapped, JA's first window uses s2 (price 5): the cap changed the answer
        assertThat(AlternativesSearch.search(
                                List.of(job("JA", 2, 60, 200)),
                                slots33(),
                                j -> WindowSearches.create("amp"),
                                Geometry.ROUGH,
                                1)
                        .get(0)
                        .get(0)
                        .allocations()
                        .stream()
                        .anyMatch(a -> a.node().unitPrice() > 4.0))
                .isTrue();
    }

    @Test
    void css2MinTimeWithinTheMeanCostLimit() {
        List<BatchJob> jobs = List.of(job("JA", 2, 60, 200), job("JB", 2, 60, 150));
        BatchScheduler.Result r = BatchScheduler.schedule(
                jobs,
                slots33(),
                Geometry.ROUGH,
                new BatchScheduler.Settings(
                        BatchScheduler.Scheme.CSS, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 1, 0, 1));
        assertThat(r.feasible()).isTrue();
        assertThat(r.limit()).isEqualTo(247);
        assertThat(r.objective()).isEqualTo(52);
        assertThat(r.jobs().get(0).chosen()).isEqualTo(1); // A2
        assertThat(r.jobs().get(1).chosen()).isZero(); // B1
    }

    /** CSS-1: alternatives (t, c) of three jobs. */
    static final double[][][] CSS1 = {
        {{10, 30}, {6, 50}, {4, 70}},
        {{8, 20}, {5, 40}},
        {{12, 25}, {7, 45}, {9, 35}}
    };

    static List<double[]> column(double[][][] alt, int c) {
        List<double[]> out = new ArrayList<>();
        for (double[][] job : alt) {
            double[] v = new double[job.length];
            for (int s = 0; s < v.length; s++) {
                v[s] = job[s][c];
            }
            out.add(v);
        }
        return out;
    }

    @Test
    void css1TheFourProblems() {
        List<double[]> t = column(CSS1, 0);
        List<double[]> c = column(CSS1, 1);
        assertThat(CssDynamicProgramme.limit(c)).isEqualTo(115);
        assertThat(CssDynamicProgramme.limit(t)).isEqualTo(24);
        CssDynamicProgramme.Choice p7 = CssDynamicProgramme.solve(t, c, 115, false, 1);
        assertThat(p7.objective()).isEqualTo(21);
        assertThat(p7.chosen()).containsExactly(1, 0, 1);
        CssDynamicProgramme.Choice p6 = CssDynamicProgramme.solve(c, t, 24, true, 1);
        assertThat(p6.objective()).isEqualTo(155);
        assertThat(p6.chosen()).containsExactly(2, 1, 1);
        CssDynamicProgramme.Choice p8 = CssDynamicProgramme.solve(c, t, 24, false, 1);
        assertThat(p8.objective()).isEqualTo(105);
        assertThat(p8.chosen()).containsExactly(0, 1, 2);
        CssDynamicProgramme.Choice p9 = CssDynamicProgramme.solve(t, t, 24, true, 1);
        assertThat(p9.objective()).isEqualTo(24);
        assertThat(p9.chosen()).containsExactly(0, 1, 2);
    }

    /** The lexicographically first optimal combination by exhaustive search, or null. */
    static int[] bruteForce(List<double[]> f, List<double[]> g, double limit, boolean max) {
        int k = f.size();
        int[] idx = new int[k];
        int[] best = null;
        double bestValue = 0;
        while (true) {
            double fv = 0;
            double gv = 0;
            for (int i = 0; i < k; i++) {
                fv += f.get(i)[idx[i]];
                gv += g.get(i)[idx[i]];
            }
            if (gv <= limit && (best == null || (max ? fv > bestValue : fv < bestValue))) {
                best = idx.clone();
                bestValue = fv;
            }
            int i = k - 1;
            while (i >= 0 && ++idx[i] == f.get(i).length) {
                idx[i] = 0;
                i--;
            }
            if (i < 0) {
                return best;
            }
        }
    }

    @Test
    void theDpEqualsExhaustiveSearchOnRandomBatchesForAllFourProblems() {
        SplittableRandom r = new SplittableRandom(2002);
        int feasible = 0;
        for (int run = 0; run < 1000; run++) {
            int k = 1 + r.nextInt(5);
            List<double[]> t = new ArrayList<>();
            List<double[]> c = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                int m = 1 + r.nextInt(4);
                double[] ti = new double[m];
                double[] ci = new double[m];
                for (int s = 0; s < m; s++) {
                    ti[s] = 1 + r.nextInt(30);
                    ci[s] = 1 + r.nextInt(100);
                }
                t.add(ti);
                c.add(ci);
            }
            for (int variant = 0; variant < 2 * CssProblem.REGISTRY.entries().size(); variant++) {
                CssProblem p = CssProblem.REGISTRY
                        .entries()
                        .get(variant % CssProblem.REGISTRY.entries().size());
                List<double[]> f = p.efficiencyIsTime() ? t : c;
                List<double[]> g = p.expenseIsTime() ? t : c;
                // D9's limit (less up to 2), then any limit from 20 below to 40 above it
                double limit = CssDynamicProgramme.limit(g)
                        + (variant < CssProblem.REGISTRY.entries().size() ? -r.nextInt(3) : r.nextInt(61) - 20);
                CssDynamicProgramme.Choice dp = CssDynamicProgramme.solve(f, g, limit, p.maximize(), 1);
                int[] bf = bruteForce(f, g, limit, p.maximize());
                assertThat(dp.feasible()).as("run %d %s", run, p).isEqualTo(bf != null);
                if (bf != null) {
                    feasible++;
                    double bfValue = 0;
                    double used = 0;
                    for (int i = 0; i < k; i++) {
                        bfValue += f.get(i)[bf[i]];
                        used += g.get(i)[dp.chosen()[i]];
                    }
                    assertThat(dp.objective()).as("run %d %s", run, p).isEqualTo(bfValue);
                    assertThat(used).isLessThanOrEqualTo(limit);
                    assertThat(dp.chosen())
                            .as("run %d %s: first optimum", run, p)
                            .containsExactly(bf);
                }
            }
        }
        assertThat(feasible).isGreaterThan(2000); // most cases have a combination: the comparison is not vacuous
    }

    private static final double[] QUANTA = {CssDynamicProgramme.DATA_QUANTUM, 0.01, 0.05, 0.25, 1, 2.5};

    /**
     * Expenses with two decimals (issue 22): at the data's quantum and at 0.01 the DP is exact; at coarser quanta it
     * either proves its choice optimal (the relaxed DP), repairs it, or says it is not exact. Whenever it says exact,
     * its objective equals exhaustive search over the real expenses (compared in whole cents); every choice fits the
     * real limit. 1 000 random batches x the four problems x six quanta.
     */
    @Test
    void withTwoDecimalExpensesTheDpIsExactOrSaysItIsNot() {
        SplittableRandom r = new SplittableRandom(2222);
        int[] exactAt = new int[QUANTA.length];
        int[] inexactAt = new int[QUANTA.length];
        for (int run = 0; run < 1000; run++) {
            int k = 1 + r.nextInt(5);
            List<double[]> t = new ArrayList<>();
            List<double[]> c = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                int m = 1 + r.nextInt(4);
                double[] ti = new double[m];
                double[] ci = new double[m];
                for (int s = 0; s < m; s++) {
                    ti[s] = r.nextInt(100, 3000) / 100.0;
                    ci[s] = r.nextInt(100, 10_000) / 100.0;
                }
                t.add(ti);
                c.add(ci);
            }
            for (CssProblem p : CssProblem.REGISTRY.entries()) {
                List<double[]> f = p.efficiencyIsTime() ? t : c;
                List<double[]> g = p.expenseIsTime() ? t : c;
                // a limit in cents, around D9's
                double limit =
                        Math.round((CssDynamicProgramme.limit(g) + r.nextInt(-2000, 1000) / 100.0) * 100) / 100.0;
                int[] bf = bruteForceCents(f, g, limit, p.maximize());
                for (int qi = 0; qi < QUANTA.length; qi++) {
                    CssDynamicProgramme.Choice dp =
                            CssDynamicProgramme.solve(f, g, limit, p.maximize(), QUANTA[qi], true);
                    String where = "run " + run + " " + p + " quantum " + QUANTA[qi] + " limit " + limit;
                    if (dp.feasible()) {
                        long used = 0;
                        for (int i = 0; i < k; i++) {
                            used += Math.round(g.get(i)[dp.chosen()[i]] * 100);
                        }
                        assertThat(used).as(where + " within the limit").isLessThanOrEqualTo(Math.round(limit * 100));
                    }
                    if (!dp.exact()) {
                        inexactAt[qi]++;
                        continue;
                    }
                    exactAt[qi]++;
                    assertThat(dp.feasible()).as(where).isEqualTo(bf != null);
                    if (bf != null) {
                        assertThat(Math.round(dp.objective() * 100)).as(where).isEqualTo(Math.round(sum(f, bf) * 100));
                    }
                }
            }
        }
        assertThat(inexactAt[0]).as("the data's quantum").isZero();
        assertThat(inexactAt[1]).as("0.01").isZero();
        assertThat(inexactAt[4])
                .as("whole units must lose some optima the check cannot repair")
                .isPositive();
        assertThat(exactAt[5])
                .as("the relaxed DP proves or repairs most choices")
                .isGreaterThan(2000);
    }

    /**
     * The same through whole cycles: random domains with prices in cents and budgets with two decimals, CSS by the
     * scheduler at each quantum; its choice against exhaustive search over the alternatives it found.
     */
    @Test
    void cssCyclesWithCentPricesEqualExhaustiveSearchWhenExact() {
        SplittableRandom r = new SplittableRandom(2223);
        int compared = 0;
        for (int run = 0; run < 150; run++) {
            List<Slot> slots = new ArrayList<>();
            int nodes = 4 + r.nextInt(6);
            for (int i = 0; i < nodes; i++) {
                Node node = new Node(i, "n" + i, 1 + r.nextInt(6), r.nextInt(100, 900) / 100.0);
                double a = r.nextInt(0, 20);
                slots.add(new Slot(node, a, a + 40 + r.nextInt(60)));
            }
            List<BatchJob> jobs = new ArrayList<>();
            for (int j = 0; j < 1 + r.nextInt(4); j++) {
                int n = 1 + r.nextInt(2);
                double v = 10 + r.nextInt(30);
                jobs.add(job("J" + j, n, v, r.nextInt(n * (int) v * 100, n * (int) v * 900) / 100.0));
            }
            for (CssProblem p : CssProblem.REGISTRY.entries()) {
                for (double q : QUANTA) {
                    BatchScheduler.Result res = BatchScheduler.schedule(
                            jobs,
                            SlotList.of(slots),
                            Geometry.ROUGH,
                            new BatchScheduler.Settings(
                                    BatchScheduler.Scheme.CSS, p, CssProblem.Time.PROCESSOR_TIME, 1, 0, q, true));
                    if (Double.isNaN(res.limit())) {
                        continue; // some job has no alternative
                    }
                    List<double[]> f = new ArrayList<>();
                    List<double[]> g = new ArrayList<>();
                    for (BatchScheduler.JobResult jr : res.jobs()) {
                        f.add(values(jr.alternatives(), p.efficiencyIsTime()));
                        g.add(values(jr.alternatives(), p.expenseIsTime()));
                    }
                    int[] bf = bruteForce(f, g, res.limit() + 1e-9, p.maximize());
                    String where = "run " + run + " " + p + " quantum " + q;
                    if (res.exact()) {
                        compared++;
                        assertThat(res.feasible()).as(where).isEqualTo(bf != null);
                        if (bf != null) {
                            assertThat(res.objective()).as(where).isCloseTo(sum(f, bf), within(1e-9));
                        }
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(1000);
    }

    private static double[] values(List<Window> windows, boolean time) {
        return windows.stream()
                .mapToDouble(w -> time ? w.processorTime() : w.cost())
                .toArray();
    }

    private static double sum(List<double[]> f, int[] chosen) {
        double v = 0;
        for (int i = 0; i < chosen.length; i++) {
            v += f.get(i)[chosen[i]];
        }
        return v;
    }

    /** Exhaustive search with the expenses compared in whole cents, exactly. */
    static int[] bruteForceCents(List<double[]> f, List<double[]> g, double limit, boolean max) {
        int k = f.size();
        int[] idx = new int[k];
        int[] best = null;
        double bestValue = 0;
        long cap = Math.round(limit * 100);
        while (true) {
            double fv = 0;
            long gv = 0;
            for (int i = 0; i < k; i++) {
                fv += f.get(i)[idx[i]];
                gv += Math.round(g.get(i)[idx[i]] * 100);
            }
            if (gv <= cap && (best == null || (max ? fv > bestValue + 1e-9 : fv < bestValue - 1e-9))) {
                best = idx.clone();
                bestValue = fv;
            }
            int i = k - 1;
            while (i >= 0 && ++idx[i] == f.get(i).length) {
                idx[i] = 0;
                i--;
            }
            if (i < 0) {
                return best;
            }
        }
    }
}
