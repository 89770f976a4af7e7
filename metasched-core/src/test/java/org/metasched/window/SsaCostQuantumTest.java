package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.window.select.CostQuantizer;

/**
 * The SSA scan counts costs in the data's quantum where that is exact (docs/select.md, where we depart from the
 * spec's D4), and in D4's quantum elsewhere, saying which. The differential tests against brute force on random
 * instances with cent prices are in {@link WindowSearchBruteForceTest}.
 */
class SsaCostQuantumTest {
    static Stream<Arguments> everyCriterionBothGeometries() {
        return WindowSearches.registry().family("ssa").stream()
                .flatMap(c -> Stream.of(Geometry.values()).map(g -> Arguments.of(c.name(), g)));
    }

    /**
     * Prices 0.1 and 0.2, one time unit each, budget 1: the window costs 0.3. In whole currency units (spec D4's
     * default quantum) each slot costs 1 and the budget is 1, so no pair fits; the AEP strategies, which add real
     * costs, find the window.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyCriterionBothGeometries")
    void centsFitABudgetThatWholeUnitsWouldExceed(String name, Geometry geometry) {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 1, 0.1), Node.of(1, 1, 0.2)), 0, 10);
        ResourceRequest req = new ResourceRequest(2, 1, 0, 1, 0, Double.POSITIVE_INFINITY);
        SsaWindowSearch search = (SsaWindowSearch) WindowSearches.create(name);
        SsaWindowSearch.Result r = search.search(d.slots(), req, geometry);
        assertThat(r.window()).as(name).isPresent();
        Window w = r.window().get();
        // bf-short plans with 0.99 of the volume
        assertThat(w.cost()).isCloseTo(0.3 * search.criterion().volumeFactor(), within(1e-12));
        assertThat(w.start()).isZero();
        assertThat(w.allocations()).hasSize(2);
        assertThat(r.exact()).isTrue();
        assertThat(WindowSearches.create("min-cost").find(d.slots(), req, geometry))
                .hasValueSatisfying(a -> assertThat(a.cost()).isCloseTo(0.3, within(1e-12)));
        // what the spec's rule makes of it
        CostQuantizer spec = CostQuantizer.forBudget(1);
        assertThat(spec.cost(0.1) + spec.cost(0.2)).isGreaterThan(spec.budget(1));
    }

    /**
     * Past the cap of 10^4 units the scan falls back to D4, and says so when D4's rounding bound a programme:
     * budget 10,000.03, one time unit on nodes priced 5,000.01 and 5,000.02 (the earliest finish) and a slow cheap
     * one. In cents that is 1,000,003 units; D4 then takes q = C / 10^4 = 1.000003, counts the pair as 5,000 +
     * 5,001 units against 10,000 and takes the slow node instead: within the budget, not the best, exact false.
     */
    @Test
    void pastTheCapD4AndNotExact() {
        ResourceDomain d = new ResourceDomain(
                List.of(Node.of(0, 1, 5000.01), Node.of(1, 1, 5000.02), Node.of(2, 0.5, 0.03)), 0, 10);
        ResourceRequest req = new ResourceRequest(2, 1, 0, 10_000.03, 0, Double.POSITIVE_INFINITY);
        SsaWindowSearch.Result r =
                ((SsaWindowSearch) WindowSearches.create("bf-finish")).search(d.slots(), req, Geometry.ROUGH);
        assertThat(r.exact()).isFalse();
        Window w = r.window().orElseThrow();
        assertThat(w.finish()).isEqualTo(2.0);
        assertThat(w.cost()).isLessThanOrEqualTo(10_000.03);
        // a budget of 100.00 in cents is 10^4 units: exact, and the fast pair, costing 50.01 + 49.99, just fits
        ResourceDomain cheap =
                new ResourceDomain(List.of(Node.of(0, 1, 50.01), Node.of(1, 1, 49.99), Node.of(2, 0.5, 0.03)), 0, 10);
        ResourceRequest hundred = new ResourceRequest(2, 1, 0, 100, 0, Double.POSITIVE_INFINITY);
        SsaWindowSearch.Result atCap =
                ((SsaWindowSearch) WindowSearches.create("bf-finish")).search(cheap.slots(), hundred, Geometry.ROUGH);
        assertThat(atCap.exact()).isTrue();
        assertThat(atCap.window().orElseThrow().finish()).isEqualTo(1.0);
    }

    /** Without a decimal quantum (a third), D4 as before; where its budget never binds, still exact. */
    @Test
    void noDecimalQuantumIsD4() {
        ResourceDomain d = new ResourceDomain(List.of(Node.of(0, 3, 1), Node.of(1, 3, 2)), 0, 10);
        // costs 1/3 and 2/3: one unit each under D4, so a budget of 1 takes one of them, not both (real cost 1)
        ResourceRequest one = new ResourceRequest(2, 1, 0, 1, 0, Double.POSITIVE_INFINITY);
        SsaWindowSearch.Result r =
                ((SsaWindowSearch) WindowSearches.create("bf-start")).search(d.slots(), one, Geometry.ROUGH);
        assertThat(r.window()).isEmpty();
        assertThat(r.exact()).isFalse();
        ResourceRequest two = new ResourceRequest(2, 1, 0, 2, 0, Double.POSITIVE_INFINITY);
        SsaWindowSearch.Result fits =
                ((SsaWindowSearch) WindowSearches.create("bf-start")).search(d.slots(), two, Geometry.ROUGH);
        assertThat(fits.window()).isPresent();
        assertThat(fits.exact()).isTrue();
    }
}
