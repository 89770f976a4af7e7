package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.Workload;

/** The homogeneous machine model on the engine: event order per instant, decisions checked, processor ids. */
class MachineSimulationTest {
    @Test
    void completionsAreReportedBeforeArrivalsAndOnePassPerInstant() {
        Workload w = Workload.builder(2)
                .add(1, 0, 10, 10, 2)
                .add(2, 10, 5, 5, 2)
                .add(3, 10, 5, 5, 1)
                .build();
        List<String> log = new ArrayList<>();
        SchedulingPolicy recorder = new SchedulingPolicy() {
            @Override
            public void jobSubmitted(int job, long now) {
                log.add("submit " + job + "@" + now);
            }

            @Override
            public void jobEnded(int job, long now) {
                log.add("end " + job + "@" + now);
            }

            @Override
            public void decide(long now, Decisions d) {
                log.add("decide@" + now);
                if (now == 0) {
                    d.start(0);
                } else if (now == 10) {
                    d.start(1);
                } else if (now == 15) {
                    d.start(2);
                }
            }
        };
        List<String> states = new ArrayList<>();
        MachineSimulation sim = new MachineSimulation(
                        w,
                        recorder,
                        (now, busy, waiting, running, smallest) ->
                                states.add(now + ":" + busy + "/" + waiting + "/" + running + "/" + smallest))
                .run();
        assertThat(log)
                .containsExactly(
                        "submit 0@0",
                        "decide@0",
                        "end 0@10",
                        "submit 1@10",
                        "submit 2@10",
                        "decide@10",
                        "end 1@15",
                        "decide@15",
                        "end 2@20",
                        "decide@20");
        assertThat(states)
                .containsExactly(
                        "0:2/0/1/" + Integer.MAX_VALUE,
                        "10:2/1/1/1",
                        "15:1/0/1/" + Integer.MAX_VALUE,
                        "20:0/0/0/" + Integer.MAX_VALUE);
        assertThat(sim.allocatedProcessors(2)).isEqualTo("0");
        assertThat(sim.engine().handledEvents()).isEqualTo(6);
    }

    @Test
    void aWakeUpMakesAnInstantOfItsOwn() {
        Workload w = Workload.builder(1).add(1, 0, 10, 10, 1).build();
        List<Long> passes = new ArrayList<>();
        SchedulingPolicy late = new SchedulingPolicy() {
            @Override
            public void jobSubmitted(int job, long now) {}

            @Override
            public void jobEnded(int job, long now) {}

            @Override
            public void decide(long now, Decisions d) {
                passes.add(now);
                if (now == 0) {
                    d.wakeUpAt(7);
                    d.wakeUpAt(7); // asked twice: one instant
                } else if (now == 7) {
                    d.start(0);
                }
            }
        };
        MachineSimulation sim = new MachineSimulation(w, late, null).run();
        assertThat(passes).containsExactly(0L, 7L, 17L);
        assertThat(sim.startSeconds(0)).isEqualTo(7);
        assertThat(sim.endSeconds(0)).isEqualTo(17);
    }

