package org.metasched.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metasched.model.Node;
import org.metasched.model.Slot;

/**
 * The slots a request may use in an SSA scan ({@link SlotList#eligible}): the one rule of SsaWindowSearch's scan and
 * of PricedCosts.ofEligible (the costs its budget is counted in), which each wrote out before.
 */
class SlotListEligibleTest {
    @Test
    void performanceAtLeastTheMinimumAndAnEndAfterTheArrival() {
        Node slow = new Node(0, "slow", 2, 1);
        Node exact = new Node(1, "exact", 3, 1);
        Node fast = new Node(2, "fast", 4, 1);
        SlotList sl = SlotList.of(List.of(
                new Slot(fast, 0, 9), // ends before the arrival
                new Slot(fast, 1, 10), // ends at it
                new Slot(fast, 2, 10 + 1e-12), // within the tolerance of it
                new Slot(slow, 3, 50), // too slow
                new Slot(exact, 4, 50), // the minimum itself
                new Slot(fast, 20, 30))); // starts after the arrival
        int[] e = sl.eligible(3, 10, 1e-9);
        List<String> kept = new ArrayList<>();
        for (int i : e) {
            kept.add(sl.node(i) + ":" + sl.start(i) + "-" + sl.end(i));
        }
        assertThat(kept).containsExactly("1:4.0-50.0", "2:20.0-30.0");
    }

    @Test
    void theRuleOnRandomSlotLists() {
        Random rnd = new Random(4);
        for (int round = 0; round < 500; round++) {
            List<Slot> slots = new ArrayList<>();
            Node[] nodes = new Node[1 + rnd.nextInt(6)];
            for (int k = 0; k < nodes.length; k++) {
                nodes[k] = new Node(k, "n" + k, 1 + rnd.nextInt(4), 1);
            }
            for (int s = 0; s < 1 + rnd.nextInt(30); s++) {
                Node n = nodes[rnd.nextInt(nodes.length)];
                double start = rnd.nextInt(20);
                slots.add(new Slot(n, start, start + rnd.nextInt(20)));
            }
            SlotList sl = SlotList.of(slots);
            double min = rnd.nextInt(5);
            double arrival = rnd.nextInt(25);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < sl.size(); i++) {
                if (sl.performance(i) >= min && sl.end(i) > arrival) { // whole numbers: the tolerance does not matter
                    expected.add(i);
                }
            }
            assertThat(sl.eligible(min, arrival, 1e-9))
                    .containsExactly(expected.stream().mapToInt(i -> i).toArray());
        }
    }
}
