package org.metasched.flow.window;

import java.util.List;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.sim.Simulation;
import org.metasched.timeline.ResourceDomain;
import org.metasched.window.WindowSearch;

/**
 * Conservative backfilling over a heterogeneous domain (spec 2.5, paper P000 sections 2.2 and 4): jobs are taken
 * in queue order; each one's window is chosen by the search among the current idle slots (start no earlier than
 * its arrival) and committed at once, so no later job can delay it. Runtimes are exact: no early completions.
 * Each run is a {@link WindowFlow} model on the event engine.
 */
public final class WindowBackfilling {
    private final WindowSearch search;
    private final Geometry geometry;

    public WindowBackfilling(WindowSearch search, Geometry geometry) {
        this.search = search;
        this.geometry = geometry;
    }

    /** One job's outcome: its position in the input queue, its request, and its window (null: none found). */
    public record Placement(int job, ResourceRequest request, Window window) {
        public boolean scheduled() {
            return window != null;
        }
    }

    /** The schedule of a run and its averages over the scheduled jobs. */
    public record Schedule(List<Placement> placements) {
        public double meanFinish() {
            double sum = 0;
            int k = 0;
            for (Placement p : placements) {
                if (p.scheduled()) {
                    sum += p.window().finish();
                    k++;
                }
            }
            return k == 0 ? Double.NaN : sum / k;
        }

        public double makespan() {
            double max = 0;
            for (Placement p : placements) {
                if (p.scheduled()) {
                    max = Math.max(max, p.window().finish());
                }
            }
            return max;
        }

        public double meanCost() {
            double sum = 0;
            int k = 0;
            for (Placement p : placements) {
                if (p.scheduled()) {
                    sum += p.window().cost();
                    k++;
                }
            }
            return k == 0 ? Double.NaN : sum / k;
        }

        public long unscheduled() {
            long k = 0;
            for (Placement p : placements) {
                if (!p.scheduled()) {
                    k++;
                }
            }
            return k;
        }
    }

    /** Schedules {@code queue} in the given order on {@code domain}, which is modified. */
    public Schedule schedule(ResourceDomain domain, List<ResourceRequest> queue) {
        return run(domain, queue, false);
    }

    /**
     * The dynamic variant (spec 2.5, P000 Table 3): jobs are taken in order of arrival (ties by queue position),
     * each starting no earlier than its arrival. Placements keep their input positions.
     */
    public Schedule scheduleByArrival(ResourceDomain domain, List<ResourceRequest> queue) {
        return run(domain, queue, true);
    }

    private Schedule run(ResourceDomain domain, List<ResourceRequest> queue, boolean byArrival) {
        WindowFlow flow = new WindowFlow(search, geometry, domain, queue, byArrival);
        new Simulation<>(flow).run();
        return flow.schedule();
    }
}
