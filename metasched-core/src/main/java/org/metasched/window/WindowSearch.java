package org.metasched.window;

import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;

/** Chooses one window of {@code request.nodes()} simultaneously free slots, or none. */
public interface WindowSearch {
    /** The registered short name, e.g. {@code min-finish} or {@code cop}. */
    String name();

    /**
     * The best window by this search's criterion, or empty when no window satisfies the request (too few
     * eligible nodes, no common start, or no selection within the budget).
     *
     * @param slots the idle slots, in slot-list order
     * @param request what the job needs
     * @param geometry how long each slot of a window is occupied
     */
    Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry);

    /**
     * The same for the job with key {@code jobKey} (a flow passes the job's index): a search that draws random
     * numbers keys its stream by it, so the job gets the same draws whatever was searched before. Key 0 is a
     * standalone call, {@link #find(SlotList, ResourceRequest, Geometry)}; searches without randomness ignore
     * the key (the default).
     */
    default Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry, long jobKey) {
        return find(slots, request, geometry);
    }
}
