package org.metasched.window;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;
import org.metasched.window.aep.AmpSelection;
import org.metasched.window.aep.ResumingAmpScan;

/**
 * CSA, Common Stats AMP (spec 3.2.3): finds disjoint alternatives by repeating AMP on a slot list from which
 * every found window is cut, then returns the alternative with the smallest value of a {@link CsaCriterion}
 * (the earliest found on ties).
 */
public final class CsaWindowSearch implements WindowSearch {
    private final CsaCriterion criterion;
    private final int maxAlternatives;
    private final AepWindowSearch amp = new AepWindowSearch(new AmpSelection());
    /** Whether an AMP search may resume at the previous alternative's start ({@link #alternatives}). */
    private final boolean resume;
    /** Whether the whole scans drop the slots no later search can use ({@link DeadSlots}). */
    private final boolean dropDead;

    public CsaWindowSearch(CsaCriterion criterion) {
        this(criterion, Integer.MAX_VALUE);
    }

    /** @param maxAlternatives stop after this many alternatives */
    public CsaWindowSearch(CsaCriterion criterion, int maxAlternatives) {
        this(criterion, maxAlternatives, true);
    }

    /** @param resume false: every AMP search scans the whole list (for tests to compare with) */
    CsaWindowSearch(CsaCriterion criterion, int maxAlternatives, boolean resume) {
        this(criterion, maxAlternatives, resume, true);
    }

    /**
     * @param resume false: every AMP search scans the whole list
     * @param dropDead false: the whole cut list, dead slots too (with {@code resume} false: the definition, for tests
     *     to compare with)
     */
    CsaWindowSearch(CsaCriterion criterion, int maxAlternatives, boolean resume, boolean dropDead) {
        if (maxAlternatives < 1) {
            throw new IllegalArgumentException("maxAlternatives must be >= 1, got " + maxAlternatives);
        }
        this.criterion = criterion;
        this.maxAlternatives = maxAlternatives;
        this.resume = resume;
        this.dropDead = dropDead;
    }

    public CsaCriterion criterion() {
        return criterion;
    }

    @Override
    public String name() {
        return "csa";
    }

    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry) {
        RelativeTime relative = RelativeTime.of(slots, request);
        if (relative != null) {
            return find(relative.slots(), relative.request(), geometry).map(relative::back);
        }
        return best(alternatives(slots, request, geometry), criterion);
    }

    /**
     * The alternative with the smallest value of {@code criterion} (the earliest in {@code alternatives} on ties);
     * empty when there is none. P002's Figure 5 judges CSA per criterion (spec 3.10 v2): on each criterion its best
     * alternative on that criterion, one call per criterion on the same alternatives.
     */
    public static Optional<Window> best(List<Window> alternatives, CsaCriterion criterion) {
        Window best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        for (Window w : alternatives) {
            double v = criterion.of(w);
            if (best == null || Tolerance.lt(v, bestValue)) {
                best = w;
                bestValue = v;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * All alternatives in the order AMP finds them; pairwise disjoint in node time. In ROUGH geometry each AMP search
     * after the first resumes at the previous alternative's start ({@link ResumingAmpScan}, as a batch's alternatives
     * search does) instead of scanning the whole list again: the same windows ({@code CsaResumingTest}), and time
     * linear instead of quadratic in the alternatives (the worked example on {@code [0, 1e5]}: 2.6 s before). Not
     * for a job with a price cap, which AMP does not read and the resuming scan would apply, nor where the free time
     * spans more than {@code 10^5} (the resuming scan needs the absolute tolerance). Elsewhere each search
     * scans the whole cut list, less the slots no later search can use ({@link DeadSlots}): the pieces too short for
     * a task that every cut leaves, which made those scans quadratic too.
     */
    public List<Window> alternatives(SlotList slots, ResourceRequest request, Geometry geometry) {
        RelativeTime relative = RelativeTime.of(slots, request);
        if (relative != null) {
            return relative.back(alternatives(relative.slots(), relative.request(), geometry));
        }
        if (resume
                && geometry == Geometry.ROUGH
                && request.maxUnitPrice() == Double.POSITIVE_INFINITY
                && Math.max(slots.timeTolerance(), Tolerance.at(request.arrival())) <= Tolerance.EPS
                && ResumingAmpScan.taskOutlastsTolerance(slots, request.volume())) {
            return resumed(slots, request, geometry);
        }
        List<Window> alts = new ArrayList<>();
        SlotList current = slots;
        // AMP does not read maxPrice: no slot is dead for its price
        ResourceRequest uncapped = new ResourceRequest(
                request.nodes(),
                request.volume(),
                request.minPerformance(),
                request.budget(),
                request.arrival(),
                Double.POSITIVE_INFINITY);
        while (alts.size() < maxAlternatives) {
            Optional<Window> w = amp.find(current, request, geometry);
            if (w.isEmpty()) {
                break;
            }
            alts.add(onOriginalHosts(w.get(), slots));
            current = current.cut(w.get());
            if (dropDead) {
                current = DeadSlots.live(
                        current, List.of(new DeadSlots.Demand(uncapped, w.get().start())));
            }
        }
        return alts;
    }

    private List<Window> resumed(SlotList slots, ResourceRequest request, Geometry geometry) {
        List<Window> alts = new ArrayList<>();
        SlotListCutter free = new SlotListCutter(slots);
        ResumingAmpScan scan = new ResumingAmpScan(slots, request);
        while (alts.size() < maxAlternatives) {
            Window w = scan.next(free, sl -> amp.find(sl, request, geometry).orElse(null));
            if (w == null) {
                break;
            }
            alts.add(onOriginalHosts(w, slots));
            free.cut(w);
        }
        return alts;
    }

    /** The window with each allocation's host replaced by the slot of the original list that contains it. */
    private static Window onOriginalHosts(Window w, SlotList original) {
        List<Allocation> allocs = new ArrayList<>(w.size());
        for (Allocation a : w.allocations()) {
            Slot host = original.containing(a.node().index(), a.start(), a.end());
            allocs.add(new Allocation(host, a.start(), a.end()));
        }
        return new Window(w.start(), w.runtime(), w.cost(), w.processorTime(), allocs);
    }
}
