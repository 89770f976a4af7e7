package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.model.Allocation;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;

/**
 * The P000 experiment definition. Every check here holds for any seed and would fail for a real bug: the
 * aggregation against the schedules recomputed one by one, the schedules against the invariants of conservative
 * backfilling, the criteria's planned runtimes, the arrival generator against its definition, and the paper's
 * numbers against the paper's own text.
 */
class P000ExperimentTest {
    private static final P000Experiment.Config SMALL =
            new P000Experiment.Config(false, 6, 11, List.of(20, 40), 32, 10_000, true);
    private static final P000Experiment.Config ARRIVALS =
            new P000Experiment.Config(true, 6, 11, List.of(20, 40), 32, 10_000, true);

    @Test
    void theNumbersDoNotDependOnTheThreadCount() {
        List<P000Experiment.Row> one = P000Experiment.run(SMALL, 1, x -> {});
        List<P000Experiment.Row> two = P000Experiment.run(SMALL, 2, x -> {});
        List<P000Experiment.Row> three = P000Experiment.run(SMALL, 3, x -> {});
        assertThat(two).isEqualTo(one);
        assertThat(three).isEqualTo(one);
    }

    /** Each row is the mean over its runs of the schedules made one by one from the generated instances. */
    @Test
    void rowsAreTheMeansOfTheScheduleOfEveryInstance() {
        List<P000Experiment.Row> rows = P000Experiment.run(SMALL, 2, x -> {});
        assertThat(rows).hasSize(SMALL.queueLengths().size() * P000Experiment.CRITERIA.size());
        int k = 0;
        for (int q : SMALL.queueLengths()) {
            for (String criterion : P000Experiment.CRITERIA) {
                double finish = 0;
                double cost = 0;
                for (int run = 0; run < SMALL.runs(); run++) {
                    WindowBackfilling.Schedule s =
                            P000Experiment.schedule(SMALL, P000Experiment.generate(SMALL, q, run), criterion);
                    finish += s.meanFinish();
                    cost += s.meanCost();
                }
                P000Experiment.Row row = rows.get(k++);
                assertThat(row.queueLength()).isEqualTo(q);
                assertThat(row.algorithm()).isEqualTo(criterion);
                assertThat(row.runs()).isEqualTo(SMALL.runs());
                assertThat(row.meanFinish()).as("%d %s", q, criterion).isCloseTo(finish / SMALL.runs(), within(1e-9));
                assertThat(row.meanCost()).as("%d %s", q, criterion).isCloseTo(cost / SMALL.runs(), within(1e-9));
            }
        }
    }

    /** Instance r of queue length q comes from its own streams: the other queue lengths do not change it. */
    @Test
    void aCellDoesNotDependOnTheOtherCells() {
        P000Experiment.Config only40 = new P000Experiment.Config(false, 6, 11, List.of(40), 32, 10_000, true);
        List<P000Experiment.Row> both = P000Experiment.run(SMALL, 2, x -> {});
        assertThat(P000Experiment.run(only40, 2, x -> {})).isEqualTo(both.subList(5, 10));
    }

    /**
     * On every instance and criterion: every job is placed in a window of n distinct nodes that the domain
     * accepts on top of the earlier ones (no node double-booked), never before its arrival, each task running the
     * criterion's planned volume (BFshort 0.99 V, the others V) at the window's slowest node (COMMON geometry).
     */
    @Test
    void everyScheduleIsFeasibleAndRunsTheCriterionsVolume() {
        for (P000Experiment.Config c : List.of(SMALL, ARRIVALS)) {
            for (int run = 0; run < 3; run++) {
                P000Experiment.Instance instance = P000Experiment.generate(c, 40, run);
                for (String criterion : P000Experiment.CRITERIA) {
                    double factor = criterion.equals("bf-short") ? 0.99 : 1.0;
                    WindowBackfilling.Schedule s = P000Experiment.schedule(c, instance, criterion);
                    ResourceDomain replay = instance.domain().copy();
                    for (WindowBackfilling.Placement p : s.placements()) {
                        String where = c.name() + " run " + run + " " + criterion + " job " + p.job();
                        ResourceRequest r = instance.queue().get(p.job());
                        assertThat(p.scheduled()).as(where).isTrue();
                        Window w = p.window();
                        Set<Integer> nodes = new HashSet<>();
                        double minP = Double.POSITIVE_INFINITY;
                        for (Allocation a : w.allocations()) {
                            nodes.add(a.node().index());
                            minP = Math.min(minP, a.node().performance());
                        }
                        assertThat(nodes).as(where).hasSize(r.nodes());
                        assertThat(w.start()).as(where).isGreaterThanOrEqualTo(r.arrival());
                        for (Allocation a : w.allocations()) {
                            assertThat(a.length()).as(where).isCloseTo(factor * r.volume() / minP, within(1e-9));
                        }
                    }
                    // in placement order (arrival order in Table 3) every window fits what is left
                    for (int j : placementOrder(c, instance.queue())) {
                        replay.commit(s.placements().get(j).window());
                    }
                }
            }
        }
    }

