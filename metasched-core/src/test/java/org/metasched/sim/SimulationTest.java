package org.metasched.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.Workload;

class SimulationTest {
    @Test
    void eventsAreOrderedByTimeThenCompletionsBeforeArrivalsThenSequence() {
        List<Event> events = new ArrayList<>(List.of(
                new JobSubmitted(5, 0, 1),
                new JobEnded(5, 3, 2),
                new WakeUp(5, 1),
                new JobEnded(5, 2, 3),
                new JobSubmitted(4, 9, 4)));
        events.sort(null);
        assertThat(events)
                .containsExactly(
                        new JobSubmitted(4, 9, 4),
                        new JobEnded(5, 2, 3),
                        new JobEnded(5, 3, 2),
                        new JobSubmitted(5, 0, 1),
                        new WakeUp(5, 1));
    }

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
        Simulation sim = new Simulation(w, recorder, null).run();
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
        assertThat(sim.allocatedProcessors(2)).isEqualTo("0");
    }

    @Test
    void twoSimulationsRunSideBySide() {
        Workload w = Workload.builder(1).add(1, 0, 10, 10, 1).build();
        SchedulingPolicy startAll = new SchedulingPolicy() {
            @Override
            public void jobSubmitted(int job, long now) {}

            @Override
            public void jobEnded(int job, long now) {}

            @Override
            public void decide(long now, Decisions d) {
                if (now == 0) {
                    d.start(0);
                }
            }
        };
        Simulation a = new Simulation(w, startAll, null);
        Simulation b = new Simulation(w, startAll, null);
        a.run();
        b.run();
        assertThat(a.endSeconds(0)).isEqualTo(b.endSeconds(0)).isEqualTo(10);
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
        assertThatThrownBy(() -> new Simulation(w, greedy, null).run())
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
        assertThatThrownBy(() -> new Simulation(w, lazy, null).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2 jobs still wait");
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
}
