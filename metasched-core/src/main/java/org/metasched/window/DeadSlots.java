package org.metasched.window;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.timeline.SlotList;

/**
 * The slots of a CSA search's cut list that no later AMP search of the job can use, dropped so that its whole scans
 * stay as long as the slots they can use (spec 3.2.3; {@code CsaDeadSlotsTest} compares with the whole lists).
 *
 * <p>Every cut of a ROUGH window leaves a piece before each task, and pieces and slots before the alternatives found
 * so far stay in the list; kept, they made each AMP search visit every piece of the earlier alternatives (the worked
 * example's nodes on {@code [0, 3e5]}: 32,000 alternatives, 10^9 slot visits, 7 s). A slot is dead when
 *
 * <ul>
 *   <li>its node is slower than the job's minimum performance, or
 *   <li>it is shorter than the job's task on its node from its effective start (its start or the arrival), or
 *   <li>a task on it would have to start before the previous alternative's start t0: no later window starts
 *       earlier, since a set feasible at an earlier step of a later list lies in slots of the earlier list (cuts only
 *       shorten slots; same nodes, prices and task lengths) that were feasible there, and AMP takes the first
 *       feasible step (the argument of {@code ResumingAmpScan}, for every geometry)
 * </ul>
 *
 * <p>each by more than a margin: eight times the largest tolerance and unit in the last place any later search can
 * compare with (the list's tolerance only shrinks as cuts shorten the list, and {@link RelativeTime} moves times to a
 * smaller frame), so that near ties are kept. AMP's scan ({@code AepScan}) leaves a dead slot out of its visiting
 * order or lets it expire before any feasible step: it never enters a window, is never cut and stays as it is. Of the
 * dead slots three are kept: the earliest, the one with the latest end and the one with the largest time. Dead slots
 * never change, and cuts only shorten the others, so the whole list's first start ({@link RelativeTime}'s origin),
 * latest end and largest time (which make its tolerance and the cuts') are always those of the kept slots: each
 * search compares exactly as on the whole list. AMP reads no other slot: not for a budgeted programme's quantum
 * (MinProcTime's exact selection prices every slot), and the node count only sizes arrays.
 */
final class DeadSlots {
    private DeadSlots() {}

    /**
     * {@code sl} without its dead slots for {@code request}; {@code sl} itself when none is dead.
     *
     * @param after the start of the previous alternative, found on the list {@code sl} was cut from (or minus
     *     infinity)
     */
    static SlotList dropped(SlotList sl, ResourceRequest request, double after) {
        int size = sl.size();
        double tol = Math.max(sl.timeTolerance(), Tolerance.at(request.arrival()));
        double far = Math.max(Math.abs(request.arrival()), after == Double.NEGATIVE_INFINITY ? 0 : Math.abs(after));
        for (int i = 0; i < size; i++) {
            far = Math.max(far, Math.max(Math.abs(sl.start(i)), Math.abs(sl.end(i))));
        }
        double margin = 8 * Math.max(tol, Math.ulp(2 * far));
        boolean[] dead = new boolean[size];
        int first = -1;
        int latestEnd = -1;
        int farthest = -1;
        for (int i = 0; i < size; i++) {
            dead[i] = dead(sl, i, request, after, margin);
            if (dead[i]) {
                first = first < 0 ? i : first;
                latestEnd = latestEnd < 0 || sl.end(i) > sl.end(latestEnd) ? i : latestEnd;
                farthest = farthest < 0 || magnitude(sl, i) > magnitude(sl, farthest) ? i : farthest;
            }
        }
        if (first < 0) {
            return sl;
        }
        List<Slot> kept = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            if (!dead[i] || i == first || i == latestEnd || i == farthest) {
                kept.add(sl.get(i));
            }
        }
        return kept.size() == size ? sl : SlotList.of(kept);
    }

    private static double magnitude(SlotList sl, int i) {
        return Math.max(Math.abs(sl.start(i)), Math.abs(sl.end(i)));
    }

    private static boolean dead(SlotList sl, int i, ResourceRequest request, double after, double margin) {
        if (sl.performance(i) < request.minPerformance()) {
            return true;
        }
        double length = request.volume() / sl.performance(i);
        double from = Math.max(sl.start(i), request.arrival());
        return sl.end(i) - from + margin < length || sl.end(i) - length < after - margin;
    }
}
