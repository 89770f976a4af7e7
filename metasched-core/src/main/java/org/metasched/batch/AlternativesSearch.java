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
import org.metasched.window.aep.AepStrategy;
import org.metasched.window.aep.AmpSelection;
import org.metasched.window.aep.MinCostSelection;
import org.metasched.window.aep.MinFinishSelection;
import org.metasched.window.aep.MinRunTimeSelection;
import org.metasched.window.aep.ResumingAmpScan;

/**
 * Round-robin alternatives search for a batch (spec 3.4, D8): jobs in batch order each take their next window from
 * the slots the earlier windows left, until no job finds one; the alternatives are pairwise slot-disjoint. The slots
 * left are cut in place ({@link SlotListCutter}), not copied per window: on a large, fragmented domain a batch has
 * thousands of alternatives. In ROUGH geometry a job searched with AMP (as CSS searches) resumes each search at its
 * previous window's start ({@link ResumingAmpScan}) instead of scanning the whole list again: the same windows.
 * Where it cannot (a free-time span past 10^5, COMMON geometry), and for the slicer's other criteria (MinRunTime,
 * MinFinish, MinCost), each search scans the whole cut list; once every job still searching is seen to search with
 * one of these four, those scans read it less the slots no such job can use ({@link LiveSlots}): the same windows,
 * in time linear instead of quadratic in the alternatives where the slots the jobs can still use stay few (AMP,
 * MinRunTime, MinFinish; MinCost's next window may lie anywhere, so more of them stay).
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
        // the windows not yet cut from free: while the whole scans read the live slots, free is cut only when read (a
        // resuming search, or live dropped), in the same order; each cut rewrites its list from the window on, which
        // for the windows of MinRunTime and MinCost, anywhere in the list, is most of it
        List<Window> uncut = new ArrayList<>();
        ResumingAmpScan[] resuming = new ResumingAmpScan[jobs.size()];
        boolean resume = geometry == Geometry.ROUGH && tasksOutlastTolerance(jobs, slots);
        // the slots the whole scans read from the first of them after every job still searching is seen to search
        // with a criterion that lets dead slots go (null before)
        LiveSlots live = null;
        boolean[] amp = new boolean[jobs.size()];
        Reach[] reach = new Reach[jobs.size()];
        boolean allDrop = dropDead;
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
                reach[i] = reach(search);
                amp[i] = reach[i] == Reach.AFTER_PREVIOUS_START;
                if (reach[i] == Reach.ANY) {
                    cutAll(free, uncut);
                    live = null;
                    allDrop = false;
                } else if (live != null) {
                    if (live.pruneDue()) {
                        live.prune(searching(jobs, active, reach, alternatives, maxAlternatives));
                    }
                } else if (allDrop
                        && !(resume && amp[i] && resumable(free.current(), job))
                        && searchingSeen(active, reach, alternatives, maxAlternatives)) {
                    // at the first whole scan: where every search resumes, the live slots would only cost their cuts
                    live = new LiveSlots(
                            free.current(), searching(jobs, active, reach, alternatives, maxAlternatives), slack);
                }
                SlotList whole = live == null ? free.current() : live.current();
                double cap = job.request().maxUnitPrice();
                Window w;
                // the live slots have the whole list's tolerance (DeadSlots keeps the slots that make it)
                if (resume && amp[i] && (live == null || resumable(live.current(), job))) {
                    cutAll(free, uncut);
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
                if (live != null) {
                    live.cut(w);
                    uncut.add(w);
                } else {
                    free.cut(w);
                }
                progress = true;
            }
        }
        return alternatives;
    }

    /** Cuts {@code uncut} from {@code free}, in order. */
    private static void cutAll(SlotListCutter free, List<Window> uncut) {
        for (Window w : uncut) {
            free.cut(w);
        }
        uncut.clear();
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

    /** Whether every job still searching has been seen to search with a criterion that lets dead slots go. */
    private static boolean searchingSeen(
            boolean[] active, Reach[] reach, List<List<Window>> alternatives, int maxAlternatives) {
        for (int j = 0; j < active.length; j++) {
            if (active[j]
                    && alternatives.get(j).size() < maxAlternatives
                    && (reach[j] == null || reach[j] == Reach.ANY)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The jobs still searching, each with the start of its previous alternative where its criterion is AMP (minus
     * infinity for the others: their next window may start earlier).
     */
    private static List<DeadSlots.Demand> searching(
            List<BatchJob> jobs,
            boolean[] active,
            Reach[] reach,
            List<List<Window>> alternatives,
            int maxAlternatives) {
        List<DeadSlots.Demand> out = new ArrayList<>();
        for (int j = 0; j < active.length; j++) {
            List<Window> found = alternatives.get(j);
            if (active[j] && found.size() < maxAlternatives) {
                if (reach[j] == null || reach[j] == Reach.ANY) {
                    throw new IllegalStateException("job " + jobs.get(j).id() + " may use any slot");
                }
                double after = found.isEmpty() || reach[j] != Reach.AFTER_PREVIOUS_START
                        ? Double.NEGATIVE_INFINITY
                        : found.get(found.size() - 1).start();
                out.add(new DeadSlots.Demand(jobs.get(j).request(), after));
            }
        }
        return out;
    }

    /** Which slots a job's searches may still use ({@link DeadSlots} has the rules). */
    private enum Reach {
        /** Any slot: a search that does not scan as {@link DeadSlots} assumes. */
        ANY,
        /** The slots of its nodes and price within the request that its task fits. */
        FITTING,
        /** Those where its task may start at or after its previous window's start (AMP). */
        AFTER_PREVIOUS_START
    }

    /**
     * AMP's windows start no earlier than the previous one; MinRunTime's, MinFinish's and MinCost's may start
     * anywhere, but their scans, as AMP's, leave a slot out that is too short for the task, on a node below the
     * minimum performance or above the price cap, and read no other slot of the list than its extremes.
     */
    private static Reach reach(WindowSearch search) {
        if (!(search instanceof AepWindowSearch aep)) {
            return Reach.ANY;
        }
        AepStrategy strategy = aep.strategy();
        if (strategy instanceof AmpSelection) {
            return Reach.AFTER_PREVIOUS_START;
        }
        return strategy instanceof MinRunTimeSelection
                        || strategy instanceof MinFinishSelection
                        || strategy instanceof MinCostSelection
                ? Reach.FITTING
                : Reach.ANY;
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
