package org.metasched.availability;

import java.util.List;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Tolerance;

/**
 * A node whose availability is uncertain (spec 4.1, decision D17): a global occupancy probability {@code P_g}
 * (maintenance, failures), local jobs with uncertain allocation and release, and optionally hard busy intervals.
 * The probability that the node is free over the whole interval {@code [t, t + T]} is
 *
 * <pre>
 * P_a(t; t+T) = (1 - P_g) * prod_j (1 - P_o,j * clamp(F_A,j(t+T) - F_R,j(t), 0, 1))
 * </pre>
 *
 * with {@code F_A} the normal CDF of the allocation time and {@code F_R} the lognormal CDF of the release time
 * ({@code F_R(x) = 0} for {@code x <= start}). A busy interval that overlaps {@code [t, t+T)} makes the
 * probability 0.
 *
 * <p>{@link #probability} equals that formula evaluated with Commons Statistics at every factor, to the last bit:
 * it only skips a distribution where the factor is exactly 1.0 or the product exactly 0 in double arithmetic. Above
 * {@value #UPPER_TAIL} standard deviations Commons' normal CDF is exactly 1.0 (1 - Phi is below half an ulp of
 * 1); below -{@value #LOWER_TAIL} it is under 1.2e-19, which changes neither {@code 1 - P_o ov} nor {@code F_A - F_R}
 * when {@code F_A >= 0.5} (the only case where a release is subtracted). The upper cut matters most: released
 * jobs have lognormal tails that reach far into the horizon.
 */
public final class AvailabilityNode {
    /** Standard deviations above which a normal CDF is exactly 1.0 as Commons computes it. */
    static final double UPPER_TAIL = 8.3;
    /** Standard deviations below which a normal CDF is negligible in the formula (see the class comment). */
    static final double LOWER_TAIL = 9.0;

    private final Node node;
    private final double occupancy;
    private final List<LocalJob> localJobs;
    private final List<Interval> busy;

    private final double[] start;
    private final double[] length;
    private final double[] probability;
    private final double[] allocationLow;
    private final double[] allocationHigh;
    private final double[] releaseLow;
    private final double[] releaseHigh;
    private final NormalDistribution[] allocation;
    private final LogNormalDistribution[] release;
    private final double[] busyStart;
    private final double[] busyEnd;

    private AvailabilityNode(Node node, double occupancy, List<LocalJob> localJobs, List<Interval> busy) {
        this.node = node;
        this.occupancy = occupancy;
        this.localJobs = List.copyOf(localJobs);
        this.busy = List.copyOf(busy);
        int k = this.localJobs.size();
        start = new double[k];
        length = new double[k];
        probability = new double[k];
        allocationLow = new double[k];
        allocationHigh = new double[k];
        releaseLow = new double[k];
        releaseHigh = new double[k];
        allocation = new NormalDistribution[k];
        release = new LogNormalDistribution[k];
        for (int j = 0; j < k; j++) {
            LocalJob job = this.localJobs.get(j);
            start[j] = job.start();
            length[j] = job.length();
            probability[j] = job.probability();
            allocationLow[j] = job.start() - LOWER_TAIL * job.sigmaStart();
            allocationHigh[j] = job.start() + UPPER_TAIL * job.sigmaStart();
            if (job.sigmaStart() > 0) {
                allocation[j] = NormalDistribution.of(job.start(), job.sigmaStart());
            }
            if (job.sigmaRelease() > 0 && job.length() > 0) {
                release[j] = LogNormalDistribution.of(0, job.sigmaRelease());
                releaseLow[j] = job.start() + job.length() * Math.exp(-LOWER_TAIL * job.sigmaRelease());
                releaseHigh[j] = job.start() + job.length() * Math.exp(UPPER_TAIL * job.sigmaRelease());
            }
        }
        busyStart = new double[this.busy.size()];
        busyEnd = new double[this.busy.size()];
        for (int i = 0; i < busyStart.length; i++) {
            busyStart[i] = this.busy.get(i).start();
            busyEnd[i] = this.busy.get(i).end();
        }
    }

    /**
     * A node with global occupancy {@code occupancy}, local jobs and busy intervals.
     *
     * @throws InputFormatException when the occupancy is not a number in [0, 1]
     */
    public static AvailabilityNode of(Node node, double occupancy, List<LocalJob> localJobs, List<Interval> busy) {
        if (!(occupancy >= 0 && occupancy <= 1)) {
            throw new InputFormatException("occupancy must be a number in [0, 1], got " + occupancy);
        }
        return new AvailabilityNode(node, occupancy, localJobs, busy);
    }

    /** A node with global occupancy only (no local jobs, never busy). */
    public static AvailabilityNode of(Node node, double occupancy) {
        return of(node, occupancy, List.of(), List.of());
    }

    public Node node() {
        return node;
    }

    public double occupancy() {
        return occupancy;
    }

    public List<LocalJob> localJobs() {
        return localJobs;
    }

    public List<Interval> busy() {
        return busy;
    }

    /**
     * The probability {@code P_a(t; t + runtime)} that the node is free over the whole interval.
     *
     * @param t start of the interval
     * @param runtime its length {@code T >= 0}
     */
    public double probability(double t, double runtime) {
        double end = t + runtime;
        for (int i = 0; i < busyStart.length; i++) {
            if (Tolerance.lt(busyStart[i], end) && Tolerance.lt(t, busyEnd[i])) {
                return 0;
            }
        }
        // a sure job allocated (F_A = 1.0) before the end and not released (F_R = 0) by t: the product is 0
        for (int j = 0; j < start.length; j++) {
            if (probability[j] == 1 && t <= start[j] && allocationCertain(j, end)) {
                return 0;
            }
        }
        double p = 1 - occupancy;
        for (int j = 0; j < start.length; j++) {
            double overlap = allocationCdf(j, end) - releaseCdf(j, t);
            if (overlap <= 0) {
                continue;
            }
            p *= 1 - probability[j] * Math.min(1, overlap);
            if (p == 0) {
                return 0;
            }
        }
        return p;
    }

    private boolean allocationCertain(int j, double x) {
        return allocation[j] == null ? x >= start[j] : x >= allocationHigh[j];
    }

    /** {@code F_A(x)}: the probability that job j has taken the node by time x. */
    private double allocationCdf(int j, double x) {
        if (allocation[j] == null) {
            return x >= start[j] ? 1 : 0;
        }
        if (x <= allocationLow[j]) {
            return 0;
        }
        if (x >= allocationHigh[j]) {
            return 1;
        }
        return allocation[j].cumulativeProbability(x);
    }

    /** {@code F_R(x)}: the probability that job j has released the node by time x (0 up to its start). */
    private double releaseCdf(int j, double x) {
        if (x <= start[j]) {
            return 0;
        }
        if (release[j] == null) {
            // a certain release: at the start for a zero length, else at start + length
            return length[j] == 0 || x >= start[j] + length[j] ? 1 : 0;
        }
        if (x <= releaseLow[j]) {
            return 0;
        }
        if (x >= releaseHigh[j]) {
            return 1;
        }
        return release[j].cumulativeProbability((x - start[j]) / length[j]);
    }
}
