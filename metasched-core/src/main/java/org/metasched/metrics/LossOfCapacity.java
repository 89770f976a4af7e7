package org.metasched.metrics;

/**
 * Loss of capacity (spec 5.6, P001 eq. 2, decision D15, grid-wide): the share of processor time that stayed idle
 * while some waiting job would have fitted in the idle processors,
 * {@code LoC = 100 * sum_j n_j (t_{j+1} - t_j) delta_j / (N (t_q - t_1))}, integrated over the intervals between
 * consecutive event instants, from the first arrival {@code t_1} to the last completion {@code t_q}. {@code n_j}
 * are the idle processors during the interval (on a homogeneous machine without processor reservations, idle =
 * not running a job); {@code delta_j = 1} iff some waiting job needs at most {@code n_j} processors.
 */
public final class LossOfCapacity {
    private final int processors;
    private double lostProcessorSeconds;
    private double first = Double.NaN;
    private double last = Double.NaN;

    public LossOfCapacity(int processors) {
        this.processors = processors;
    }

    /**
     * Adds the interval {@code [from, to)} during which {@code idle} processors were idle and {@code
     * someWaitingJobFits} said whether a waiting job needed at most {@code idle} processors.
     */
    public void interval(double from, double to, int idle, boolean someWaitingJobFits) {
        if (Double.isNaN(first)) {
            first = from;
        }
        last = to;
        if (someWaitingJobFits) {
            lostProcessorSeconds += idle * (to - from);
        }
    }

    /** Idle processor-seconds counted as lost so far. */
    public double lostProcessorSeconds() {
        return lostProcessorSeconds;
    }

    /** LoC in percent; 0 for an empty or zero-length run. */
    public double percent() {
        if (Double.isNaN(first) || last <= first) {
            return 0.0;
        }
        return 100.0 * lostProcessorSeconds / (processors * (last - first));
    }
}
