package org.metasched.flow.window;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.window.WindowSearch;

/**
 * Conservative backfilling over a heterogeneous domain (spec 2.5, paper P000 sections 2.2 and 4): jobs are taken
 * in queue order; each one's window is chosen by the search among the current idle slots (start no earlier than
 * its arrival) and committed at once, so no later job can delay it. Runtimes are exact: no early completions.
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
            return placements.stream()
                    .filter(Placement::scheduled)
                    .mapToDouble(p -> p.window().finish())
                    .average()
                    .orElse(Double.NaN);
        }

        public double makespan() {
            return placements.stream()
                    .filter(Placement::scheduled)
                    .mapToDouble(p -> p.window().finish())
                    .max()
                    .orElse(0);
        }

        public double meanCost() {
            return placements.stream()
                    .filter(Placement::scheduled)
                    .mapToDouble(p -> p.window().cost())
                    .average()
                    .orElse(Double.NaN);
        }

        public long unscheduled() {
            return placements.stream().filter(p -> !p.scheduled()).count();
        }
    }

    /** Schedules {@code queue} in the given order on {@code domain}, which is modified. */
    public Schedule schedule(ResourceDomain domain, List<ResourceRequest> queue) {
        List<Placement> out = new ArrayList<>(queue.size());
        for (int j = 0; j < queue.size(); j++) {
            ResourceRequest r = queue.get(j);
            Optional<Window> w = search.find(domain.slots(), r, geometry);
            w.ifPresent(domain::commit);
            out.add(new Placement(j, r, w.orElse(null)));
        }
        return new Schedule(out);
    }

    /**
     * The dynamic variant (spec 2.5, P000 Table 3): jobs are taken in order of arrival (ties by queue position),
     * each starting no earlier than its arrival. Placements keep their input positions.
     */
    public Schedule scheduleByArrival(ResourceDomain domain, List<ResourceRequest> queue) {
        List<Integer> order = new ArrayList<>();
        for (int j = 0; j < queue.size(); j++) {
            order.add(j);
        }
        order.sort(Comparator.comparingDouble((Integer j) -> queue.get(j).arrival())
                .thenComparingInt(j -> j));
        Placement[] out = new Placement[queue.size()];
        for (int j : order) {
            ResourceRequest r = queue.get(j);
            Optional<Window> w = search.find(domain.slots(), r, geometry);
            w.ifPresent(domain::commit);
            out[j] = new Placement(j, r, w.orElse(null));
        }
        return new Schedule(List.of(out));
    }
}
