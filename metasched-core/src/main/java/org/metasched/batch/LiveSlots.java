package org.metasched.batch;

import java.util.List;
import org.metasched.model.Window;
import org.metasched.timeline.SlotList;
import org.metasched.timeline.SlotListCutter;
import org.metasched.window.DeadSlots;

/**
 * The slots of a batch's alternatives search that its whole scans read, when every job still searching searches with
 * AMP, MinRunTime, MinFinish or MinCost (spec 3.4): the slots left by the cuts so far, less those no job still
 * searching can use, which every cut leaves and which made the whole scans quadratic in the alternatives (the batch
 * of examples/batch-small.json on {@code [0, 1e6]}: 80 s). {@code AlternativesSearchDeadSlotsTest} compares with the
 * search on the whole lists.
 *
 * <p>The slots dropped are those dead for every job still searching (a job that found no window or has all its
 * alternatives searches no more), with the extremes of the list and of the list each job's price cap leaves kept:
 * {@link DeadSlots#live}, shared with CSA's whole scans, which has the rule and the argument.
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
    LiveSlots(SlotList free, List<DeadSlots.Demand> jobs, int slack) {
        this.slack = slack;
        prune(free, jobs);
    }

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
    void prune(List<DeadSlots.Demand> jobs) {
        prune(cutter.current(), jobs);
    }

    private void prune(SlotList sl, List<DeadSlots.Demand> jobs) {
        SlotList kept = DeadSlots.live(sl, jobs);
        cutter = new SlotListCutter(kept);
        nextPrune = slack == 0 ? 0 : 2 * kept.size() + slack;
    }
}
