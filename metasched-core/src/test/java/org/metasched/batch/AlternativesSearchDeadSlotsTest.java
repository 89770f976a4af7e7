package org.metasched.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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
import org.metasched.window.DeadSlots;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * The batch's alternatives search without the slots no job still searching can use ({@link LiveSlots}) against the
 * search on the whole cut lists: on random P002 domains stretched to free time spans of 10^2 to 10^7 (where the
 * searches compare with a tolerance relative to the span and move the lists' times), at origins of 0, -5e5, 1.7e9
 * and 1.7e12, batches of 1 to 4 jobs of 1 to 4 nodes with budgets from poor to unbounded, later arrivals, minimum
 * performances and price caps, some capped in alternatives, searched with AMP as CSS searches or with their own
 * criteria as the slicer does, in both geometries: the same windows in the same order, equal in every double.
 */
class AlternativesSearchDeadSlotsTest {
    @Test
    void droppingDeadSlotsFindsTheAlternativesOfTheWholeLists() {
        RandomStreams streams = new RandomStreams(3011);
        int windows = 0;
        int longSpans = 0;
        int dropped = 0;
        for (int run = 0; run < 600; run++) {
            UniformRandomProvider r = streams.stream("case", run);
            double stretch = Math.pow(10, r.nextInt(5));
            SlotList slots = domain(r, streams.stream("nodes", run), stretch);
            List<BatchJob> jobs = jobs(r, stretch, slots.start(0), r.nextBoolean());
            Geometry geometry = r.nextInt(3) == 0 ? Geometry.COMMON : Geometry.ROUGH;
            boolean css = r.nextInt(3) != 0;
            Function<BatchJob, WindowSearch> finder =
                    j -> WindowSearches.create(css ? "amp" : j.criterion().search());
            int cap = r.nextInt(4) == 0 ? 1 + r.nextInt(30) : Integer.MAX_VALUE;
            List<List<Window>> expected = AlternativesSearch.search(jobs, slots, finder, geometry, cap, false, 0);
            String what = "run " + run + " (" + (css ? "css" : "slicer") + ", " + geometry + ", " + slots.size()
                    + " slots, " + jobs + ")";
            assertThat(AlternativesSearch.search(jobs, slots, finder, geometry, cap))
                    .as(what)
                    .isEqualTo(expected);
            assertThat(AlternativesSearch.search(jobs, slots, finder, geometry, cap, true, 0))
                    .as("dropping before every search: " + what)
                    .isEqualTo(expected);
            int found = 0;
            for (List<Window> a : expected) {
                found += a.size();
            }
            windows += found;
            if (stretch >= 1e3) {
                longSpans += found;
            }
            dropped += deadAtTheEnd(slots, jobs, expected, css);
        }
        assertThat(windows).as("windows found").isGreaterThan(10_000);
        assertThat(longSpans).as("windows on spans past 10^5").isGreaterThan(2_000);
        assertThat(dropped).as("dead slots when the jobs stop").isGreaterThan(2_000);
    }

    /**
     * The batch-slicer's criteria other than the start (MinRunTime, MinFinish, MinCost), alone and mixed with it, whose
     * next window may start before the previous one: dropping the slots none of them can use (above the price cap,
     * below the minimum performance, too short for the task; and for the start's jobs, before the previous start)
     * finds the windows of the whole lists, in both geometries, on spans of 10^2 to 10^7 at origins 0, -5e5, 1.7e9
     * and 1.7e12. Drawn apart from the test above (its own seed, no batch all AMP).
     */
    @Test
    void droppingDeadSlotsFindsTheWholeListsWindowsOfEveryCriterion() {
        RandomStreams streams = new RandomStreams(3119);
        int windows = 0;
        int longSpans = 0;
        int dropped = 0;
        for (int run = 0; run < 400; run++) {
            UniformRandomProvider r = streams.stream("case", run);
            double stretch = Math.pow(10, r.nextInt(6));
            SlotList slots = domain(r, streams.stream("nodes", run), stretch);
            List<BatchJob> jobs = jobs(r, stretch, slots.start(0), false);
            Geometry geometry = r.nextInt(3) == 0 ? Geometry.COMMON : Geometry.ROUGH;
            Function<BatchJob, WindowSearch> finder =
                    j -> WindowSearches.create(j.criterion().search());
            int cap = r.nextInt(4) == 0 ? 1 + r.nextInt(30) : Integer.MAX_VALUE;
            List<List<Window>> expected = AlternativesSearch.search(jobs, slots, finder, geometry, cap, false, 0);
            String what = "run " + run + " (" + geometry + ", " + slots.size() + " slots, " + jobs + ")";
            assertThat(AlternativesSearch.search(jobs, slots, finder, geometry, cap))
                    .as(what)
                    .isEqualTo(expected);
            assertThat(AlternativesSearch.search(jobs, slots, finder, geometry, cap, true, 0))
                    .as("dropping before every search: " + what)
                    .isEqualTo(expected);
            for (List<Window> a : expected) {
                windows += a.size();
                longSpans += stretch >= 1e3 ? a.size() : 0;
            }
            dropped += deadAtTheEnd(slots, jobs, expected, false);
        }
        assertThat(windows).as("windows found").isGreaterThan(10_000);
        assertThat(longSpans).as("windows on spans past 10^5").isGreaterThan(2_000);
        assertThat(dropped).as("dead slots when the jobs stop").isGreaterThan(2_000);
    }

    /**
     * A MinCost job's next window may start before its previous one: here the cheap node's windows at 20 and 5e5, then
     * the mid node's and the dear node's at 0, which the rule of the previous start would lose. The mid node's slot at
     * 0 is shorter than the task by less than the tolerance (5e-9 on this span, kept long by a slot too short for the
     * job at 5e5 + 100) and stays; its slot at 40, shorter by more, goes.
     */
    @Test
    void aMinCostJobsSlotsBeforeItsPreviousWindowStay() {
        Node cheap = new Node(0, "cheap", 1, 1);
        Node dear = new Node(1, "dear", 1, 5);
        Node mid = new Node(2, "mid", 1, 3);
        SlotList slots = SlotList.of(List.of(
                new Slot(cheap, -1, 0), // too short: the first start, kept
                new Slot(dear, 0, 10),
                new Slot(mid, 0, 10 - 3e-9), // shorter than the task by less than the tolerance
                new Slot(cheap, 20, 30),
                new Slot(mid, 40, 49), // too short
                new Slot(cheap, 5e5, 5e5 + 10),
                new Slot(dear, 5e5 + 100, 5e5 + 101))); // too short, keeps the span and so the tolerance
        ResourceRequest ten = new ResourceRequest(1, 10, 0, Double.POSITIVE_INFINITY, 0, Double.POSITIVE_INFINITY);
        List<BatchJob> jobs = List.of(new BatchJob("cost", ten, BatchJob.Criterion.COST));
        Function<BatchJob, WindowSearch> own =
                j -> WindowSearches.create(j.criterion().search());
        List<List<Window>> alternatives =
                AlternativesSearch.search(jobs, slots, own, Geometry.ROUGH, Integer.MAX_VALUE, true, 0);
        assertThat(alternatives)
                .isEqualTo(AlternativesSearch.search(jobs, slots, own, Geometry.ROUGH, Integer.MAX_VALUE, false, 0));
        assertThat(alternatives.get(0))
                .extracting(w -> w.allocations().get(0).node().id() + "@" + w.start())
                .containsExactly("cheap@20.0", "cheap@500000.0", "mid@0.0", "dear@0.0");
    }

    /**
     * On a span past 10^5 (whole scans, tolerance 5e-9), a short job's slots stay while it searches though they are
     * dead for the long one: the piece of a node too short for the long job's task; a slot shorter than the short
     * one's task by less than the tolerance; and a slot where that task's last start lies before the short job's
     * previous start by less than the tolerance (the dearer of two slots at that start, which it takes next). A slot
     * too short for both past 10^5 keeps the list's span, and so its tolerance, long.
     */
    @Test
    void aSlotStaysWhileAJobStillSearchingCanUseIt() {
        Node cheap = new Node(0, "cheap", 1, 1);
        Node dear = new Node(1, "dear", 1, 2);
        Node brief = new Node(2, "brief", 1, 1);
        Node spare = new Node(3, "spare", 1, 3);
        SlotList slots = SlotList.of(List.of(
                new Slot(brief, -1, 0),
                new Slot(cheap, 0, 10),
                new Slot(dear, 0, 10),
                new Slot(spare, 4, 8 - 3e-9),
                new Slot(brief, 100, 104 - 3e-9), // shorter than the task by less than the tolerance, 5e-9
                new Slot(cheap, 5e5, 5e5 + 10),
                new Slot(dear, 5e5 + 100, 5e5 + 101)));
        ResourceRequest ten = new ResourceRequest(1, 10, 0, Double.POSITIVE_INFINITY, 0, Double.POSITIVE_INFINITY);
        ResourceRequest four = new ResourceRequest(1, 4, 0, Double.POSITIVE_INFINITY, 0, Double.POSITIVE_INFINITY);
        List<BatchJob> jobs = List.of(
                new BatchJob("long", ten, BatchJob.Criterion.START),
                new BatchJob("short", four, BatchJob.Criterion.START));
        Function<BatchJob, WindowSearch> amp = j -> WindowSearches.create("amp");
        List<List<Window>> alternatives =
                AlternativesSearch.search(jobs, slots, amp, Geometry.ROUGH, Integer.MAX_VALUE, true, 0);
        assertThat(alternatives)
                .isEqualTo(AlternativesSearch.search(jobs, slots, amp, Geometry.ROUGH, Integer.MAX_VALUE, false, 0));
        assertThat(alternatives.get(0))
                .extracting(w -> w.allocations().get(0).node().id() + "@" + w.start())
                .containsExactly("cheap@0.0", "cheap@500000.0");
        assertThat(alternatives.get(1))
                .extracting(w -> w.allocations().get(0).node().id() + "@" + w.start())
                .containsExactly("dear@0.0", "dear@4.0", "spare@4.0", "brief@100.0");
    }

    /** Dead slots of the list the windows leave, for the jobs as if still searching after their last window. */
    private static int deadAtTheEnd(SlotList slots, List<BatchJob> jobs, List<List<Window>> alternatives, boolean css) {
        SlotList cut = slots; // cut in the order the search found them: round by round, jobs in batch order
        int rounds = 0;
        for (List<Window> a : alternatives) {
            rounds = Math.max(rounds, a.size());
        }
        for (int k = 0; k < rounds; k++) {
            for (List<Window> a : alternatives) {
                if (k < a.size()) {
                    cut = cut.cut(a.get(k));
                }
            }
        }
        List<DeadSlots.Demand> demands = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            List<Window> a = alternatives.get(j);
            boolean amp = css || jobs.get(j).criterion() == BatchJob.Criterion.START;
            double after = a.isEmpty() || !amp
                    ? Double.NEGATIVE_INFINITY
                    : a.get(a.size() - 1).start();
            demands.add(new DeadSlots.Demand(jobs.get(j).request(), after));
        }
        return cut.size() - DeadSlots.live(cut, demands).size();
    }

    /** A random P002 domain of 1 to 12 nodes, idle or loaded, its times {@code origin + stretch * t}. */
    private static SlotList domain(UniformRandomProvider r, UniformRandomProvider nodes, double stretch) {
        double horizon = 100 + r.nextInt(900);
        double load = r.nextInt(4) == 0 ? 0 : 0.1 + 0.4 * r.nextDouble();
        SlotList slots = new DomainGenerator(
                        1 + r.nextInt(12),
                        2,
                        10,
                        horizon,
                        Math.min(load, 0.1),
                        load,
                        PricingModel.DEFAULT_SIGMA,
                        r.nextBoolean())
                .generate(nodes)
                .slots();
        double[] origins = {0, -5e5, 1.7e9, 1.7e12};
        double origin = origins[r.nextInt(origins.length)];
        List<Slot> moved = new ArrayList<>();
        for (Slot s : slots.asList()) {
            moved.add(new Slot(s.node(), origin + stretch * s.start(), origin + stretch * s.end()));
        }
        return SlotList.of(moved);
    }

    /**
     * 1 to 4 jobs of 1 to 4 nodes, volumes {@code stretch} times 3 to 62, budgets poor to unbounded, arrivals at
     * {@code origin} or later, some with a minimum performance or a price cap; criteria all the start (AMP) or drawn.
     */
    private static List<BatchJob> jobs(UniformRandomProvider r, double stretch, double origin, boolean allStart) {
        List<BatchJob.Criterion> criteria = BatchJob.Criterion.REGISTRY.entries();
        int count = 1 + r.nextInt(4);
        List<BatchJob> out = new ArrayList<>();
        for (int j = 0; j < count; j++) {
            int n = 1 + r.nextInt(4);
            double volume = stretch * (3 + r.nextInt(60));
            double budget = r.nextInt(3) == 0 ? Double.POSITIVE_INFINITY : n * volume * (0.5 + 2 * r.nextDouble());
            double arrival = r.nextInt(3) == 0 ? origin + stretch * r.nextInt(200) : origin;
            double minPerformance = r.nextInt(4) == 0 ? 2 + r.nextInt(5) : 0;
            double maxPrice = r.nextInt(4) == 0 ? 2 + 6 * r.nextDouble() : Double.POSITIVE_INFINITY;
            BatchJob.Criterion c = allStart ? BatchJob.Criterion.START : criteria.get(r.nextInt(criteria.size()));
            out.add(new BatchJob(
                    "j" + j, new ResourceRequest(n, volume, minPerformance, budget, arrival, maxPrice), c));
        }
        return out;
    }
}
