package org.metasched.availability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.PricingModel;

/**
 * Generates uncertain domains as paper P003 section 4.1 describes them (spec 4.2; its parameters are FLAGs there):
 *
 * <ul>
 *   <li>nodes: performance {@code p ~ U[2, 10]}, market price {@code c = p (1 + eps)} (spec 1.6, sigma 0.2);
 *   <li>global load: occupancy {@code P_g = |N(0, globalLoad^2)|} clipped to [0, 1] (globalLoad 0.05 leaves about
 *       68 % of nodes below 0.05, as the paper says);
 *   <li>job load, per node: local jobs with submit times {@code U[a - W, b + T]} and lengths {@code LogNormal(ln
 *       100, 0.5)} drawn until their total length reaches {@code jobLoad (b + T - a + W)}; in submit order each
 *       starts at its submit time or at the previous job's median release, whichever is later; {@code sigmaStart =
 *       0.1 length}, {@code sigmaRelease = 0.3}, occupation probability 1.
 * </ul>
 *
 * <p>The warm-up W is not in the spec (W = 0 there): with W = 0 a node's job queue starts empty at the horizon
 * start, so the node is idle until its first submit time and jobs that pile up at the end run past {@code b + T};
 * at job load 1 only about 81 % of {@code [a, b + T]} is then busy. A warm-up simulates the job flow from {@code a -
 * W} instead, so that the horizon sees the flow in progress and the busy fraction approaches the job load (the
 * paper's "job-load = 1 (full initial utilization)"). Jobs released for certain before a are dropped: they change
 * no availability in the horizon.
 *
 * Replication r draws node characteristics from stream {@code p003-nodes} and node i's local jobs from {@code
 * p003-local-jobs/i}, replication r: the same nodes whatever the job load, and a node's jobs at a higher load
 * start with the same draws.
 *
 * @param nodes how many nodes
 * @param globalLoad standard deviation of the global occupancy
 * @param jobLoad total local job length as a fraction of {@code b + T - a}, {@code >= 0}
 * @param horizonStart a, the earliest window start
 * @param horizonEnd b, the latest window start
 * @param runtime T, the window length the load must cover beyond b
 * @param warmUp W, how long before a the local job flow starts, {@code >= 0}
 */
public record LoadGenerator(
        int nodes,
        double globalLoad,
        double jobLoad,
        double horizonStart,
        double horizonEnd,
        double runtime,
        double warmUp) {
    public static final double MIN_PERFORMANCE = 2;
    public static final double MAX_PERFORMANCE = 10;
    public static final double MEDIAN_JOB_LENGTH = 100;
    public static final double JOB_LENGTH_SIGMA = 0.5;
    public static final double SIGMA_START_PER_LENGTH = 0.1;
    public static final double SIGMA_RELEASE = 0.3;

    public LoadGenerator {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        if (!(globalLoad >= 0) || !Double.isFinite(globalLoad)) {
            throw new IllegalArgumentException("global load must be a finite number >= 0, got " + globalLoad);
        }
        if (!(jobLoad >= 0) || !Double.isFinite(jobLoad)) {
            throw new IllegalArgumentException("job load must be a finite number >= 0, got " + jobLoad);
        }
        if (!(warmUp >= 0) || !Double.isFinite(warmUp)) {
            throw new IllegalArgumentException("warm-up must be a finite number >= 0, got " + warmUp);
        }
        if (!(horizonEnd >= horizonStart) || !(runtime > 0)) {
            throw new IllegalArgumentException("need horizon start <= end and runtime > 0, got [" + horizonStart + ", "
                    + horizonEnd + "], " + runtime);
        }
    }

    /** The paper's set-up (section 4.2): 64 nodes, horizon [0, 800], T = 200, global load 0.05; no warm-up. */
    public static LoadGenerator paper(double jobLoad) {
        return new LoadGenerator(64, 0.05, jobLoad, 0, 800, 200, 0);
    }

    public LoadGenerator withWarmUp(double w) {
        return new LoadGenerator(nodes, globalLoad, jobLoad, horizonStart, horizonEnd, runtime, w);
    }

    /** Replication {@code replication} of this domain. */
    public AvailabilityDomain generate(RandomStreams streams, long replication) {
        UniformRandomProvider rng = streams.stream("p003-nodes", replication);
        PricingModel pricing = new PricingModel(1.0, PricingModel.DEFAULT_SIGMA);
        ContinuousDistribution.Sampler occupancy =
                globalLoad > 0 ? NormalDistribution.of(0, globalLoad).createSampler(rng) : () -> 0;
        List<AvailabilityNode> list = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            double p = MIN_PERFORMANCE + (MAX_PERFORMANCE - MIN_PERFORMANCE) * rng.nextDouble();
            double price = pricing.price(p, rng);
            double pg = Math.min(1, Math.abs(occupancy.sample()));
            List<LocalJob> jobs = localJobs(streams.stream("p003-local-jobs/" + i, replication));
            list.add(AvailabilityNode.of(new Node(i, "n" + i, p, price), pg, jobs, List.of()));
        }
        return new AvailabilityDomain(list, horizonStart, horizonEnd);
    }

    /** One node's local jobs (spec 4.2). */
    List<LocalJob> localJobs(UniformRandomProvider rng) {
        double from = horizonStart - warmUp;
        double span = horizonEnd + runtime - from;
        double target = jobLoad * span;
        ContinuousDistribution.Sampler lengths = LogNormalDistribution.of(Math.log(MEDIAN_JOB_LENGTH), JOB_LENGTH_SIGMA)
                .createSampler(rng);
        List<double[]> drawn = new ArrayList<>();
        double total = 0;
        while (total < target) {
            double submit = from + span * rng.nextDouble();
            double length = lengths.sample();
            drawn.add(new double[] {submit, length});
            total += length;
        }
        double[][] jobs = drawn.toArray(new double[0][]);
        Arrays.sort(jobs, Comparator.comparingDouble(j -> j[0]));
        List<LocalJob> out = new ArrayList<>(jobs.length);
        double free = Double.NEGATIVE_INFINITY;
        for (double[] j : jobs) {
            double start = Math.max(j[0], free);
            free = start + j[1];
            // released for certain (F_R = 1.0, see AvailabilityNode) before the horizon: no effect in it
            if (start + j[1] * Math.exp(AvailabilityNode.UPPER_TAIL * SIGMA_RELEASE) > horizonStart) {
                out.add(LocalJob.of(start, j[1], SIGMA_START_PER_LENGTH * j[1], SIGMA_RELEASE));
            }
        }
        return out;
    }

    /**
     * The P003 budget (spec 1.6 FLAG): {@code n T median(price)} over the domain's nodes, which binds for about half
     * of the node sets.
     */
    public static double medianPriceBudget(AvailabilityDomain domain, int n, double runtime) {
        double[] prices = new double[domain.nodes().size()];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = domain.nodes().get(i).node().unitPrice();
        }
        Arrays.sort(prices);
        int k = prices.length;
        double median = k % 2 == 1 ? prices[k / 2] : (prices[k / 2 - 1] + prices[k / 2]) / 2;
        return n * runtime * median;
    }
}
