package org.metasched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.metasched.flow.Decisions;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.flow.SchedulingPolicy;
import org.metasched.metrics.JobRecord;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.model.Workload;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
import org.metasched.window.AepWindowSearch;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;
import org.metasched.window.aep.AepCandidates;
import org.metasched.window.aep.AepStrategy;

/**
 * A new window-search strategy and a new flow policy are one class plus one registration line each (ARCHITECTURE.md,
 * "Adding a strategy or policy"). Each toy is registered in a copy of the registry, so the built-in listings the
 * other tests iterate stay as they are.
 */
class OpenRegistriesTest {
    /** The toy strategy: MinCost written with nothing but select and value (no bounds, no fast path). */
    static final class PlainMinCost implements AepStrategy {
        @Override
        public String name() {
            return "plain-min-cost";
        }

        @Override
        public int[] select(AepCandidates c) {
            return c.withinBudget(c.cheapest());
        }

        @Override
        public double value(double start, double runtime, double cost, double processorTime) {
            return cost;
        }
    }

    /** The toy policy: shortest estimate first, no backfilling (the shortest waiting job blocks the others). */
    static final class ShortestFirst implements SchedulingPolicy {
        private final Workload workload;
        private final List<Integer> waiting = new ArrayList<>();

        ShortestFirst(Workload workload) {
            this.workload = workload;
        }

        @Override
        public void jobSubmitted(int job, long now) {
            waiting.add(job);
        }

        @Override
        public void jobEnded(int job, long now) {}

        @Override
        public void decide(long now, Decisions decisions) {
            while (!waiting.isEmpty()) {
                Integer best = waiting.get(0);
                for (Integer j : waiting) {
                    if (workload.estimateSeconds(j) < workload.estimateSeconds(best)) {
                        best = j;
                    }
                }
                if (workload.processors(best) > decisions.freeProcessors()) {
                    return;
                }
                decisions.start(best);
                waiting.remove(best);
            }
        }
    }

    @Test
    void aToyAepStrategyIsOneClassPlusOneRegistrationLine() {
        Registry<Registration<WindowSearch, WindowSearches.Options>> registry = WindowSearches.withBuiltIns();
        // the one line:
        registry.register(new Registration<>(
                "plain-min-cost",
                "aep",
                "MinCost without bounds",
                o -> new AepWindowSearch(new PlainMinCost(), o.seed())));

        assertThat(registry.names()).endsWith("csa", "plain-min-cost");
        assertThat(registry.family("aep")).extracting(Registration::name).contains("min-cost", "plain-min-cost");
        assertThat(WindowSearches.names()).doesNotContain("plain-min-cost");
        assertThatThrownBy(() -> registry.byName("plain-min-cots"))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("unknown strategy 'plain-min-cots'; known: bf-start,")
                .hasMessageEndingWith("csa, plain-min-cost");

        // the scan runs the toy through its general path and must agree with the built-in MinCost, which has
        // bounds and the ROUGH fast path, on random instances in both geometries
        WindowSearch toy = registry.byName("PLAIN-MIN-COST").create(WindowSearches.DEFAULTS);
        WindowSearch builtIn = WindowSearches.create("min-cost");
        SplittableRandom rnd = new SplittableRandom(8);
        int found = 0;
        for (int trial = 0; trial < 300; trial++) {
            SlotList slots = randomSlots(rnd);
            ResourceRequest req = new ResourceRequest(
                    1 + rnd.nextInt(3), rnd.nextDouble(5, 60), 0, rnd.nextDouble(50, 400), rnd.nextDouble(0, 30));
            for (Geometry g : Geometry.values()) {
                Optional<Window> a = toy.find(slots, req, g);
                Optional<Window> b = builtIn.find(slots, req, g);
                assertThat(a).as("trial %d %s", trial, g).isEqualTo(b);
                found += a.isPresent() ? 1 : 0;
            }
        }
        assertThat(found).as("instances with a window").isGreaterThan(300);
    }

    @Test
    void aToyPolicyIsOneClassPlusOneRegistrationLine() {
        Registry<FlowPolicy> registry = FlowPolicy.registry().copy();
        // the one line:
        registry.register(FlowPolicy.of("sjf", "queue", "shortest estimate first, no backfilling", ShortestFirst::new));

        assertThat(registry.names()).containsExactly("fcfs", "easy", "conservative", "sjf");
        assertThat(FlowPolicy.names()).containsExactly("fcfs", "easy", "conservative");
        assertThatThrownBy(() -> registry.byName("lifo"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown policy 'lifo'; known: fcfs, easy, conservative, sjf");

        // 2 processors; job 1 holds one until 100; jobs 2 (estimate 50) and 3 (estimate 10) need both: SJF starts 3
        // first, at 100, then 2 at 110
        Workload w = Workload.builder(2)
                .add(1, 0, 100, 100, 1)
                .add(2, 1, 50, 50, 2)
                .add(3, 2, 10, 10, 2)
                .build();
        List<JobRecord> jobs =
                JobFlowSimulation.of("toy").run(w, registry.byName("SJF")).jobs();
        assertThat(jobs).extracting(JobRecord::startSeconds).containsExactly(0L, 110L, 100L);
        assertThat(JobFlowSimulation.of("toy").run(w, FlowPolicy.FCFS).jobs())
                .extracting(JobRecord::startSeconds)
                .containsExactly(0L, 100L, 150L);
    }

    @Test
    void registriesRefuseDuplicateAndMalformedNames() {
        Registry<FlowPolicy> registry = FlowPolicy.registry().copy();
        assertThatThrownBy(() -> registry.register(FlowPolicy.of("EASY", "queue", "x", fcfsFactory(registry))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lower-case");
        assertThatThrownBy(() -> registry.register(FlowPolicy.of("easy", "queue", "again", fcfsFactory(registry))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("registered already");
        assertThatThrownBy(() -> FlowPolicy.of("two-lines", "queue", "a\nb", fcfsFactory(registry)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one-line description");
    }

    private static java.util.function.Function<Workload, SchedulingPolicy> fcfsFactory(Registry<FlowPolicy> registry) {
        return registry.byName("fcfs")::create;
    }

    private static SlotList randomSlots(SplittableRandom rnd) {
        int k = 3 + rnd.nextInt(10);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            nodes.add(Node.of(i, rnd.nextDouble(1, 10), rnd.nextDouble(0.5, 5)));
        }
        ResourceDomain d = new ResourceDomain(nodes, 0, 100);
        for (int i = 0; i < k; i++) {
            for (int b = rnd.nextInt(4); b > 0; b--) {
                double a = rnd.nextDouble(0, 95);
                d.addBusy(i, Interval.of(a, Math.min(100, a + rnd.nextDouble(1, 25))));
            }
        }
        return d.slots();
    }
}
