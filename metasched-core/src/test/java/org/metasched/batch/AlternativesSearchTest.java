package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.model.Geometry;
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
 * whole-number performances, times at 0 or at epoch scale, budgets from poor to rich, price caps, arrivals, minimum
 * performances), with AMP as CSS searches, the jobs' own criteria as the slicer searches, or any registered search,
 * in both geometries, with and without a cap on the alternatives, both find the same windows in the same order, equal
 * in every double.
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

    /** 1 to 5 jobs; some capped in unit price, arriving later or needing a minimum performance. */
    private static List<BatchJob> jobs(UniformRandomProvider r, UniformRandomProvider batch) {
        double minVolume = 5 + r.nextInt(50);
        BatchGenerator g = new BatchGenerator(
                1 + r.nextInt(5), 1, 1 + r.nextInt(5), minVolume, minVolume + r.nextInt(150), -0.6, 0.6 + r.nextInt(3));
        List<BatchJob> out = new ArrayList<>();
        for (BatchJob j : g.generate(batch)) {
            ResourceRequest q = j.request();
            double cap = r.nextInt(4) == 0 ? 3 + 8 * r.nextDouble() : Double.POSITIVE_INFINITY;
            double minPerformance = r.nextInt(5) == 0 ? 2 + 4 * r.nextDouble() : 0;
            double arrival = r.nextInt(5) == 0 ? 100 * r.nextDouble() : 0;
            out.add(new BatchJob(
                    j.id(),
                    new ResourceRequest(q.nodes(), q.volume(), minPerformance, q.budget(), arrival, cap),
                    j.criterion()));
        }
        return out;
    }
}
