package org.metasched.flow.window;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.sim.Model;
import org.metasched.sim.Simulation;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;

/**
 * The window flow model (spec 2.5): jobs enter the queue ({@link JobQueued}) and each is placed at once in the
 * window its {@link WindowSearch} picks among the current idle slots, and committed, so no later job can delay
 * it. The search is the decision function: it reads the slot list and returns a window; this model commits it. A
 * search that draws random numbers keys its stream by the job's position, so a job's draws do not depend on how
 * many searches ran before it. Runtimes are exact: no early completions.
 *
 * <p>The slot list is derived once and then cut by each committed window (spec 1.5), which gives the same slots
 * as deriving them again from the domain, in O(m) per job instead of a full re-derivation.
 */
public final class WindowFlow implements Model<WindowFlowEvent> {
    private final WindowSearch search;
    private final Geometry geometry;
    private final ResourceDomain domain;
    private final List<ResourceRequest> queue;
    private final boolean byArrival;
    private final WindowBackfilling.Placement[] placements;
    private SlotList slots;

    /**
     * @param domain modified: every placed window is committed to it
     * @param byArrival false: the whole queue is known at the horizon start and taken in queue order; true: each
     *     job enters at its arrival time (ties in queue order)
     */
    public WindowFlow(
            WindowSearch search,
            Geometry geometry,
            ResourceDomain domain,
            List<ResourceRequest> queue,
            boolean byArrival) {
        this.search = search;
        this.geometry = geometry;
        this.domain = domain;
        this.queue = List.copyOf(queue);
        this.byArrival = byArrival;
        this.placements = new WindowBackfilling.Placement[queue.size()];
    }

    @Override
    public void start(Simulation<WindowFlowEvent> simulation) {
        slots = domain.slots();
        for (int j = 0; j < queue.size(); j++) {
            double t = byArrival ? queue.get(j).arrival() : domain.horizonStart();
            simulation.schedule(t, new JobQueued(j));
        }
    }

    @Override
    public void handle(WindowFlowEvent event, Simulation<WindowFlowEvent> simulation) {
        if (event instanceof JobQueued queued) {
            int j = queued.job();
            ResourceRequest r = queue.get(j);
            Optional<Window> w = search.find(slots, r, geometry, j);
            if (w.isPresent()) {
                domain.commit(w.get());
                slots = slots.cut(w.get());
            }
            placements[j] = new WindowBackfilling.Placement(j, r, w.orElse(null));
        } else {
            throw new IllegalStateException("unhandled event " + event);
        }
    }

    /** The schedule made so far, placements in input-queue positions (null for jobs not yet queued). */
    public WindowBackfilling.Schedule schedule() {
        return new WindowBackfilling.Schedule(Collections.unmodifiableList(Arrays.asList(placements.clone())));
    }
}
