package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.metasched.model.Geometry;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;

/**
 * The test oracle of {@link AlternativesSearch}: the search as it was before its cuts were made in place, each
 * window cut out of a new copy of the whole slot list ({@link SlotList#cut}). The two must find the same windows.
 */
final class CopyingAlternativesSearch {
    private CopyingAlternativesSearch() {}

    /**
     * The alternatives of every job, in batch order.
     *
     * @param finder the window search of each job (AMP for CSS, the job's own criterion for the batch-slicer)
     * @param maxAlternatives the most alternatives per job (Integer.MAX_VALUE: no cap)
     */
    static List<List<Window>> search(
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
        SlotList free = slots;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < jobs.size(); i++) {
                if (!active[i] || alternatives.get(i).size() >= maxAlternatives) {
                    continue;
                }
                BatchJob job = jobs.get(i);
                Optional<Window> w = finder.apply(job)
                        .find(free.pricedAtMost(job.request().maxUnitPrice()), job.request(), geometry, i + 1);
                if (w.isEmpty()) {
                    active[i] = false;
                    continue;
                }
                alternatives.get(i).add(w.get());
                free = free.cut(w.get());
                progress = true;
            }
        }
        return alternatives;
    }
}
