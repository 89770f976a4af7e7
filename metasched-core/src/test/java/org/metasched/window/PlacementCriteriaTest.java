package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.criterion.BfFinishCriterion;
import org.metasched.window.criterion.CopCriterion;
import org.metasched.window.criterion.PastCriterion;

/** Spec oracle T5: example P0-1, the z table and the windows chosen by BFfinish, PAST and CoP. */
class PlacementCriteriaTest {
    // five nodes A..E, all p = 4; the job needs 3 of them for V = 40 (T = 10), arriving at 20
    private static final String[] NAMES = {"A", "B", "C", "D", "E"};
    private static final double[][] SLOTS = {{20, 33}, {19.9, 30.1}, {5, 30}, {1, 45}, {17, 32.5}};
    private static final ResourceRequest JOB = new ResourceRequest(3, 40, 0, Double.POSITIVE_INFINITY, 20);

    private static SlotList slots() {
        Slot[] s = new Slot[5];
        for (int i = 0; i < 5; i++) {
            s[i] = new Slot(new Node(i, NAMES[i], 4, 1), SLOTS[i][0], SLOTS[i][1]);
        }
        return SlotList.of(List.of(s));
    }

    @ParameterizedTest(name = "slot {0}")
    @CsvSource({
        "0, -30, -29.4003, -30.4",
        "1, -30, -30.40001, -28.4",
        "2, -30, -29.4, -29.3",
        "3, -30, -30.4015, -30.2",
        "4, -30, -30.40025, -32.4"
    })
    void zTable(int slot, double bfFinish, double past, double cop) {
        double a = SLOTS[slot][0];
        double b = SLOTS[slot][1];
        assertThat(new BfFinishCriterion().z(a, b, 4, 20, 10)).isCloseTo(bfFinish, within(1e-9));
        assertThat(new PastCriterion().z(a, b, 4, 20, 10)).isCloseTo(past, within(1e-9));
        assertThat(new CopCriterion().z(a, b, 4, 20, 10)).isCloseTo(cop, within(1e-9));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"bf-finish, C D E, -90", "past, A B C, -89.20031", "cop, B C D, -87.9"})
    void selections(String criterion, String expectedNodes, double expectedZ) {
        SsaWindowSearch search = (SsaWindowSearch) WindowSearches.create(criterion);
        Window w = search.find(slots(), JOB, Geometry.COMMON).orElseThrow();
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly(expectedNodes.split(" "));
        assertThat(w.start()).isEqualTo(20.0);
        assertThat(w.finish()).isCloseTo(30.0, within(1e-12));
        double z = 0;
        for (Allocation a : w.allocations()) {
            z += search.criterion().z(a.host().start(), a.host().end(), a.node().performance(), w.start(), w.runtime());
        }
        assertThat(z).isCloseTo(expectedZ, within(1e-9));
    }

    @Test
    void placementMetricsOfTheCopWindow() {
        Window w =
                WindowSearches.create("cop").find(slots(), JOB, Geometry.COMMON).orElseThrow();
        assertThat(w.idleSum()).isCloseTo(16.4, within(1e-9));
        assertThat(w.idleMinSum()).isCloseTo(5.0 + 1.0 / 30, within(1e-9));
    }

    @Test
    void bfStartTakesTheEarliestStartAndBfShortShortensTheRuntimeByOnePercent() {
        Window start = WindowSearches.create("bf-start")
                .find(slots(), JOB, Geometry.COMMON)
                .orElseThrow();
        assertThat(start.start()).isEqualTo(20.0);
        Window shortened = WindowSearches.create("bf-short")
                .find(slots(), JOB, Geometry.COMMON)
                .orElseThrow();
        assertThat(shortened.runtime()).isCloseTo(9.9, within(1e-12));
    }

    @Test
    void idleSpaceCriteriaPreferTightSlots() {
        // l-sum minimises mean (L_left + L_right): B (0.2), E (5.5), A (3) are the tightest
        Window w = WindowSearches.create("l-sum")
                .find(slots(), JOB, Geometry.COMMON)
                .orElseThrow();
        assertThat(w.allocations()).extracting(a -> a.node().id()).containsExactly("A", "B", "E");
        // l-min-sum: min(L_left, L_right) is 0 for A and C, 0.1 for B
        Window m = WindowSearches.create("l-min-sum")
                .find(slots(), JOB, Geometry.COMMON)
                .orElseThrow();
        assertThat(m.allocations()).extracting(a -> a.node().id()).containsExactly("A", "B", "C");
    }
}
