package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;

/** Spec oracle T7: the worked example of section 3.3 (ROUGH geometry, n = 3, V = 60). */
class AepStrategiesTest {
    // s1..s6: performance, unit price, interval
    private static final double[][] DATA = {
        {2, 2.0, 0, 40}, {4, 5.0, 5, 30}, {3, 2.5, 10, 50}, {6, 7.0, 12, 40}, {5, 4.0, 20, 45}, {4, 3.6, 25, 60}
    };

    static SlotList slots() {
        Slot[] s = new Slot[DATA.length];
        for (int i = 0; i < DATA.length; i++) {
            s[i] = new Slot(new Node(i, "s" + (i + 1), DATA[i][0], DATA[i][1]), DATA[i][2], DATA[i][3]);
        }
        return SlotList.of(List.of(s));
    }

    private static Window find(String strategy, double budget) {
        ResourceRequest job = new ResourceRequest(3, 60, 0, budget, 0);
        return WindowSearches.create(strategy)
                .find(slots(), job, Geometry.ROUGH)
                .orElseThrow();
    }

    @ParameterizedTest(name = "C={1} {0}: ws={2} {3}")
    @CsvSource({
        "amp, 200, 10, s1 s2 s3, 185, 30, 65",
        "min-cost, 200, 25, s3 s5 s6, 152, 20, 47",
        "min-runtime, 200, 25, s4 s5 s6, 172, 15, 37",
        "min-finish, 200, 12, s2 s3 s4, 195, 20, 45",
        "min-proc-time-exact, 200, 25, s4 s5 s6, 172, 15, 37",
        "amp, 170, 20, s3 s4 s5, 168, 20, 42",
        "min-cost, 170, 25, s3 s5 s6, 152, 20, 47",
        "min-runtime, 170, 20, s3 s4 s5, 168, 20, 42",
        "min-finish, 170, 20, s3 s4 s5, 168, 20, 42",
        "min-proc-time-exact, 170, 20, s3 s4 s5, 168, 20, 42"
    })
    void workedExample(
            String strategy, double budget, double start, String nodes, double cost, double runtime, double proc) {
        Window w = find(strategy, budget);
        assertThat(w.start()).isEqualTo(start);
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly(nodes.split(" "));
        assertThat(w.cost()).isCloseTo(cost, within(1e-9));
        assertThat(w.runtime()).isCloseTo(runtime, within(1e-9));
        assertThat(w.processorTime()).isCloseTo(proc, within(1e-9));
    }

    @Test
    void minFinishIsThirtyTwoWithTheLargerBudgetAndFortyWithTheSmaller() {
        assertThat(find("min-finish", 200).finish()).isCloseTo(32, within(1e-9));
        assertThat(find("min-finish", 170).finish()).isCloseTo(40, within(1e-9));
    }

    @Test
    void alpAdmitsOnlySlotsWithinTheUnitPriceCap() {
        ResourceRequest job = new ResourceRequest(3, 60, 0, 200, 0, 4.0);
        Window w =
                WindowSearches.create("alp").find(slots(), job, Geometry.ROUGH).orElseThrow();
        assertThat(w.start()).isEqualTo(25.0);
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly("s3", "s5", "s6");
        assertThat(w.cost()).isCloseTo(152, within(1e-9));
    }

