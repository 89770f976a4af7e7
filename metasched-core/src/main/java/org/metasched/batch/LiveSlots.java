package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;

/**
 * The slots of a batch's alternatives search that its whole AMP scans read, when every job still searching searches
 * with AMP (spec 3.4): the slots left by the cuts so far, less those no job still searching can use, which every
 * cut leaves and which made the whole scans quadratic in the alternatives (the batch of examples/batch-small.json on
 * {@code [0, 1e6]}: 80 s). {@code AlternativesSearchDeadSlotsTest} compares with the search on the whole lists.
 *
 * <p>A slot is dead for a job, as CSA's searches drop them ({@code org.metasched.window.DeadSlots}, which has the
 * argument), when its node is above the job's price cap (the job's searches never see it), slower than its minimum
 * performance, when it is too short for its task from its effective start, or when a task on it would have to start
 * before the job's previous alternative's start (no later window of the job starts earlier: the lists only shrink,
 * whoever cuts them, and AMP takes the first feasible step), each by a margin of eight times the largest tolerance
 * and unit in the last place the job's later searches can compare with. A slot is dropped when it is dead for every
 * job still searching (a job that found no window or has all its alternatives searches no more). Of the dead slots
 * those that fix the first start, the latest end and the largest time of the list and of the list each job's price
 * cap leaves are kept: dead slots are never a window's host and never change, and cuts only shorten the others, so
 * every list a search reads has the first start ({@code RelativeTime}'s origin), latest end and largest time (the
 * tolerance) of the whole list's, and the cuts of these slots, made with that tolerance, leave the same pieces.
 *
 * <p>The slots are cut in place as the whole list is ({@link SlotListCutter}, with every window), and the dead ones
 * dropped when the list has doubled since it last was: linear time in the alternatives.
 */
final class LiveSlots {
    /**
     * How many slots more than twice those kept the list grows to before the dead ones are dropped again (0: before
     * every search, for tests).
     */
    static final int SLACK = 32;

    private final int slack;
    private SlotListCutter cutter;
    /** The size at which the dead slots are dropped again. */
    private int nextPrune;

    /** The slots of {@code free} that {@code jobs}, the jobs still searching, may use (and the extremes kept). */
    LiveSlots(SlotList free, List<Demand> jobs, int slack) {
        this.slack = slack;
        prune(free, jobs);
    }

    /** A job still searching: its request, and the start of its previous alternative (or minus infinity). */
    record Demand(ResourceRequest request, double after) {}

    /** The slots now; valid until the next {@link #cut} or {@link #prune}. */
    SlotList current() {
        return cutter.current();
    }

    /** Reserves {@code window}, found on this list or on the whole one (whose hosts are slots of this one). */
    void cut(Window window) {
        cutter.cut(window);
    }

    /** Whether the list has doubled since the dead slots were last dropped. */
    boolean pruneDue() {
        return cutter.current().size() >= nextPrune;
    }

    /** Drops the slots dead for {@code jobs}, the jobs still searching. */
    void prune(List<Demand> jobs) {
        prune(cutter.current(), jobs);
    }

    private void prune(SlotList sl, List<Demand> jobs) {
        SlotList kept = live(sl, jobs);
        cutter = new SlotListCutter(kept);
        nextPrune = slack == 0 ? 0 : 2 * kept.size() + slack;
    }

    /** {@code sl} without the slots dead for every job of {@code jobs}, less the extremes; {@code sl} if none is. */
    static SlotList live(SlotList sl, List<Demand> jobs) {
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
