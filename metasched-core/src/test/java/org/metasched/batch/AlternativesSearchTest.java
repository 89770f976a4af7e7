package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.PricingModel;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * The alternatives search with its in-place cuts against {@link CopyingAlternativesSearch}, the search that copies
 * the slot list at every cut: on thousands of random P002 domains and batches (idle or loaded nodes, real or
 * whole-number performances, times at 0 or at epoch scale, times and prices on a grid so that slots start together and
 * nodes cost the same, budgets from poor to rich, price caps, arrivals, minimum performances, up to 12 jobs), with AMP
 * as CSS searches, the jobs' own criteria as the slicer searches, or any registered search, in both geometries, with
 * and without a cap on the alternatives, both find the same windows in the same order, equal in every double.
 */
class AlternativesSearchTest {
    @Test
    void theInPlaceCutsFindTheWindowsOfTheCopyingSearch() {
        RandomStreams streams = new RandomStreams(3005);
        List<String> searches = WindowSearches.names();
        int windows = 0;
        int longest = 0;
        for (int run = 0; run < 2000; run++) {
            UniformRandomProvider r = streams.stream("case", run);
            SlotList slots = domain(r, streams.stream("nodes", run));
            List<BatchJob> jobs = jobs(r, streams.stream("batch", run));
            Geometry geometry = r.nextBoolean() ? Geometry.ROUGH : Geometry.COMMON;
            int mode = r.nextInt(3);
            String any = searches.get(r.nextInt(searches.size()));
            Function<BatchJob, WindowSearch> finder = j -> WindowSearches.create(
                    mode == 0 ? "amp" : mode == 1 ? j.criterion().search() : any);
            // CSA runs an alternatives search of its own for every window: a few windows a job suffice
            int cap = r.nextInt(5) == 0 || (mode == 2 && any.equals("csa")) ? 1 + r.nextInt(4) : Integer.MAX_VALUE;

            List<List<Window>> expected = CopyingAlternativesSearch.search(jobs, slots, finder, geometry, cap);
            List<List<Window>> actual = AlternativesSearch.search(jobs, slots, finder, geometry, cap);
            String where = "run " + run + " (" + (mode == 0 ? "amp" : mode == 1 ? "criteria" : any) + ", " + geometry
                    + ", " + slots.size() + " slots, " + jobs.size() + " jobs)";
            assertThat(actual).as(where).isEqualTo(expected);
            for (List<Window> a : expected) {
                windows += a.size();
                longest = Math.max(longest, a.size());
            }
        }
        assertThat(windows).as("windows found").isGreaterThan(100_000);
        assertThat(longest).as("the most alternatives of a job").isGreaterThan(1000);
    }

    /**
     * Crowded ROUGH cycles as the slicer and CSS search them (P002 domains of 12 nodes, 12 jobs of 1 to 4 nodes with
     * budgets of 1 to 1.6 times their market value, AMP for every job or for the jobs whose criterion is the start):
     * the jobs' windows cut each other's slots before and after a job's previous window, which is where an AMP search
     * resuming at that window's start must rebuild W exactly.
     */
    @Test
    void crowdedCyclesFindTheWindowsOfTheCopyingSearch() {
        RandomStreams streams = new RandomStreams(2024);
        int windows = 0;
        for (int run = 0; run < 400; run++) {
            SlotList slots = DomainGenerator.p002(12, 600)
                    .generate(streams.stream("nodes", run))
                    .slots();
            if (run % 4 == 3) {
                slots = onGrid(slots, 1 + run % 7);
            }
            List<BatchJob> jobs = new BatchGenerator(12, 1, 4, 20, 120, 0, 0.6).generate(streams.stream("batch", run));
            boolean amp = run % 2 == 0;
            Function<BatchJob, WindowSearch> finder =
                    j -> WindowSearches.create(amp ? "amp" : j.criterion().search());
            List<List<Window>> expected =
                    CopyingAlternativesSearch.search(jobs, slots, finder, Geometry.ROUGH, Integer.MAX_VALUE);
            List<List<Window>> actual =
                    AlternativesSearch.search(jobs, slots, finder, Geometry.ROUGH, Integer.MAX_VALUE);
            assertThat(actual).as("run " + run).isEqualTo(expected);
            for (List<Window> a : expected) {
                windows += a.size();
            }
        }
        assertThat(windows).as("windows found").isGreaterThan(10_000);
    }

