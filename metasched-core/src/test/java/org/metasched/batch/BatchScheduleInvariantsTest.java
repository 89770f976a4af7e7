package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;

/**
 * The schedules of every scheme (spec 3.4-3.7) on random P002 cycles, checked from the outside: every chosen window
 * is n allocations on distinct nodes that start together, each lying in free time of the cycle's slots with the
 * length the job's volume needs on that node, and costing what its allocations cost, within the job's budget; no two
 * chosen windows share node time; sub-batches are contiguous, larger first, in batch order (the slicer and the
 * slicer part of BSF), and BSF's remaining jobs come after them; the objective is the sum of the chosen efficiencies
 * and, for the DP schemes, the chosen expenses stay within the sum of the sub-batch limits.
 */
class BatchScheduleInvariantsTest {
    private static final double EPS = 1e-9;

    @ParameterizedTest(name = "{0} K={1} nCSS={2} {3} {4}")
    @CsvSource({
        "slicer, 1, 0, min-time, processor-time",
        "slicer, 3, 0, min-time, runtime",
        "slicer, 5, 0, max-cost, processor-time",
        "slicer, 12, 0, min-cost, processor-time",
        "slicer, 4, 0, max-time, runtime",
        "bsf, 1, 6, min-time, processor-time",
        "bsf, 3, 6, min-cost, runtime",
        "bsf, 2, 11, max-cost, processor-time",
        "bsf, 4, 4, max-time, processor-time",
        "bsf, 1, 0, min-time, processor-time",
        "bsf, 3, 12, min-time, processor-time",
        "css, 1, 0, min-time, processor-time",
        "css, 1, 0, max-cost, runtime",
        "backfill, 1, 0, min-time, processor-time"
    })
    void everySchemesScheduleIsFeasibleDisjointAndSliced(
            BatchScheduler.Scheme scheme, int subBatches, int cssJobs, CssProblem problem, CssProblem.Time time) {
        RandomStreams streams = new RandomStreams(2024);
        BatchScheduler.Settings settings = new BatchScheduler.Settings(scheme, problem, time, subBatches, cssJobs, 1);
        int chosenWindows = 0;
        for (int run = 0; run < 30; run++) {
            SlotList free = DomainGenerator.p002(12, 600)
                    .generate(streams.stream("nodes", run))
                    .slots();
            List<BatchJob> jobs = new BatchGenerator(12, 1, 4, 20, 120, 0, 0.6).generate(streams.stream("batch", run));
            BatchScheduler.Result r = BatchScheduler.schedule(jobs, free, Geometry.ROUGH, settings);
            String where = scheme + " run " + run;
            assertThat(r.jobs()).hasSize(jobs.size());

            List<Allocation> taken = new ArrayList<>();
            double efficiency = 0;
            double expense = 0;
            for (int j = 0; j < jobs.size(); j++) {
                BatchScheduler.JobResult jr = r.jobs().get(j);
                assertThat(jr.job()).isSameAs(jobs.get(j));
                Window w = jr.window();
                if (w == null) {
                    assertThat(jr.chosen()).isEqualTo(-1);
                    continue;
                }
                chosenWindows++;
                checkWindow(where + " job " + j, w, jobs.get(j), free);
                taken.addAll(w.allocations());
                efficiency += BatchScheduler.value(w, problem.efficiencyIsTime(), time);
                expense += BatchScheduler.value(w, problem.expenseIsTime(), time);
            }
            assertDisjoint(where, taken);
            assertThat(r.objective()).as(where + ": objective").isCloseTo(efficiency, within(1e-6 * (1 + efficiency)));
            if (scheme != BatchScheduler.Scheme.BACKFILL && !Double.isNaN(r.limit())) {
                boolean backfilledPart = scheme == BatchScheduler.Scheme.BSF && cssJobs < jobs.size();
                if (!backfilledPart) {
                    assertThat(expense)
                            .as(where + ": expense within the limits")
                            .isLessThanOrEqualTo(r.limit() + 1e-6);
                }
            }
            checkSubBatches(where, r, scheme, subBatches, cssJobs);
        }
        assertThat(chosenWindows).as("the cycles place jobs at all").isGreaterThan(30);
    }