    /** Table 3's arrivals are uniform on [0, M/2], M the instance's static BFfinish makespan, drawn per job. */
    @Test
    void arrivalsLieWithinHalfTheStaticBfFinishMakespan() {
        int late = 0;
        int total = 0;
        for (int run = 0; run < 4; run++) {
            P000Experiment.Instance withArrivals = P000Experiment.generate(ARRIVALS, 40, run);
            P000Experiment.Instance without = P000Experiment.generate(SMALL, 40, run);
            double makespan =
                    P000Experiment.schedule(SMALL, without, "bf-finish").makespan();
            for (int j = 0; j < 40; j++) {
                ResourceRequest a = withArrivals.queue().get(j);
                ResourceRequest b = without.queue().get(j);
                assertThat(a.withArrival(0)).as("job %d is the same job", j).isEqualTo(b);
                assertThat(a.arrival()).isBetween(0.0, makespan / 2);
                late += a.arrival() > makespan / 4 ? 1 : 0;
                total++;
            }
        }
        // uniform on [0, M/2]: about half lie in the upper half; far fewer means the range is wrong
        assertThat(late).isBetween(total / 4, 3 * total / 4);
    }

    /**
     * The paper's Tables 2 and 3 as transcribed in {@link P000Experiment#paper} equal the tables in the paper's
     * own text (../shared/seeds, system property {@code metasched.seeds}; skipped visibly without it).
     */
    @Test
    void paperValuesMatchThePaperText() throws IOException {
        String dir = System.getProperty("metasched.seeds");
        assumeTrue(dir != null, "system property metasched.seeds is not set: paper text check skipped");
        Path text = Path.of(dir, "000_6f4ab7a865e627d0.txt");
        assumeTrue(Files.isRegularFile(text), text + " is absent: paper text check skipped");
        List<String> lines = Files.readAllLines(text, StandardCharsets.UTF_8);
        int checked = 0;
        for (boolean arrivals : new boolean[] {false, true}) {
            String caption = arrivals ? "Table 3:" : "Table 2:";
            int at = 0;
            while (!lines.get(at).startsWith(caption)) {
                at++;
            }
            while (!lines.get(at).startsWith("Jobs N_Q")) {
                at++;
            }
            for (int q : P000Experiment.QUEUE_LENGTHS) {
                String[] cells = lines.get(++at).split("\t", -1);
                assertThat(Integer.parseInt(cells[0])).isEqualTo(q);
                for (int a = 0; a < P000Experiment.CRITERIA.size(); a++) {
                    double paper = Double.parseDouble(cells[a + 1].replace(',', '.'));
                    assertThat(P000Experiment.paper(arrivals, q, P000Experiment.CRITERIA.get(a)))
                            .as("%s N_Q=%d %s", caption, q, P000Experiment.CRITERIA.get(a))
                            .isEqualTo(paper);
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(40);
        assertThat(P000Experiment.paper(false, 70, "cop")).isNaN();
        assertThat(P000Experiment.paper(false, 50, "l-sum")).isNaN();
    }

    private static List<Integer> placementOrder(P000Experiment.Config c, List<ResourceRequest> queue) {
        List<Integer> order = new ArrayList<>();
        for (int j = 0; j < queue.size(); j++) {
            order.add(j);
        }
        if (c.arrivals()) {
            order.sort((x, y) -> {
                int cmp = Double.compare(queue.get(x).arrival(), queue.get(y).arrival());
                return cmp != 0 ? cmp : Integer.compare(x, y);
            });
        }
        return order;
    }
}
