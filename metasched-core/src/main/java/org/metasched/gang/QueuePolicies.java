package org.metasched.gang;

/** The queue policies of spec 5.4. */
public final class QueuePolicies {
    /** AFCFS: fewest tasks first (D13; the paper's example J5, J2, J3, J1, J4). */
    public static final QueuePolicy AFCFS = new AdaptedFirstComeFirstServed();

    /** LJFS: most tasks first (the paper's example J1, J4, J2, J3, J5). */
    public static final QueuePolicy LJFS = new LargestJobFirstServed();

    /** LXF: largest expansion factor first, recomputed at every pass (D14). */
    public static final QueuePolicy LXF = new LargestExpansionFactorFirst(false);

    /** LXF with the user's estimate (SWF requested time) as {@code t_processing} instead of the run time. */
    public static final QueuePolicy LXF_ESTIMATE = new LargestExpansionFactorFirst(true);

    /** P001's Algorithm 7 as printed: the smallest expansion factor first (its insertion sort's comparison). */
    public static final QueuePolicy LXF_PRINTED = LargestExpansionFactorFirst.printed();

    private QueuePolicies() {}
}
