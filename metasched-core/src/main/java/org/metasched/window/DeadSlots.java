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
 *
 * <p>With several jobs searching one list (a batch's alternatives search, {@code LiveSlots}) a slot is dropped when it
 * is dead for every one of them, a slot above a job's price cap counting as dead for it (its searches never see it),
 * and the extremes are kept for the whole list and for the list each job's cap leaves.
 *
 * <p>The batch-slicer's other criteria (MinRunTime, MinFinish, MinCost) come with no previous start (minus
 * infinity): their next window may start before the previous one (MinCost, once the cheap nodes are taken to the
 * horizon, goes back to the earliest dearer window), so only the first two rules hold for them. Those hold exactly:
 * their scans are the same {@code AepScan}, which leaves a slot below the minimum performance or too short from its
 * effective start out of its visiting order (none of them draws or selects on every step), sees no slot above the
 * cap, and reads no other slot of the list (their bounds and node index come from the slots visited; only
 * MinProcTime's exact selection prices the others).
 */
public final class DeadSlots {
    private DeadSlots() {}

    /** A job still searching: its request, and the start of its previous alternative (or minus infinity). */
    public record Demand(ResourceRequest request, double after) {}

    /** {@code sl} without the slots dead for every job of {@code jobs}, less the extremes; {@code sl} if none is. */
    public static SlotList live(SlotList sl, List<Demand> jobs) {
        int size = sl.size();
        double far = 0;
        for (int i = 0; i < size; i++) {
            far = Math.max(far, Math.max(Math.abs(sl.start(i)), Math.abs(sl.end(i))));
        }
        int m = jobs.size();
        double[] margin = new double[m];
        for (int j = 0; j < m; j++) {
            ResourceRequest q = jobs.get(j).request();
            double after = jobs.get(j).after();
            double tol = Math.max(sl.timeTolerance(), Tolerance.at(q.arrival()));
            double reach = Math.max(far, Math.abs(q.arrival()));
            reach = Math.max(reach, after == Double.NEGATIVE_INFINITY ? 0 : Math.abs(after));
            margin[j] = 8 * Math.max(tol, Math.ulp(2 * reach));
        }
        boolean[] dead = new boolean[size];
        boolean any = false;
        for (int i = 0; i < size; i++) {
            dead[i] = true;
            for (int j = 0; j < m && dead[i]; j++) {
                dead[i] = dead(sl, i, jobs.get(j), margin[j]);
            }
            any |= dead[i];
        }
        if (!any) {
            return sl;
        }
        boolean[] keep = new boolean[size];
        keepExtremes(sl, dead, Double.POSITIVE_INFINITY, keep);
        for (Demand d : jobs) {
            keepExtremes(sl, dead, d.request().maxUnitPrice(), keep);
        }
        List<Slot> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            if (!dead[i] || keep[i]) {
                out.add(sl.get(i));
            }
        }
        return out.size() == size ? sl : SlotList.of(out);
    }

    /**
     * Marks the dead slots within {@code cap} that have the first start, the latest end and the largest time among
     * the dead slots within it: with them the list that cap leaves starts, ends and reaches as the whole one's.
     */
    private static void keepExtremes(SlotList sl, boolean[] dead, double cap, boolean[] keep) {
        int first = -1;
        int latestEnd = -1;
        int farthest = -1;
        for (int i = 0; i < sl.size(); i++) {
            if (dead[i] && SlotList.pricedWithin(sl.price(i), cap)) {
                first = first < 0 ? i : first;
                latestEnd = latestEnd < 0 || sl.end(i) > sl.end(latestEnd) ? i : latestEnd;
                farthest = farthest < 0 || magnitude(sl, i) > magnitude(sl, farthest) ? i : farthest;
            }
        }
        if (first >= 0) {
            keep[first] = true;
            keep[latestEnd] = true;
            keep[farthest] = true;
        }
    }

    private static double magnitude(SlotList sl, int i) {
        return Math.max(Math.abs(sl.start(i)), Math.abs(sl.end(i)));
    }

    private static boolean dead(SlotList sl, int i, Demand d, double margin) {
        ResourceRequest q = d.request();
        if (!SlotList.pricedWithin(sl.price(i), q.maxUnitPrice()) || sl.performance(i) < q.minPerformance()) {
            return true;
        }
        double length = q.volume() / sl.performance(i);
        double from = Math.max(sl.start(i), q.arrival());
        return sl.end(i) - from + margin < length || sl.end(i) - length < d.after() - margin;
    }
}