    /**
     * A P002 domain of 1 to 16 nodes, idle or loaded, its times moved to an epoch-scale origin one time in five (the
     * searches then work on relative times, and the cuts' tolerance is the list's).
     */
    private static SlotList domain(UniformRandomProvider r, UniformRandomProvider nodes) {
        double horizon = 100 + r.nextInt(900);
        double load = r.nextInt(4) == 0 ? 0 : 0.1 + 0.4 * r.nextDouble();
        DomainGenerator g = new DomainGenerator(
                1 + r.nextInt(16),
                2,
                10,
                horizon,
                Math.min(load, 0.1),
                load,
                PricingModel.DEFAULT_SIGMA,
                r.nextBoolean());
        SlotList slots = g.generate(nodes).slots();
        if (r.nextInt(3) == 0) {
            slots = onGrid(slots, 1 + r.nextInt(10));
        }
        if (r.nextInt(5) != 0) {
            return slots;
        }
        double origin = r.nextBoolean() ? 1.7e9 : 1.7e15;
        List<Slot> moved = new ArrayList<>();
        for (Slot s : slots.asList()) {
            moved.add(new Slot(s.node(), origin + s.start(), origin + s.end()));
        }
        return SlotList.of(moved);
    }

    /**
     * The slots with whole-number prices and performances, and times on a grid of {@code step}: many slots start
     * together, and many nodes cost the same (ties in the order of the slots and of the cheapest).
     */
    private static SlotList onGrid(SlotList slots, int step) {
        Map<Integer, Node> nodes = new HashMap<>();
        List<Slot> out = new ArrayList<>();
        for (Slot s : slots.asList()) {
            Node n = nodes.computeIfAbsent(
                    s.node().index(),
                    k -> new Node(
                            k,
                            s.node().id(),
                            Math.max(1, Math.round(s.node().performance())),
                            Math.max(1, Math.round(s.node().unitPrice()))));
            double start = step * Math.rint(s.start() / step);
            double end = step * Math.rint(s.end() / step);
            if (end > start) {
                out.add(new Slot(n, start, end));
            }
        }
        return SlotList.of(out);
    }

    /**
     * 1 to 5 jobs, or 6 to 12 with budgets of 1 to 1.6 times their market value; some capped in unit price, arriving
     * later (on the grid or not) or needing a minimum performance.
     */
    private static List<BatchJob> jobs(UniformRandomProvider r, UniformRandomProvider batch) {
        boolean crowded = r.nextInt(3) == 0; // many jobs of middling budgets: windows cut each other's slots
        double minVolume = crowded ? 20 : 5 + r.nextInt(50);
        BatchGenerator g = crowded
                ? new BatchGenerator(6 + r.nextInt(7), 1, 4, minVolume, 120, 0, 0.6)
                : new BatchGenerator(
                        1 + r.nextInt(5),
                        1,
                        1 + r.nextInt(5),
                        minVolume,
                        minVolume + r.nextInt(150),
                        -0.6,
                        0.6 + r.nextInt(3));
        List<BatchJob> out = new ArrayList<>();
        for (BatchJob j : g.generate(batch)) {
            ResourceRequest q = j.request();
            double cap = r.nextInt(4) == 0 ? 3 + 8 * r.nextDouble() : Double.POSITIVE_INFINITY;
            double minPerformance = r.nextInt(5) == 0 ? 2 + 4 * r.nextDouble() : 0;
            double arrival = r.nextInt(5) == 0 ? 100 * r.nextDouble() : r.nextInt(5) == 0 ? 5 * r.nextInt(20) : 0;
            out.add(new BatchJob(
                    j.id(),
                    new ResourceRequest(q.nodes(), q.volume(), minPerformance, q.budget(), arrival, cap),
                    j.criterion()));
        }
        return out;
    }
}
