package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.SlotList;
import org.metasched.window.aep.AmpSelection;

/**
 * CSA's whole scans without the dead slots ({@link DeadSlots}) against CSA by its definition, every AMP search
 * scanning the whole cut list: on random P002 domains stretched to free time spans of 10^2 to 10^7 (where the
 * searches compare with a tolerance relative to the span and {@link RelativeTime} moves the cut lists), at origins
 * of 0, -5e5, 1.7e9 and 1.7e12, with jobs of 1 to 4 nodes, budgets from poor to unbounded, later arrivals, minimum
 * performances and price caps, in both geometries: the same windows in the same order, equal in every double.
 */
class CsaDeadSlotsTest {
    @Test
    void droppingDeadSlotsFindsTheAlternativesOfTheWholeLists() {
        RandomStreams streams = new RandomStreams(1129);
        int alternatives = 0;
        int dropped = 0;
        int longSpans = 0;
        for (int run = 0; run < 400; run++) {
            UniformRandomProvider r = streams.stream("case", run);
            double stretch = Math.pow(10, r.nextInt(5));
            SlotList slots = domain(r, streams.stream("nodes", run), stretch);
            ResourceRequest request = CsaResumingTest.request(r, stretch, slots.start(0), 3, 60);
            Geometry geometry = r.nextInt(3) == 0 ? Geometry.COMMON : Geometry.ROUGH;
            List<Window> expected = new CsaWindowSearch(CsaCriterion.COST, Integer.MAX_VALUE, false, false)
                    .alternatives(slots, request, geometry);
            String what = "run " + run + " (" + geometry + ", " + slots.size() + " slots, " + request + ")";
            assertThat(new CsaWindowSearch(CsaCriterion.COST, Integer.MAX_VALUE, false, true)
                            .alternatives(slots, request, geometry))
                    .as(what)
                    .isEqualTo(expected);
            assertThat(new CsaWindowSearch(CsaCriterion.COST).alternatives(slots, request, geometry))
                    .as("as select runs it: " + what)
                    .isEqualTo(expected);
            alternatives += expected.size();
            if (stretch >= 1e3) {
                longSpans += expected.size();
            }
            dropped += deadAfterCuts(slots, request, geometry);
        }
        assertThat(alternatives).as("alternatives found").isGreaterThan(5_000);
        assertThat(longSpans).as("alternatives on spans past 10^5").isGreaterThan(1_000);
        assertThat(dropped).as("dead slots after the first cuts").isGreaterThan(1_000);
    }

    @Test
    void aSlotWhoseLastStartIsThePreviousAlternativesStartStaysUsable() {
        // on a span past 10^5, so that CSA scans whole lists: the second alternative starts where the first does,
        // on the slot whose task just fits from there (two short slots around them are the dead ones kept)
        Node cheap = new Node(0, "cheap", 1, 1);
        Node dear = new Node(1, "dear", 1, 2);
        Node brief = new Node(2, "brief", 1, 1);
        SlotList slots = SlotList.of(List.of(
                new Slot(brief, -1, 0),
                new Slot(cheap, 0, 10),
                new Slot(dear, 0, 10),
                new Slot(brief, 100, 101),
                new Slot(cheap, 5e5, 5e5 + 10)));
        ResourceRequest request = new ResourceRequest(1, 10, 0, Double.POSITIVE_INFINITY, 0, Double.POSITIVE_INFINITY);
        List<Window> alternatives = new CsaWindowSearch(CsaCriterion.COST).alternatives(slots, request, Geometry.ROUGH);
        assertThat(alternatives)
                .extracting(w -> w.allocations().get(0).node().id() + "@" + w.start())
                .containsExactly("cheap@0.0", "dear@0.0", "cheap@500000.0");
    }

    /** How many slots of the cut list are dead after up to 40 of CSA's AMP searches on the whole lists. */
    private static int deadAfterCuts(SlotList slots, ResourceRequest request, Geometry geometry) {
        AepWindowSearch amp = new AepWindowSearch(new AmpSelection());
        SlotList cut = slots;
        double after = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 40; k++) {
            Optional<Window> w = amp.find(cut, request, geometry);
            if (w.isEmpty()) {
                break;
            }
            cut = cut.cut(w.get());
            after = w.get().start();
        }
        return cut.size()
                - DeadSlots.live(cut, List.of(new DeadSlots.Demand(request, after)))
                        .size();
    }

    private static SlotList domain(UniformRandomProvider r, UniformRandomProvider nodes, double stretch) {
        double horizon = 100 + r.nextInt(900);
        SlotList slots = CsaResumingTest.generated(r, nodes, 12, horizon);
        double[] origins = {0, -5e5, 1.7e9, 1.7e12};
        return CsaResumingTest.moved(slots, origins[r.nextInt(origins.length)], stretch);
    }
}
