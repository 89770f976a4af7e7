package org.metasched.timeline;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Market pricing (spec 1.6, P002 section 5): the market price of a node is proportional to its performance,
 * {@code m(p) = k p}, and a node's price deviates from it by a normal "discount or extra charge" {@code epsilon ~
 * N(0, sigma^2)} truncated to [-0.5, 0.5]: {@code c = k p (1 + epsilon)}. Budgets: {@code C = n V k (1 + beta)},
 * {@code beta ~ U[-0.6, 0.6]}.
 *
 * @param k market price per unit of performance (default 1)
 * @param sigma standard deviation of the deviation (spec FLAG; default 0.2)
 */
public record PricingModel(double k, double sigma) {
    public static final double DEFAULT_SIGMA = 0.2;

    public double price(double performance, UniformRandomProvider rng) {
        double eps = sigma * ZigguratSampler.NormalizedGaussian.of(rng).sample();
        eps = Math.max(-0.5, Math.min(0.5, eps));
        return k * performance * (1 + eps);
    }

    /** A job's budget: its market value {@code n V k} with a uniform discount or extra charge of up to 60 %. */
    public double budget(int nodes, double volume, UniformRandomProvider rng) {
        return budget(nodes, volume, -0.6, 0.6, rng);
    }

    /** A job's budget {@code n V k (1 + beta)} with {@code beta ~ U[minBeta, maxBeta]}. */
    public double budget(int nodes, double volume, double minBeta, double maxBeta, UniformRandomProvider rng) {
        double beta = minBeta + (maxBeta - minBeta) * rng.nextDouble();
        return nodes * volume * k * (1 + beta);
    }
}
