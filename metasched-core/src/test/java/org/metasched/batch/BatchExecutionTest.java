package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;

/** Spec 3.8: execution with real runtimes, by hand and as invariants on random cycles. */
class BatchExecutionTest {
    private static final BatchScheduler.Settings BACKFILL = new BatchScheduler.Settings(
            BatchScheduler.Scheme.BACKFILL, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 1, 0, 1);

    @Test
    void anEarlyEndPullsTheNextJobForward() {
        // one node of performance 1, free over [0, 100]: A holds [0, 10), B waits for [10, 20)
        SlotList free = SlotList.of(List.of(new Slot(new Node(0, "n0", 1, 1), 0, 100)));
        List<BatchJob> jobs = List.of(
                new BatchJob("A", new ResourceRequest(1, 10, 0, 100, 0), BatchJob.Criterion.START),
                new BatchJob("B", new ResourceRequest(1, 10, 0, 100, 0), BatchJob.Criterion.START));
        List<Window> plan =
                BatchScheduler.schedule(jobs, free, Geometry.ROUGH, BACKFILL).windows();
        assertThat(plan.get(1).start()).isEqualTo(10);

        List<BatchExecution.Executed> ex =
                BatchExecution.backfill(jobs, free, plan, new double[] {0.5, 0.8}, Geometry.ROUGH);

        assertThat(ex.get(0).realStart()).isZero();
        assertThat(ex.get(0).realProcessorTime()).isEqualTo(5);
        assertThat(ex.get(1).scheduledStart()).isEqualTo(10);
        assertThat(ex.get(1).realStart()).isEqualTo(5); // A ended at 5, B moved there
        assertThat(ex.get(1).scheduledProcessorTime()).isEqualTo(10);
        assertThat(ex.get(1).realProcessorTime()).isEqualTo(8);
    }

    @Test
    void cssAndTheSlicerKeepTheirSchedule() {
        SlotList free = SlotList.of(List.of(new Slot(new Node(0, "n0", 2, 2), 0, 100)));
        Window w = Window.of(Geometry.ROUGH, 20, 30, List.of(free.get(0)));
        List<BatchExecution.Executed> ex = BatchExecution.asScheduled(Arrays.asList(w, null), new double[] {0.25, 1});
        assertThat(ex.get(0).realStart()).isEqualTo(30).isEqualTo(ex.get(0).scheduledStart());
        assertThat(ex.get(0).realProcessorTime()).isEqualTo(0.25 * w.processorTime());
        assertThat(ex.get(1).placed()).isFalse();
    }

    /**
     * A reservation made on a node since slowed down (the service's case: it keeps its lengths) may have no window as
     * early on the node as it is now: on the current nodes that is a bug and throws; on changed nodes the job keeps
     * its reservation, and its time stays reserved.
     */
    @Test
    void aReservationMadeOnANodeSinceSlowedKeepsItsWindowOnChangedNodes() {
        Node then = new Node(0, "n0", 1, 1);
        Node now = new Node(0, "n0", 0.5, 1); // half as fast: a volume of 10 takes 20
        SlotList slots = SlotList.of(List.of(new Slot(now, 0, 100)));
        List<BatchJob> jobs = List.of(
                new BatchJob("A", new ResourceRequest(1, 10, 0, 100, 0), BatchJob.Criterion.START),
                new BatchJob("B", new ResourceRequest(1, 10, 0, 100, 0), BatchJob.Criterion.START),
                new BatchJob("C", new ResourceRequest(1, 5, 0, 100, 0), BatchJob.Criterion.START));
        Slot made = new Slot(then, 0, 100);
        for (BatchExecution.Reservations kind : BatchExecution.Reservations.values()) {
            BatchExecution.FreeTime free = new BatchExecution.FreeTime(List.of(now), slots);
            Window b = Window.of(Geometry.ROUGH, 10, 10, List.of(made)); // [10, 20)
            // A runs in [0, 10), C holds [20, 25): on the node as it is now, B fits only from 25 on
            Window[] reservations = {
                Window.of(Geometry.ROUGH, 10, 0, List.of(made)), b, Window.of(Geometry.ROUGH, 5, 20, List.of(made))
            };
            for (Window w : reservations) {
                free.reserve(w);
            }
            boolean[] waiting = {false, true, false};
            if (kind == BatchExecution.Reservations.ON_CURRENT_NODES) {
                assertThatThrownBy(() -> BatchExecution.compress(jobs, reservations, waiting, free, 0, Geometry.ROUGH))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessage("job B moved later while compressing");
                continue;
            }
            boolean[] moved = BatchExecution.compress(jobs, reservations, waiting, free, 0, Geometry.ROUGH, kind);
            assertThat(moved).containsExactly(false, false, false);
            assertThat(reservations[1]).isSameAs(b);
            assertThat(free.slotsFrom(0).asList()).containsExactly(new Slot(now, 25, 100));
        }
    }

