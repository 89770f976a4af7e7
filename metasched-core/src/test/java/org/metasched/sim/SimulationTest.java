package org.metasched.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The engine alone, with small test models: order, instants, rounds, observers, guards. */
class SimulationTest {
    /** A toy model's events: a tick with a label and a priority. */
    sealed interface Toy extends Event permits Tick, Stop {}

    record Tick(String label, int priority) implements Toy {}

    record Stop() implements Toy {
        @Override
        public int priority() {
            return 0;
        }
    }

    /** Records what happens; schedules the given initial events. */
    static final class Recorder implements Model<Toy> {
        final List<String> log = new ArrayList<>();
        final double[] times;
        final Toy[] initial;

        Recorder(double[] times, Toy... initial) {
            this.times = times;
            this.initial = initial;
        }

        @Override
        public void start(Simulation<Toy> sim) {
            for (int i = 0; i < initial.length; i++) {
                sim.schedule(times[i], initial[i]);
            }
        }

        @Override
        public void handle(Toy event, Simulation<Toy> sim) {
            if (event instanceof Tick t) {
                log.add(t.label() + "@" + sim.now());
            } else if (event instanceof Stop) {
                log.add("stop@" + sim.now());
                sim.stop();
            }
        }

        @Override
        public void instantEnded(Simulation<Toy> sim) {
            log.add("end@" + sim.now());
        }

        @Override
        public void finished(Simulation<Toy> sim) {
            log.add("finished");
        }
    }

    @Test
    void eventsComeInTimeThenPriorityThenSchedulingOrderAndEachInstantEndsOnce() {
        Recorder m = new Recorder(
                new double[] {5, 5, 4.5, 5, 5},
                new Tick("a", 1),
                new Tick("b", 0),
                new Tick("c", 3),
                new Tick("d", 1),
                new Tick("e", 0));
        new Simulation<>(m).run();
        assertThat(m.log)
                .containsExactly("c@4.5", "end@4.5", "b@5.0", "e@5.0", "a@5.0", "d@5.0", "end@5.0", "finished");
    }

    @Test
    void eventsScheduledAtTheCurrentInstantMakeAnotherRound() {
        List<String> log = new ArrayList<>();
        Model<Toy> m = new Model<>() {
            int rounds;

            @Override
            public void start(Simulation<Toy> sim) {
                sim.schedule(1, new Tick("x", 0));
            }

            @Override
            public void handle(Toy event, Simulation<Toy> sim) {
                log.add(((Tick) event).label() + "@" + sim.now());
            }

            @Override
            public void instantEnded(Simulation<Toy> sim) {
                log.add("end@" + sim.now());
                if (rounds++ == 0) {
                    sim.schedule(sim.now(), new Tick("y", 0));
                    sim.schedule(2.25, new Tick("z", 0));
                }
            }
        };
        new Simulation<>(m).run();
        assertThat(log).containsExactly("x@1.0", "end@1.0", "y@1.0", "end@1.0", "z@2.25", "end@2.25");
    }

    @Test
    void theHeapKeepsTheTotalOrderOnManyRandomEvents() {
        SplittableRandom rnd = new SplittableRandom(42);
        int n = 5000;
        double[] times = new double[n];
        Toy[] events = new Toy[n];
        for (int i = 0; i < n; i++) {
            times[i] = rnd.nextInt(200) * 0.5;
            events[i] = new Tick(Integer.toString(i), rnd.nextInt(3));
        }
        List<double[]> seen = new ArrayList<>();
        Model<Toy> m = new Model<>() {
            @Override
            public void start(Simulation<Toy> sim) {
                for (int i = 0; i < n; i++) {
                    sim.schedule(times[i], events[i]);
                }
            }

            @Override
            public void handle(Toy event, Simulation<Toy> sim) {
                Tick t = (Tick) event;
                seen.add(new double[] {sim.now(), t.priority(), Integer.parseInt(t.label())});
            }
        };
        Simulation<Toy> sim = new Simulation<>(m).run();
        assertThat(sim.handledEvents()).isEqualTo(n);
        assertThat(seen).hasSize(n);
        for (int k = 1; k < n; k++) {
            double[] a = seen.get(k - 1);
            double[] b = seen.get(k);
            boolean ordered = a[0] < b[0] || (a[0] == b[0] && (a[1] < b[1] || (a[1] == b[1] && a[2] < b[2])));
            assertThat(ordered).as("event %d after %d", (int) b[2], (int) a[2]).isTrue();
            assertThat(times[(int) b[2]]).isEqualTo(b[0]);
        }
    }

