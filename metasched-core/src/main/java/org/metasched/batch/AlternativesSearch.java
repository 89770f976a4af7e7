package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.metasched.model.Geometry;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;
import org.metasched.window.AepWindowSearch;
import org.metasched.window.DeadSlots;
import org.metasched.window.WindowSearch;
import org.metasched.window.aep.AmpSelection;
import org.metasched.window.aep.ResumingAmpScan;

/**
 * Round-robin alternatives search for a batch (spec 3.4, D8): jobs in batch order each take their next window from
 * the slots the earlier windows left, until no job finds one; the alternatives are pairwise slot-disjoint. The slots
 * left are cut in place ({@link SlotListCutter}), not copied per window: on a large, fragmented domain a batch has
 * thousands of alternatives. In ROUGH geometry a job searched with AMP (as CSS searches) resumes each search at its
 * previous window's start ({@link ResumingAmpScan}) instead of scanning the whole list again: the same windows.
 * Where it cannot (a free-time span past 10^5, COMMON geometry) each search scans the whole cut list; once every job
 * still searching is seen to search with AMP, those scans read it less the slots no such job can use ({@link
 * LiveSlots}): the same windows, in time linear instead of quadratic in the alternatives.
 */
public final class AlternativesSearch {
    private AlternativesSearch() {}

    /**
     * The alternatives of every job, in batch order.
     *
     * @param finder the window search of each job (AMP for CSS, the job's own criterion for the batch-slicer)
     * @param maxAlternatives the most alternatives per job (Integer.MAX_VALUE: no cap)
     */
    public static List<List<Window>> search(
            List<BatchJob> jobs,
            SlotList slots,
            Function<BatchJob, WindowSearch> finder,
            Geometry geometry,
            int maxAlternatives) {
        return search(jobs, slots, finder, geometry, maxAlternatives, true, LiveSlots.SLACK);
    }

    /**
     * @param dropDead false: every whole scan reads the whole cut list, dead slots too (for tests to compare with)
     * @param slack how many slots more than twice those kept the list may grow to before they are dropped again (0
     *     for tests: before every search)
     */
    static List<List<Window>> search(
            List<BatchJob> jobs,
            SlotList slots,
            Function<BatchJob, WindowSearch> finder,
            Geometry geometry,
            int maxAlternatives,
            boolean dropDead,
            int slack) {
        List<List<Window>> alternatives = new ArrayList<>();
        boolean[] active = new boolean[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            alternatives.add(new ArrayList<>());
            active[i] = true;
        }
        SlotListCutter free = new SlotListCutter(slots);
        ResumingAmpScan[] resuming = new ResumingAmpScan[jobs.size()];
        boolean resume = geometry == Geometry.ROUGH && tasksOutlastTolerance(jobs, slots);
        // the slots the whole AMP scans read from the first of them after every job still searching is seen to search
        // with AMP (null before)
        LiveSlots live = null;
        boolean[] amp = new boolean[jobs.size()];
        boolean allAmp = dropDead;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < jobs.size(); i++) {
                if (!active[i] || alternatives.get(i).size() >= maxAlternatives) {
                    continue;
                }
                BatchJob job = jobs.get(i);
                WindowSearch search = finder.apply(job);
                long key = i + 1L;
                amp[i] = isAmp(search);
                if (!amp[i]) {
                    live = null;
                    allAmp = false;
                } else if (live != null) {
                    if (live.pruneDue()) {
                        live.prune(searching(jobs, active, amp, alternatives, maxAlternatives));
                    }
                } else if (allAmp
                        && !(resume && resumable(free.current(), job))
                        && searchingSeenAmp(active, amp, alternatives, maxAlternatives)) {
                    // at the first whole scan: where every search resumes, the live slots would only cost their cuts
                    live = new LiveSlots(
                            free.current(), searching(jobs, active, amp, alternatives, maxAlternatives), slack);
                }
                SlotList whole = live == null ? free.current() : live.current();
                double cap = job.request().maxUnitPrice();
                Window w;
                if (resume && amp[i] && (live == null || resumable(free.current(), job))) {
                    if (resuming[i] == null) {
                        resuming[i] = new ResumingAmpScan(slots, job.request());
                    }
                    w = resuming[i].next(
                            free,
                            sl -> search.find(sl, job.request(), geometry, key).orElse(null));
                } else {
                    Optional<Window> found = search.find(whole.pricedAtMost(cap), job.request(), geometry, key);
                    w = found.orElse(null);
                }
                if (w == null) {
                    active[i] = false;
                    continue;
                }
                alternatives.get(i).add(w);
                free.cut(w);
                if (live != null) {
                    live.cut(w);
                }
                progress = true;
            }
        }
        return alternatives;
    }

    /**
     * Whether {@link ResumingAmpScan#next} may resume on the whole list {@code free} for {@code job}: not where the
     * tolerance is relative (a span past 10^5), where it would scan the whole list, and the scan of the live slots
     * finds the same window. The tolerance only shrinks as the list does, so those searches all come before the
     * first that may resume, and the resuming scan has carried no window into any of them.
     */
    private static boolean resumable(SlotList free, BatchJob job) {
        return Math.max(free.timeTolerance(), Tolerance.at(job.request().arrival())) <= Tolerance.EPS;
    }

    /** Whether every job still searching has been seen to search with AMP. */
    private static boolean searchingSeenAmp(
            boolean[] active, boolean[] amp, List<List<Window>> alternatives, int maxAlternatives) {
        for (int j = 0; j < active.length; j++) {
            if (active[j] && alternatives.get(j).size() < maxAlternatives && !amp[j]) {
                return false;
            }
        }
        return true;
    }

    /** The jobs still searching, each with the start of its previous alternative. */
    private static List<DeadSlots.Demand> searching(
            List<BatchJob> jobs,
            boolean[] active,
            boolean[] amp,
            List<List<Window>> alternatives,
            int maxAlternatives) {
        List<DeadSlots.Demand> out = new ArrayList<>();
        for (int j = 0; j < active.length; j++) {
            List<Window> found = alternatives.get(j);
            if (active[j] && found.size() < maxAlternatives) {
                if (!amp[j]) {
                    throw new IllegalStateException("job " + jobs.get(j).id() + " does not search with AMP");
                }
                double after = found.isEmpty()
                        ? Double.NEGATIVE_INFINITY
                        : found.get(found.size() - 1).start();
                out.add(new DeadSlots.Demand(jobs.get(j).request(), after));
            }
        }
        return out;
    }

    private static boolean isAmp(WindowSearch search) {
        return search instanceof AepWindowSearch aep && aep.strategy() instanceof AmpSelection;
    }

    /**
     * True when every job's task lasts longer than the tolerance on every node ({@link ResumingAmpScan}): when the
     * smallest volume's does.
     */
    private static boolean tasksOutlastTolerance(List<BatchJob> jobs, SlotList slots) {
        double smallest = Double.POSITIVE_INFINITY;
        for (BatchJob j : jobs) {
            smallest = Math.min(smallest, j.request().volume());
        }
        return ResumingAmpScan.taskOutlastsTolerance(slots, smallest);
    }
}
