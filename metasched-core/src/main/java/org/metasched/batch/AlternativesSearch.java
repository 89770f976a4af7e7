package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;
import org.metasched.window.WindowSearch;

/**
 * Round-robin alternatives search for a batch (spec 3.4, D8): jobs in batch order each take their next window from
 * the slots the earlier windows left, until no job finds one; the alternatives are pairwise slot-disjoint. The slots
 * left are cut in place ({@link SlotListCutter}), not copied per window: on a large, fragmented domain a batch has
 * thousands of alternatives.
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
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < jobs.size(); i++) {
                if (!active[i] || alternatives.get(i).size() >= maxAlternatives) {
                    continue;
                }
                BatchJob job = jobs.get(i);
                Optional<Window> w = finder.apply(job)
                        .find(
                                free.current().pricedAtMost(job.request().maxUnitPrice()),
                                job.request(),
                                geometry,
                                i + 1);
                if (w.isEmpty()) {
                    active[i] = false;
                    continue;
                }
                alternatives.get(i).add(w.get());
                free.cut(w.get());
                progress = true;
            }
        }
        return alternatives;
    }
}