    /**
     * On random P002 cycles: no job starts later than planned, what really runs lies in the free slots and never
     * overlaps, a job's real processor time is rho times its window's, and with rho = 1 nothing moves.
     */
    @Test
    void compressionInvariantsOnRandomCycles() {
        RandomStreams streams = new RandomStreams(31);
        for (int run = 0; run < 150; run++) {
            SlotList free = DomainGenerator.p002(12, 600)
                    .generate(streams.stream("nodes", run))
                    .slots();
            List<BatchJob> jobs = new BatchGenerator(12, 1, 4, 20, 120, 0, 0.6).generate(streams.stream("batch", run));
            List<Window> plan = BatchScheduler.schedule(jobs, free, Geometry.ROUGH, BACKFILL)
                    .windows();
            UniformRandomProvider r = streams.stream("rho", run);
            double[] rho = new double[jobs.size()];
            double[] ones = new double[jobs.size()];
            for (int j = 0; j < rho.length; j++) {
                rho[j] = 0.2 + 0.8 * r.nextDouble();
                ones[j] = 1;
            }
            List<BatchExecution.Executed> ex = BatchExecution.backfill(jobs, free, plan, rho, Geometry.ROUGH);
            List<BatchExecution.Executed> same = BatchExecution.backfill(jobs, free, plan, ones, Geometry.ROUGH);
            List<double[]> ran = new ArrayList<>(); // node, start, end of what really ran
            for (int j = 0; j < jobs.size(); j++) {
                BatchExecution.Executed e = ex.get(j);
                if (plan.get(j) == null) {
                    assertThat(e.placed()).isFalse();
                    continue;
                }
                assertThat(e.realStart()).isLessThanOrEqualTo(e.scheduledStart() + 1e-9);
                assertThat(same.get(j).realStart()).isEqualTo(plan.get(j).start());
                assertThat(same.get(j).realProcessorTime())
                        .isCloseTo(plan.get(j).processorTime(), within(1e-9));
                double cpu = 0;
                for (Allocation a : e.window().allocations()) {
                    double end = a.start() + rho[j] * a.length();
                    cpu += end - a.start();
                    ran.add(new double[] {a.node().index(), a.start(), end});
                    assertThat(free.containing(a.node().index(), a.start(), end))
                            .as("run %d job %d runs in free time", run, j)
                            .isNotNull();
                }
                assertThat(e.realProcessorTime()).isCloseTo(cpu, within(1e-6));
            }
            for (int a = 0; a < ran.size(); a++) {
                for (int b = a + 1; b < ran.size(); b++) {
                    double[] x = ran.get(a);
                    double[] y = ran.get(b);
                    boolean overlap = x[0] == y[0] && x[1] < y[2] - 1e-9 && y[1] < x[2] - 1e-9;
                    assertThat(overlap)
                            .as("run %d: tasks overlap on node %s", run, x[0])
                            .isFalse();
                }
            }
        }
    }

