package org.metasched.gang;

/**
 * LXF, "largest slowdown first" (P001 Algorithm 7, spec 5.4, D14): key {@code -XF_j(now)} with {@code XF =
 * (t_wait + t_processing) / t_processing}, {@code t_wait = now - at_j}, {@code t_processing = pt_j}, so the job
 * that has waited longest relative to its length comes first. The printed comparison sorts ascending; the text,
 * the example (J2, J3, J4, J1, J5) and the name require descending (D14).
 *
 * <p>The variant {@code lxf-est} takes {@code t_processing} from the user's estimate ({@link
 * GangJobs#estimateSeconds}, SWF's requested time) instead of the run time the simulation serves: what a real
 * scheduler knows when it orders its queues (P001 section 5.3 calls {@code t_processing} "a job processing
 * estimate time"; the spec reads it as {@code pt_j}).
 *
 * <p>The variant {@code lxf-printed} is Algorithm 7 as printed: its insertion sort shifts a job past those whose
 * XF is larger, so the smallest expansion factor comes first. Against the text's reading it is the one that puts
 * LXF between AFCFS and LJFS, as the paper's Tables 3 and 4 do (docs/reproduction.md measures both).
 */
final class LargestExpansionFactorFirst implements QueuePolicy {
    private final boolean estimate;
    private final boolean smallestFirst;

    LargestExpansionFactorFirst(boolean estimate) {
        this(estimate, false);
    }

    private LargestExpansionFactorFirst(boolean estimate, boolean smallestFirst) {
        this.estimate = estimate;
        this.smallestFirst = smallestFirst;
    }

    /** P001's Algorithm 7 as printed: the smallest expansion factor first (run time as {@code t_processing}). */
    static LargestExpansionFactorFirst printed() {
        return new LargestExpansionFactorFirst(false, true);
    }

    @Override
    public String name() {
        return smallestFirst ? "lxf-printed" : estimate ? "lxf-est" : "lxf";
    }

    @Override
    public double priorityKey(GangJobs jobs, int j, double now) {
        double xf = expansionFactor(jobs, j, now);
        return smallestFirst ? xf : -xf;
    }

    /** {@code (t_wait + t_processing) / t_processing} of job {@code j} at {@code now}. */
    private double pt(GangJobs jobs, int j) {
        return estimate ? jobs.estimateSeconds(j) : jobs.processingSeconds(j);
    }

    double expansionFactor(GangJobs jobs, int j, double now) {
        double pt = pt(jobs, j);
        return (now - jobs.submitSeconds(j) + pt) / pt;
    }

    @Override
    public boolean timeDependent() {
        return true;
    }

    /**
     * {@code XF(t) = 1 + (t - at) / pt} is a line of slope {@code 1 / pt}: largest first, a job with a longer or
     * equal pt never catches up, a shorter one catches up at {@code t* = (at_o / pt_o - at_f / pt_f) / (1 / pt_o - 1
     * / pt_f)}; smallest first, the other way round (a job with a shorter or equal pt never falls behind the
     * first, a longer one does at the same {@code t*}).
     * The answer is {@code t*} less a margin for rounding, far wider than {@link org.metasched.model.Tolerance}'s: when
     * the two pts are close the denominator cancels, and {@code t* - Tolerance.at(t*)} can lie after the order
     * changes (QueuePoliciesTest's {@code lxfOvertakeTimeIsNeverAfterTheOrderChanges} fails with it).
     */
    @Override
    public double overtakeTime(GangJobs jobs, int first, int other, double now) {
        double pf = pt(jobs, first);
        double po = pt(jobs, other);
        if (smallestFirst ? po <= pf : po >= pf) {
            return Double.POSITIVE_INFINITY;
        }
        double t = (jobs.submitSeconds(other) / po - jobs.submitSeconds(first) / pf) / (1 / po - 1 / pf);
        return t - 1e-6 - 1e-7 * Math.abs(t);
    }

    @Override
    public String toString() {
        return name();
    }
}
