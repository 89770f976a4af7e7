package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;
import org.metasched.window.AepWindowSearch;
import org.metasched.window.WindowSearch;
import org.metasched.window.aep.AmpSelection;
import org.metasched.window.aep.ResumingAmpScan;

/**
 * Round-robin alternatives search for a batch (spec 3.4, D8): jobs in batch order each take their next window from
 * the slots the earlier windows left, until no job finds one; the alternatives are pairwise slot-disjoint. The slots
 * left are cut in place ({@link SlotListCutter}), not copied per window: on a large, fragmented domain a batch has
 * thousands of alternatives. In ROUGH geometry a job searched with AMP (as CSS searches) resumes each search at its
 * previous window's start ({@link ResumingAmpScan}) instead of scanning the whole list again: the same windows.
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
        List<List<Window>> alternatives = new ArrayList<>();
        boolean[] active = new boolean[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            alternatives.add(new ArrayList<>());
            active[i] = true;
        }
        SlotListCutter free = new SlotListCutter(slots);
        ResumingAmpScan[] resuming = new ResumingAmpScan[jobs.size()];
        boolean resume = geometry == Geometry.ROUGH && tasksOutlastTolerance(jobs, slots);
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
                Window w;
                if (resume && isAmp(search)) {
                    if (resuming[i] == null) {
                        resuming[i] = new ResumingAmpScan(slots, job.request());
                    }
                    w = resuming[i].next(
                            free,
                            sl -> search.find(sl, job.request(), geometry, key).orElse(null));
                } else {
                    Optional<Window> found = search.find(
                            free.current().pricedAtMost(job.request().maxUnitPrice()), job.request(), geometry, key);
                    w = found.orElse(null);
                }
                if (w == null) {
                    active[i] = false;
                    continue;
                }
                alternatives.get(i).add(w);
                free.cut(w);
                progress = true;
            }
        }
        return alternatives;
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