    @Test
    void aCancelledEventIsNeverHandledAndLeavesNoInstantBehind() {
        SplittableRandom rnd = new SplittableRandom(7);
        List<String> log = new ArrayList<>();
        List<Long> cancelled = new ArrayList<>();
        Model<Toy> m = new Model<>() {
            @Override
            public void start(Simulation<Toy> sim) {
                List<Long> seqs = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    seqs.add(sim.schedule(1 + rnd.nextInt(50), new Tick(Integer.toString(i), rnd.nextInt(2))));
                }
                long lonely = sim.schedule(60, new Tick("lonely", 0));
                for (int i = 0; i < 300; i += 3) {
                    assertThat(sim.cancel(seqs.get(i))).isTrue();
                    cancelled.add((long) i);
                }
                assertThat(sim.cancel(lonely)).isTrue();
                assertThat(sim.cancel(lonely)).as("cancelled twice").isFalse();
                assertThat(sim.pendingEvents()).isEqualTo(200);
            }

            double[] last = {Double.NEGATIVE_INFINITY, -1, -1};

            @Override
            public void handle(Toy event, Simulation<Toy> sim) {
                Tick t = (Tick) event;
                log.add(t.label());
                double[] cur = {sim.now(), t.priority(), Integer.parseInt(t.label())};
                boolean ordered = last[0] < cur[0]
                        || (last[0] == cur[0] && (last[1] < cur[1] || (last[1] == cur[1] && last[2] < cur[2])));
                assertThat(ordered).as("%s after %s", t.label(), (int) last[2]).isTrue();
                System.arraycopy(cur, 0, last, 0, 3);
            }

            @Override
            public void instantEnded(Simulation<Toy> sim) {
                assertThat(sim.now()).isLessThan(60);
            }
        };
        Simulation<Toy> sim = new Simulation<>(m).run();
        assertThat(sim.handledEvents()).isEqualTo(200);
        for (long i : cancelled) {
            assertThat(log).doesNotContain(Long.toString(i));
        }
        assertThat(log).contains("1", "2", "4").doesNotContain("lonely");
    }

    @Test
    void observersSeeEveryEventAndEveryInstantAfterTheModel() {
        Recorder m = new Recorder(new double[] {1, 1, 3}, new Tick("a", 0), new Tick("b", 0), new Tick("c", 0));
        List<String> seen = new ArrayList<>();
        Simulation<Toy> sim = new Simulation<>(m);
        sim.addObserver(new SimulationObserver<Toy>() {
            @Override
            public void eventHandled(double time, Toy event) {
                seen.add(((Tick) event).label() + "@" + time + " after " + m.log.get(m.log.size() - 1));
            }

            @Override
            public void instantEnded(double time) {
                seen.add("instant " + time + " after " + m.log.get(m.log.size() - 1));
            }
        });
        sim.run();
        assertThat(seen)
                .containsExactly(
                        "a@1.0 after a@1.0",
                        "b@1.0 after b@1.0",
                        "instant 1.0 after end@1.0",
                        "c@3.0 after c@3.0",
                        "instant 3.0 after end@3.0");
    }

    @Test
    void stopEndsTheRunAfterTheCurrentInstant() {
        Recorder m =
                new Recorder(new double[] {1, 1, 2}, new Stop(), new Tick("same instant", 0), new Tick("later", 0));
        Simulation<Toy> sim = new Simulation<>(m).run();
        assertThat(m.log).containsExactly("stop@1.0", "same instant@1.0", "end@1.0", "finished");
        assertThat(sim.finished()).isTrue();
        assertThat(sim.pendingEvents()).isEqualTo(1);
        assertThat(sim.nextEventTime()).isEqualTo(2.0);
    }

    @Test
    void runUntilHandlesTheInstantsUpToATimeAndContinuesLater() {
        Recorder m = new Recorder(new double[] {1, 2, 3}, new Tick("a", 0), new Tick("b", 0), new Tick("c", 0));
        Simulation<Toy> sim = new Simulation<>(m).runUntil(2);
        assertThat(m.log).containsExactly("a@1.0", "end@1.0", "b@2.0", "end@2.0");
        assertThat(sim.now()).isEqualTo(2.0);
        assertThat(sim.finished()).isFalse();
        sim.run();
        assertThat(m.log).endsWith("c@3.0", "end@3.0", "finished");
        assertThatThrownBy(sim::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("runs once");
    }

    @Test
    void thePastNonFiniteTimesBadPrioritiesAndReentranceAreRefused() {
        Model<Toy> m = new Model<>() {
            @Override
            public void start(Simulation<Toy> sim) {
                sim.schedule(10, new Tick("x", 0));
            }

            @Override
            public void handle(Toy event, Simulation<Toy> sim) {
                assertThatThrownBy(() -> sim.schedule(9.5, new Tick("past", 0)))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("now is 10.0");
                assertThatThrownBy(() -> sim.schedule(Double.NaN, new Tick("nan", 0)))
                        .isInstanceOf(IllegalStateException.class);
                assertThatThrownBy(() -> sim.schedule(Double.POSITIVE_INFINITY, new Tick("inf", 0)))
                        .isInstanceOf(IllegalStateException.class);
                assertThatThrownBy(() -> sim.schedule(11, new Tick("bad", -1)))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("priority -1");
                assertThatThrownBy(sim::run).isInstanceOf(IllegalStateException.class);
            }
        };
        Simulation<Toy> sim = new Simulation<>(m).run();
        assertThat(sim.handledEvents()).isEqualTo(1);
    }

    @Test
    void twoSimulationsRunSideBySideWithTheirOwnClocks() {
        Recorder a = new Recorder(new double[] {1, 7}, new Tick("a1", 0), new Tick("a2", 0));
        Recorder b = new Recorder(new double[] {3}, new Tick("b1", 0));
        Simulation<Toy> sa = new Simulation<>(a);
        Simulation<Toy> sb = new Simulation<>(b);
        sa.runUntil(1);
        sb.run();
        sa.run();
        assertThat(sa.now()).isEqualTo(7.0);
        assertThat(sb.now()).isEqualTo(3.0);
        assertThat(a.log).containsExactly("a1@1.0", "end@1.0", "a2@7.0", "end@7.0", "finished");
        assertThat(b.log).containsExactly("b1@3.0", "end@3.0", "finished");
    }
}
