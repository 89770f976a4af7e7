package org.metasched.window;

import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.SlotList;
import org.metasched.window.aep.AepScan;
import org.metasched.window.aep.AepStrategy;

/**
 * The AEP scan (spec 3.1, paper P002 Algorithm 1) with one {@link AepStrategy}, as a {@link WindowSearch}. Each
 * call is one {@link AepScan}; a strategy that draws random numbers gets the stream named after it, keyed by this
 * search's seed and the job ({@link #find(SlotList, ResourceRequest, Geometry, long)}), so a job's window never
 * depends on which other jobs were searched before.
 */
public final class AepWindowSearch implements WindowSearch {
    private final AepStrategy strategy;
    private final long seed;

    public AepWindowSearch(AepStrategy strategy) {
        this(strategy, 0L);
    }

    /** @param seed the master seed of the random strategies' streams; ignored by the others */
    public AepWindowSearch(AepStrategy strategy, long seed) {
        this.strategy = strategy;
        this.seed = seed;
    }

    public AepStrategy strategy() {
        return strategy;
    }

    @Override
    public String name() {
        return strategy.name();
    }

    /** The search for job key 0: a standalone call. */
    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry) {
        return find(slots, request, geometry, 0L);
    }

    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry, long jobKey) {
        RelativeTime relative = RelativeTime.of(slots, request);
        if (relative != null) {
            return find(relative.slots(), relative.request(), geometry, jobKey).map(relative::back);
        }
        AepScan scan = new AepScan(
                slots, request, geometry, strategy, () -> new RandomStreams(seed).stream(strategy.name(), jobKey));
        return Optional.ofNullable(scan.run());
    }
}
