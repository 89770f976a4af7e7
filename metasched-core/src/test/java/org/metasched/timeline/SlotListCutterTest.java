package org.metasched.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.metasched.model.Allocation;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Window;

/**
 * {@link SlotListCutter} against {@link SlotList#cut}: on random slot lists (ties in start across nodes, times near
 * 0, negative and at epoch scale) and random windows whose allocations touch the ends of their hosts exactly, within
 * the tolerance or well inside, every cut leaves the same slots, bit for bit in every column, with the same node count
 * and time tolerance.
 */
class SlotListCutterTest {
    @Test
    void everyCutLeavesTheSlotsOfTheCopyingCut() {
        SplittableRandom r = new SplittableRandom(3004);
        int cuts = 0;
        int dropped = 0;
        for (int run = 0; run < 3000; run++) {
            SlotList list = randomList(r);
            List<Slot> given = list.asList();
            SlotListCutter cutter = new SlotListCutter(list);
            SlotList expected = list;
            for (int step = 0; step < 40 && expected.size() > 0; step++) {
                Window w = randomWindow(expected, r);
                SlotList next = expected.cut(w);
                cutter.cut(w);
                assertSameList("run " + run + " step " + step, cutter.current(), next);
                dropped += expected.size() + w.size() > next.size() ? 1 : 0; // fewer than two pieces a host
                expected = next;
                cuts++;
            }
            assertThat(list.asList()).as("run " + run + ": the given list").isEqualTo(given);
        }
        assertThat(cuts).isGreaterThan(30_000);
        assertThat(dropped).as("cuts that drop a piece").isGreaterThan(1000);
    }

    @Test
    void aWindowHostedOutsideTheListIsRefused() {
        Node a = new Node(0, "a", 1, 1);
        SlotListCutter cutter = new SlotListCutter(SlotList.of(List.of(new Slot(a, 0, 10))));
        Slot elsewhere = new Slot(a, 20, 30);
        Window w = new Window(20, 5, 5, 5, List.of(new Allocation(elsewhere, 20, 25)));
        assertThatThrownBy(() -> cutter.cut(w)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Equal slots, and every column, count and tolerance equal to the last bit. */
    static void assertSameList(String where, SlotList actual, SlotList expected) {
        assertThat(actual.size()).as(where + ": size").isEqualTo(expected.size());
        assertThat(actual.nodeCount()).as(where + ": node count").isEqualTo(expected.nodeCount());
        assertThat(Double.doubleToRawLongBits(actual.timeTolerance()))
                .as(where + ": time tolerance " + actual.timeTolerance() + " vs " + expected.timeTolerance())
                .isEqualTo(Double.doubleToRawLongBits(expected.timeTolerance()));
        for (int i = 0; i < expected.size(); i++) {
            String at = where + ": slot " + i;
            assertThat(actual.get(i)).as(at).isEqualTo(expected.get(i));
            assertThat(bits(actual.start(i))).as(at + " start").isEqualTo(bits(expected.start(i)));
            assertThat(bits(actual.end(i))).as(at + " end").isEqualTo(bits(expected.end(i)));
            assertThat(actual.node(i)).as(at + " node").isEqualTo(expected.node(i));
            assertThat(bits(actual.performance(i))).as(at + " performance").isEqualTo(bits(expected.performance(i)));
            assertThat(bits(actual.price(i))).as(at + " price").isEqualTo(bits(expected.price(i)));
        }
        assertThat(actual.asList()).as(where).isEqualTo(expected.asList());
    }

    private static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }

    /**
     * Up to 8 nodes, each with disjoint slots, on a whole-number grid (ties) or not, spanning less or more than
     * {@code 10^5}, at an origin near 0 or far.
     */
    private static SlotList randomList(SplittableRandom r) {
        int nodes = 1 + r.nextInt(8);
        boolean grid = r.nextBoolean();
        double[] origins = {0, -500, 1e5, 3e7, 1.7e15};
        double origin = origins[r.nextInt(origins.length)];
        // spans beyond 10^5, where the tolerance grows with the span
        double scale = r.nextInt(3) == 0 ? 1e4 : 1;
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            Node n = new Node(i, "n" + i, 1 + r.nextInt(4), 1 + r.nextInt(5) / 2.0);
            double t = (grid ? r.nextInt(3) : r.nextDouble() * 20) * scale;
            int count = 1 + r.nextInt(6);
            for (int k = 0; k < count; k++) {
                double len = (grid ? 1 + r.nextInt(40) : 0.5 + r.nextDouble() * 40) * scale;
                out.add(new Slot(n, origin + t, origin + t + len));
                t += len + (grid ? 1 + r.nextInt(10) : 0.1 + r.nextDouble() * 10) * scale;
            }
        }
        return SlotList.of(out);
    }

    /**
     * One allocation in each of up to 4 slots of distinct nodes, each end of it at the host's end, within the list's
     * tolerance of it (the piece is dropped) or inside.
     */
    private static Window randomWindow(SlotList list, SplittableRandom r) {
        int want = 1 + r.nextInt(4);
        List<Allocation> allocations = new ArrayList<>();
        boolean[] used = new boolean[list.nodeCount()];
        double tol = list.timeTolerance();
        for (int tries = 0; tries < 20 && allocations.size() < want; tries++) {
            // early slots more often, as the searches take them
            int i = r.nextBoolean() ? r.nextInt(list.size()) : r.nextInt(1 + r.nextInt(list.size()));
            Slot h = list.get(i);
            if (used[h.node().index()]) {
                continue;
            }
            used[h.node().index()] = true;
            double a = edge(h.start(), h.end(), tol, r);
            double b = h.end() - (edge(h.start(), h.end(), tol, r) - h.start());
            if (b < a) {
                double c = a;
                a = b;
                b = c;
            }
            allocations.add(new Allocation(h, a, b));
        }
        double start = allocations.get(0).start();
        return new Window(start, 0, 0, 0, allocations);
    }

    /** A point of {@code [from, to]}: {@code from} itself, within {@code tol} of it, just beyond, or inside. */
    private static double edge(double from, double to, double tol, SplittableRandom r) {
        return switch (r.nextInt(5)) {
            case 0 -> from;
            case 1 -> Math.min(to, from + tol * r.nextDouble());
            case 2 -> Math.min(to, from + tol * (1 + r.nextDouble()) + Math.ulp(from));
            default -> from + (to - from) * r.nextDouble() * 0.5;
        };
    }
}