    @Test
    void overCommitmentAndLeftBehindJobsFailFast() {
        Workload w =
                Workload.builder(2).add(1, 0, 10, 10, 2).add(2, 0, 10, 10, 1).build();
        SchedulingPolicy greedy = new SchedulingPolicy() {
            @Override
            public void jobSubmitted(int job, long now) {}

            @Override
            public void jobEnded(int job, long now) {}

            @Override
            public void decide(long now, Decisions d) {
                d.start(0);
                d.start(1);
            }
        };
        assertThatThrownBy(() -> new MachineSimulation(w, greedy, null).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("with only 0 free");
        SchedulingPolicy lazy = new SchedulingPolicy() {
            @Override
            public void jobSubmitted(int job, long now) {}

            @Override
            public void jobEnded(int job, long now) {}

            @Override
            public void decide(long now, Decisions d) {}
        };
        assertThatThrownBy(() -> new MachineSimulation(w, lazy, null).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2 jobs still wait");
    }

    @Test
    void twoMachinesRunSideBySide() {
        Workload w = Workload.builder(1).add(1, 0, 10, 10, 1).add(2, 0, 5, 5, 1).build();
        MachineSimulation a = new MachineSimulation(w, new Fcfs(w), null);
        MachineSimulation b = new MachineSimulation(w, new EasyBackfilling(w), null);
        a.engine().runUntil(0);
        b.run();
        a.run();
        assertThat(a.startSeconds(1)).isEqualTo(b.startSeconds(1)).isEqualTo(10);
    }

    @Test
    void processorsAreLowestFreeFirstAndKeptAsRanges() {
        ProcessorPool pool = new ProcessorPool(130);
        int a = pool.allocate(3); // 0-2
        int b = pool.allocate(2); // 3-4
        pool.release(a, 1);
        int c = pool.allocate(5); // 0-2, 5-6
        assertThat(pool.lastRangeCount()).isEqualTo(2);
        assertThat(pool.ranges()[c]).isEqualTo(0);
        assertThat(pool.ranges()[c + 1]).isEqualTo(2);
        assertThat(pool.ranges()[c + 2]).isEqualTo(5);
        assertThat(pool.ranges()[c + 3]).isEqualTo(6);
        assertThat(pool.free()).isEqualTo(130 - 7);
        int d = pool.allocate(123);
        assertThat(pool.ranges()[d]).isEqualTo(7);
        assertThat(pool.ranges()[d + 1]).isEqualTo(129);
        assertThat(b).isGreaterThan(a);
    }

    @Test
    void theStartedListenerIsToldOnlyOfJobsWhoseRowsAreFinalAndOfEveryJobAtTheEnd() {
        for (FlowPolicy policy : List.of(FlowPolicy.FCFS, FlowPolicy.EASY, FlowPolicy.CONSERVATIVE)) {
            Workload w = RandomWorkloads.of(11, 10_000); // two reports of progress (every 4,096 jobs) and the last
            List<long[]> seen = new ArrayList<>(); // {count, start of job count-1, end of job count-1}
            List<Integer> counts = new ArrayList<>();
            MachineSimulation sim = new MachineSimulation(w, policy.create(w), null)
                    .onStarted((table, count) -> {
                        counts.add(count);
                        for (int j = Math.max(0, count - 50); j < count; j++) { // a started job has its end
                            assertThat(table.endSeconds(j)).isGreaterThan(table.startSeconds(j));
                            seen.add(new long[] {j, table.startSeconds(j), table.endSeconds(j), table.rangeCount(j)});
                        }
                    })
                    .run();
            assertThat(counts).isSorted().last().isEqualTo(w.size());
            assertThat(counts.size()).isGreaterThan(2); // reported along the way, not only at the end
            for (long[] r : seen) { // what the listener read was not changed afterwards
                int j = (int) r[0];
                assertThat(new long[] {j, sim.startSeconds(j), sim.endSeconds(j), sim.processorRangeCount(j)})
                        .isEqualTo(r);
            }
        }
    }

    /**
     * The SWF reader refuses a submit time plus a run time past 2^53 s; a wait can still take a job's end there, where
     * the clock skips seconds (job 2 here would end at 2^53 + 209, held as 2^53 + 208). The simulation refuses it as
     * bad input naming the job, its wait and the exact sum; an end at 2^53 itself is kept.
     */
    @Test
    void aWaitThatTakesAnEndPast2To53IsRefused() {
        long limit = 1L << 53;
        Workload fits = Workload.builder(1)
                .add(1, limit - 1000, 600, 600, 1)
                .add(2, limit - 1000, 400, 400, 1)
                .build();
        MachineSimulation ran = new MachineSimulation(fits, inOrder(), (now, b, w, r, s) -> {}).run();
        assertThat(ran.endSeconds(1)).isEqualTo(limit);
        Workload past = Workload.builder(1)
                .add(1, limit - 1000, 600, 600, 1)
                .add(2, limit - 1000, 609, 609, 1)
                .build();
        assertThatThrownBy(() -> new MachineSimulation(past, inOrder(), (now, b, w, r, s) -> {}).run())
                .isInstanceOf(org.metasched.model.ExactSeconds.PastLimit.class)
                .hasMessage("job 2: submitted at " + (limit - 1000) + " s, started at " + (limit - 400)
                        + " s (after a wait of 600 s), it would end at " + (limit - 400) + " + 609 = " + (limit + 209)
                        + " s, expected at most " + limit + " s (2^53: past it the simulated clock skips seconds;"
                        + " give the trace's times in seconds)");
        // one second past: start + run in doubles rounds to 2^53 itself (ties to even), so the check must not add
        Workload onePast = Workload.builder(1)
                .add(1, limit - 1000, 999, 999, 1)
                .add(2, limit - 1000, 2, 2, 1)
                .build();
        assertThatThrownBy(() -> new MachineSimulation(onePast, inOrder(), (now, b, w, r, s) -> {}).run())
                .isInstanceOf(org.metasched.model.ExactSeconds.PastLimit.class)
                .hasMessageContaining("it would end at " + (limit - 1) + " + 2 = " + (limit + 1) + " s");
    }

    /** Starts the jobs one at a time in submit order, each when a processor is free. */
    private static SchedulingPolicy inOrder() {
        return new SchedulingPolicy() {
            private int next;
            private int submitted;

            @Override
            public void jobSubmitted(int job, long now) {
                submitted++;
            }

            @Override
            public void jobEnded(int job, long now) {}

            @Override
            public void decide(long now, Decisions d) {
                if (next < submitted && d.freeProcessors() > 0) {
                    d.start(next++);
                }
            }
        };
    }
}
