package org.metasched.window;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.Allocation;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;

/**
 * A search's times relative to the first slot's start, when they are large: the same windows whatever the origin
 * of the clock.
 *
 * <p>The comparisons of spec 0.1 use a tolerance relative to the magnitude of the times ({@link Tolerance}): at
 * {@code 10^7} s it is {@code 10^-7}, but at epoch microseconds ({@code 1.7 10^15}, as schedulers' logs write
 * them) it is 17 units, more than the distance between two slots, and a window that finishes at 32 loses to one
 * that finishes at 40. So when a slot list or the arrival reaches past the absolute range of the tolerance
 * ({@code 10^5}), the search runs on the slots moved to start at 0 (the first slot's start {@code o}; every time
 * {@code t} becomes {@code t - o}, which is exact for times in {@code [o, 2o]}, Sterbenz' lemma) and its window is
 * moved back: start and allocations plus {@code o}, lengths, cost and processor time as computed, hosts the
 * original slots. An arrival before {@code o} is {@code o}: no slot starts earlier. Below {@code 10^5} nothing
 * moves, so every result there is the one computed on the times as given.
 */
final class RelativeTime {
    private final double origin;
    private final SlotList slots;
    private final ResourceRequest request;
    private final IdentityHashMap<Slot, Slot> original;

    private RelativeTime(double origin, SlotList slots, ResourceRequest request, IdentityHashMap<Slot, Slot> original) {
        this.origin = origin;
        this.slots = slots;
        this.request = request;
        this.original = original;
    }

    /** The moved problem, or null when the times are small enough to be compared as they are. */
    static RelativeTime of(SlotList slots, ResourceRequest request) {
        if (slots.size() == 0
                || (slots.timeTolerance() <= Tolerance.EPS && Tolerance.at(request.arrival()) <= Tolerance.EPS)) {
            return null;
        }
        double origin = slots.start(0); // the earliest start: slot-list order
        if (origin == 0) {
            return null;
        }
        List<Slot> moved = new ArrayList<>(slots.size());
        IdentityHashMap<Slot, Slot> back = new IdentityHashMap<>(slots.size() * 2);
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            Slot m = new Slot(s.node(), s.start() - origin, s.end() - origin);
            moved.add(m);
            back.put(m, s);
        }
        double arrival = Math.max(request.arrival(), origin) - origin;
        return new RelativeTime(origin, SlotList.of(moved), request.withArrival(arrival), back);
    }

    SlotList slots() {
        return slots;
    }

    ResourceRequest request() {
        return request;
    }

    /** A window of the moved slots, on the original slots and clock. */
    Window back(Window w) {
        List<Allocation> allocations = new ArrayList<>(w.size());
        for (Allocation a : w.allocations()) {
            Slot host = original.get(a.host());
            if (host == null) { // a search may re-host on slots it made (CSA's cuts): the original one holds it
                host = containing(a);
            }
            allocations.add(new Allocation(host, a.start() + origin, a.end() + origin));
        }
        return new Window(w.start() + origin, w.runtime(), w.cost(), w.processorTime(), allocations);
    }

    private Slot containing(Allocation a) {
        for (Map.Entry<Slot, Slot> e : original.entrySet()) {
            Slot m = e.getKey();
            if (m.node().index() == a.node().index()
                    && Tolerance.le(m.start(), a.start())
                    && Tolerance.ge(m.end(), a.end())) {
                return e.getValue();
            }
        }
        throw new IllegalStateException("no slot holds " + a);
    }

    /** Windows of the moved slots, on the original slots and clock. */
    List<Window> back(List<Window> windows) {
        List<Window> out = new ArrayList<>(windows.size());
        for (Window w : windows) {
            out.add(back(w));
        }
        return out;
    }
}