    /**
     * WindowInvariantsTest's small example with ordinary prices: n1 10 and n2 9 per time unit free over 0-100, n3 0.1
     * busy until 50, n4 0.2 free; two nodes, slots 10 long, budget 5. ALP takes the first two slots its unit-price cap
     * admits, in slot order (spec 3.2), not the cheapest: uncapped, W at ws 0 is {n1, n2, n4} and its first two cost
     * 100 + 90 = 190 > 5; at ws 50 n3 joins at W's end and the first two are still n1 and n2, so no window. AMP takes
     * the two cheapest: 90 + 2 > 5 at ws 0, n3 + n4 = 1 + 2 = 3 at ws 50. ALP with a cap of 0.2 admits only n4 (ws 0,
     * one slot) and n3: at ws 50 the same window as AMP's.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Geometry.class)
    void alpTakesTheFirstAdmittedSlotsNotTheCheapest(Geometry geometry) {
        List<Node> nodes = List.of(Node.of(0, 1, 10), Node.of(1, 1, 9), Node.of(2, 1, 0.1), Node.of(3, 1, 0.2));
        ResourceDomain domain = new ResourceDomain(nodes, 0, 100);
        domain.addBusy(2, Interval.of(0, 50));
        ResourceRequest uncapped = new ResourceRequest(2, 10, 0, 5, 0, Double.POSITIVE_INFINITY);
        assertThat(WindowSearches.create("alp").find(domain.slots(), uncapped, geometry))
                .isEmpty();
        for (ResourceRequest job : List.of(new ResourceRequest(2, 10, 0, 5, 0, 0.2), uncapped)) {
            String name = job.maxUnitPrice() == 0.2 ? "alp" : "amp";
            Window w = WindowSearches.create(name)
                    .find(domain.slots(), job, geometry)
                    .orElseThrow();
            assertThat(w.start()).as(name).isEqualTo(50.0);
            assertThat(w.allocations())
                    .as(name)
                    .extracting(a -> a.node().index())
                    .containsExactlyInAnyOrder(2, 3);
            assertThat(w.cost()).as(name).isCloseTo(3, within(1e-9));
        }
    }

    /**
     * Spec 3.1-3.2, the rule docs/select.md states (examples/select-amp-order.json): AMP's scan adds slots one at a
     * time in slot order and takes the n cheapest of those added so far; the first step that fits the budget wins. Four
     * nodes free from 0 priced 10, 9, 1, 1: at the second step W holds the 10 and the 9, 190 fits 1,000, so AMP stops
     * there, while MinCost finds the two priced 1 at the same start (20). CSA's first alternative is that AMP window.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Geometry.class)
    void ampStopsAtTheFirstStepThatFitsNotAtTheCheapestSlotsOfItsStart(Geometry geometry) {
        List<Node> nodes = List.of(Node.of(0, 1, 10), Node.of(1, 1, 9), Node.of(2, 1, 1), Node.of(3, 1, 1));
        SlotList free = new ResourceDomain(nodes, 0, 100).slots();
        ResourceRequest job = new ResourceRequest(2, 10, 0, 1000, 0);
        Window amp = WindowSearches.create("amp").find(free, job, geometry).orElseThrow();
        assertThat(amp.allocations()).extracting(a -> a.node().index()).containsExactlyInAnyOrder(0, 1);
        assertThat(amp.cost()).isCloseTo(190, within(1e-9));
        Window minCost =
                WindowSearches.create("min-cost").find(free, job, geometry).orElseThrow();
        assertThat(minCost.start()).isEqualTo(amp.start());
        assertThat(minCost.allocations()).extracting(a -> a.node().index()).containsExactlyInAnyOrder(2, 3);
        assertThat(minCost.cost()).isCloseTo(20, within(1e-9));
    }

    @Test
    void noWindowWhenTheBudgetIsTooSmall() {
        ResourceRequest job = new ResourceRequest(3, 60, 0, 140, 0);
        for (String name : WindowSearches.names()) {
            assertThat(WindowSearches.create(name).find(slots(), job, Geometry.ROUGH))
                    .as(name)
                    .isEmpty();
        }
    }

    /**
     * examples/select-cents.json: two nodes priced 0.1 and 0.2, one time unit each. Every AEP strategy finds the pair
     * (cost 0.3) within a budget of 1, and of 0.3 itself; min-proc-time-exact counted in spec D4's whole currency
     * units (1 + 1 > 1) and found none, in both geometries. Under 0.3 none fits.
     */
    @Test
    void everyAepStrategyCountsPricesWithCentsExactly() {
        SlotList cents = SlotList.of(
                List.of(new Slot(new Node(0, "a", 1, 0.1), 0, 10), new Slot(new Node(1, "b", 1, 0.2), 0, 10)));
        for (String name : WindowSearches.registry().family("aep").stream()
                .map(c -> c.name())
                .toList()) {
            for (Geometry g : Geometry.values()) {
                for (double budget : new double[] {1, 0.3}) {
                    ResourceRequest job = new ResourceRequest(2, 1, 0, budget, 0);
                    Window w = WindowSearches.create(name)
                            .find(cents, job, g)
                            .orElseThrow(() -> new AssertionError(name + " " + g + " budget " + budget + ": none"));
                    assertThat(w.cost()).as(name).isCloseTo(0.3, within(1e-9));
                }
                assertThat(WindowSearches.create(name).find(cents, new ResourceRequest(2, 1, 0, 0.29, 0), g))
                        .as(name)
                        .isEmpty();
            }
        }
    }

    @Test
    void csaReturnsTheBestOfDisjointAmpAlternatives() {
        ResourceRequest job = new ResourceRequest(2, 60, 0, 200, 0);
        CsaWindowSearch csa = new CsaWindowSearch(CsaCriterion.COST);
        List<Window> alts = csa.alternatives(slots(), job, Geometry.ROUGH);
        // the first alternative is AMP's window: ws 5 on s1 and s2, cost 60 + 75 (example ALT-1)
        assertThat(alts.get(0).start()).isEqualTo(5.0);
        assertThat(alts.get(0).cost()).isCloseTo(135, within(1e-9));
        assertThat(alts).hasSizeGreaterThan(1);
        Window best = csa.find(slots(), job, Geometry.ROUGH).orElseThrow();
        double min = alts.stream().mapToDouble(Window::cost).min().orElseThrow();
        assertThat(best.cost()).isEqualTo(min);
        Window earliest = new CsaWindowSearch(CsaCriterion.START)
                .find(slots(), job, Geometry.ROUGH)
                .orElseThrow();
        assertThat(earliest.start()).isEqualTo(5.0);
    }
}
