package org.metasched.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.DiscreteDistribution;
import org.apache.commons.statistics.distribution.HypergeometricDistribution;
import org.metasched.model.Interval;
import org.metasched.model.Node;

/**
 * Generates resource domains as the papers describe them: node performance uniform in a range, prices from the
 * market model of spec 1.6, and optionally the local load of spec 3.9 (P002 section 5).
 *
 * @param nodes how many nodes
 * @param minPerformance lower bound of the uniform performance
 * @param maxPerformance upper bound of the uniform performance
 * @param horizon the scheduling interval {@code [0, horizon]}
 * @param minLoad the local load u of a node lies in {@code [minLoad, maxLoad]}; both 0 for idle nodes
 * @param maxLoad see minLoad
 * @param priceSigma sigma of the price deviation (spec 1.6 FLAG, default 0.2)
 * @param integerPerformance draw whole-number performances {@code U{min..max}} instead of real ones (spec 2.7
 *     FLAG: "integer also acceptable")
 */
public record DomainGenerator(
        int nodes,
        double minPerformance,
        double maxPerformance,
        double horizon,
        double minLoad,
        double maxLoad,
        double priceSigma,
        boolean integerPerformance) {

    public DomainGenerator {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        if (!(minPerformance > 0) || maxPerformance < minPerformance) {
            throw new IllegalArgumentException("performance range must satisfy 0 < min <= max, got [" + minPerformance
                    + ", " + maxPerformance + "]");
        }
        if (!(horizon > 0)) {
            throw new IllegalArgumentException("horizon must be > 0, got " + horizon);
        }
        if (minLoad < 0 || maxLoad >= 1 || maxLoad < minLoad) {
            throw new IllegalArgumentException(
                    "load range must satisfy 0 <= min <= max < 1, got [" + minLoad + ", " + maxLoad + "]");
        }
    }

    /** P002 section 5 / spec 3.9: p ~ U[2, 10], local load 10-50 % over [0, horizon]. */
    public static DomainGenerator p002(int nodes, double horizon) {
        return new DomainGenerator(nodes, 2, 10, horizon, 0.10, 0.50, PricingModel.DEFAULT_SIGMA, false);
    }

    /** P000 section 4 / spec 2.7: p ~ U[2, 16], no local load, horizon 10 000. */
    public static DomainGenerator p000(int nodes) {
        return new DomainGenerator(nodes, 2, 16, 10_000, 0, 0, PricingModel.DEFAULT_SIGMA, false);
    }

    /** The same generator with whole-number (true) or real (false) performances. */
    public DomainGenerator withIntegerPerformance(boolean integer) {
        return new DomainGenerator(
                nodes, minPerformance, maxPerformance, horizon, minLoad, maxLoad, priceSigma, integer);
    }

    /** Draws a domain from {@code rng}: performances, then prices, then local load, node by node. */
    public ResourceDomain generate(UniformRandomProvider rng) {
        PricingModel pricing = new PricingModel(1.0, priceSigma);
        List<Node> list = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            double p = integerPerformance
                    ? Math.ceil(minPerformance)
                            + rng.nextInt((int) (Math.floor(maxPerformance) - Math.ceil(minPerformance)) + 1)
                    : minPerformance + (maxPerformance - minPerformance) * rng.nextDouble();
            list.add(new Node(i, "n" + i, p, pricing.price(p, rng)));
        }
        ResourceDomain d = new ResourceDomain(list, 0, horizon);
        if (maxLoad > 0) {
            DiscreteDistribution.Sampler h =
                    HypergeometricDistribution.of(40, 20, 20).createSampler(rng);
            for (int i = 0; i < nodes; i++) {
                double u = minLoad + (maxLoad - minLoad) * h.sample() / 20.0;
                for (Interval iv : localTasks(u, rng)) {
                    d.addBusy(i, iv);
                }
            }
        }
        return d;
    }

    /**
     * Spec 3.9: busy time {@code u * horizon} split into k ~ U{1..4} tasks, idle time into k + 1 gaps, both by
     * uniform random partition, interleaved starting with a gap.
     */
    private List<Interval> localTasks(double u, UniformRandomProvider rng) {
        int k = 1 + rng.nextInt(4);
        double[] tasks = partition(u * horizon, k, rng);
        double[] gaps = partition((1 - u) * horizon, k + 1, rng);
        List<Interval> out = new ArrayList<>(k);
        double t = 0;
        for (int i = 0; i < k; i++) {
            t += gaps[i];
            out.add(new Interval(t, Math.min(horizon, t + tasks[i])));
            t += tasks[i];
        }
        return out;
    }

    private static double[] partition(double total, int parts, UniformRandomProvider rng) {
        double[] cuts = new double[parts + 1];
        for (int i = 1; i < parts; i++) {
            cuts[i] = total * rng.nextDouble();
        }
        cuts[parts] = total;
        Arrays.sort(cuts, 1, parts);
        double[] out = new double[parts];
        for (int i = 0; i < parts; i++) {
            out[i] = cuts[i + 1] - cuts[i];
        }
        return out;
    }
}