    /**
     * A cycle on an epoch-microsecond origin (every time + 1.7e15, where a tolerance on the magnitude is 17 units)
     * executes as at origin 0, shifted exactly: a task that ends 2 units early frees the rest of its reservation, a
     * 1-unit piece left beside a reservation stays free, and the jobs behind move as far forward.
     */
    @Test
    void theExecutionOnAnEpochMicrosecondOriginIsTheExecutionShifted() {
        double shift = 1.7e15;
        List<BatchExecution.Executed> atZero = executeFrom(0);
        List<BatchExecution.Executed> atEpoch = executeFrom(shift);
        assertThat(atEpoch).hasSameSizeAs(atZero);
        int moved = 0;
        for (int j = 0; j < atZero.size(); j++) {
            BatchExecution.Executed a = atZero.get(j);
            BatchExecution.Executed b = atEpoch.get(j);
            assertThat(b.placed()).isEqualTo(a.placed());
            if (!a.placed()) {
                continue;
            }
            moved += a.realStart() < a.scheduledStart() ? 1 : 0;
            assertThat(b.scheduledStart()).as("job %d planned", j).isEqualTo(a.scheduledStart() + shift);
            assertThat(b.realStart()).as("job %d ran", j).isEqualTo(a.realStart() + shift);
            assertThat(b.realProcessorTime()).isEqualTo(a.realProcessorTime());
            assertThat(b.window().size()).isEqualTo(a.window().size());
            for (int i = 0; i < a.window().size(); i++) {
                Allocation x = a.window().allocations().get(i);
                Allocation y = b.window().allocations().get(i);
                assertThat(y.node().index()).isEqualTo(x.node().index());
                assertThat(y.start()).isEqualTo(x.start() + shift);
                assertThat(y.end()).isEqualTo(x.end() + shift);
            }
        }
        assertThat(moved).as("jobs moved forward by early ends").isGreaterThanOrEqualTo(2);

        // the free time itself: a reservation that leaves 1 unit of its slot keeps that unit free
        for (double origin : new double[] {0, shift}) {
            Node n = new Node(0, "n0", 1, 1);
            SlotList slots = SlotList.of(List.of(new Slot(n, origin, origin + 10)));
            BatchExecution.FreeTime free = new BatchExecution.FreeTime(List.of(n), slots);
            free.reserve(Window.of(Geometry.ROUGH, 9, origin, List.of(slots.get(0))));
            assertThat(free.slotsFrom(origin).asList())
                    .as("origin %s", origin)
                    .containsExactly(new Slot(n, origin + 9, origin + 10));
            free.release(0, origin + 4, origin + 9); // touches the free unit: one interval
            assertThat(free.slotsFrom(origin).asList()).containsExactly(new Slot(n, origin + 4, origin + 10));
        }
    }

    /**
     * Backfilling of five jobs on three nodes of performance 1 free from {@code origin} on (integral times, and rho
     * in quarters, so that every time is exact at 1.7e15, whose unit in the last place is 0.25).
     */
    private static List<BatchExecution.Executed> executeFrom(double origin) {
        List<Slot> slots = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            slots.add(new Slot(new Node(n, "n" + n, 1, 1 + n), origin + 2 * n, origin + 200));
        }
        SlotList free = SlotList.of(slots);
        double[] volumes = {12, 20, 8, 16, 10};
        int[] sizes = {2, 1, 2, 3, 1};
        List<BatchJob> jobs = new ArrayList<>();
        for (int j = 0; j < volumes.length; j++) {
            jobs.add(new BatchJob(
                    "J" + j, new ResourceRequest(sizes[j], volumes[j], 0, 1000, origin), BatchJob.Criterion.START));
        }
        List<Window> plan =
                BatchScheduler.schedule(jobs, free, Geometry.ROUGH, BACKFILL).windows();
        return BatchExecution.backfill(jobs, free, plan, new double[] {0.75, 0.5, 0.25, 1, 0.75}, Geometry.ROUGH);
    }
}