    /**
     * n allocations on distinct nodes, a common start, in free time, of the job's length, the right cost, in budget.
     */
    private static void checkWindow(String where, Window w, BatchJob job, SlotList free) {
        assertThat(w.allocations())
                .as(where + ": n allocations")
                .hasSize(job.request().nodes());
        Set<Integer> nodes = new HashSet<>();
        double cost = 0;
        double proc = 0;
        double runtime = 0;
        for (Allocation a : w.allocations()) {
            assertThat(nodes.add(a.node().index()))
                    .as(where + ": distinct nodes")
                    .isTrue();
            assertThat(a.start()).as(where + ": common start").isCloseTo(w.start(), within(EPS));
            assertThat(a.length())
                    .as(where + ": the job's volume on that node")
                    .isCloseTo(job.request().volume() / a.node().performance(), within(1e-9 * (1 + a.length())));
            assertThat(free.containing(a.node().index(), a.start(), a.end()))
                    .as(where + ": in free time of node " + a.node().id())
                    .isNotNull();
            cost += a.length() * a.node().unitPrice();
            proc += a.length();
            runtime = Math.max(runtime, a.length());
        }
        assertThat(w.cost()).as(where + ": cost").isCloseTo(cost, within(1e-9 * (1 + cost)));
        assertThat(w.processorTime()).as(where + ": processor time").isCloseTo(proc, within(1e-9 * (1 + proc)));
        assertThat(w.runtime()).as(where + ": runtime").isCloseTo(runtime, within(EPS));
        assertThat(w.cost())
                .as(where + ": within budget")
                .isLessThanOrEqualTo(job.request().budget() + 1e-9);
    }

    private static void assertDisjoint(String where, List<Allocation> taken) {
        for (int a = 0; a < taken.size(); a++) {
            for (int b = a + 1; b < taken.size(); b++) {
                Allocation x = taken.get(a);
                Allocation y = taken.get(b);
                boolean overlap =
                        x.node().index() == y.node().index() && x.start() < y.end() - EPS && y.start() < x.end() - EPS;
                assertThat(overlap)
                        .as(
                                "%s: %s and %s overlap on node %s",
                                where, x, y, x.node().id())
                        .isFalse();
            }
        }
    }

    /**
     * Sub-batch numbers: 1 for CSS and backfilling; for the slicer K contiguous parts in batch order, sizes
     * differing by at most one, larger first; for BSF the slicer's parts over the first n_CSS jobs, then one more
     * number for the backfilled rest.
     */
    private static void checkSubBatches(
            String where, BatchScheduler.Result r, BatchScheduler.Scheme scheme, int k, int cssJobs) {
        int n = r.jobs().size();
        int[] sub = new int[n];
        for (int j = 0; j < n; j++) {
            sub[j] = r.jobs().get(j).subBatch();
        }
        if (scheme == BatchScheduler.Scheme.SLICER) {
            checkSlices(where, sub, 0, n, Math.min(k, n));
        } else if (scheme == BatchScheduler.Scheme.BSF) {
            int parts = Math.min(k, cssJobs);
            if (cssJobs > 0) {
                checkSlices(where, sub, 0, cssJobs, parts);
            }
            for (int j = cssJobs; j < n; j++) {
                assertThat(sub[j]).as(where + ": backfilled job " + j).isEqualTo(cssJobs > 0 ? parts + 1 : 1);
            }
        } else {
            for (int s : sub) {
                assertThat(s).as(where).isEqualTo(1); // css and backfill: one batch
            }
        }
    }

    private static void checkSlices(String where, int[] sub, int from, int to, int parts) {
        int[] sizes = new int[parts + 1];
        int previous = 1;
        for (int j = from; j < to; j++) {
            assertThat(sub[j]).as(where + ": sub-batch of job " + j).isBetween(previous, parts);
            assertThat(sub[j] - previous).as(where + ": contiguous").isLessThanOrEqualTo(1);
            previous = sub[j];
            sizes[sub[j]]++;
        }
        for (int b = 1; b <= parts; b++) {
            assertThat(sizes[b])
                    .as(where + ": sub-batch " + b + " is not empty")
                    .isPositive();
            if (b > 1) {
                assertThat(sizes[b]).as(where + ": larger sub-batches first").isLessThanOrEqualTo(sizes[b - 1]);
                assertThat(sizes[1] - sizes[b])
                        .as(where + ": sizes differ by at most one")
                        .isLessThanOrEqualTo(1);
            }
        }
    }
}
