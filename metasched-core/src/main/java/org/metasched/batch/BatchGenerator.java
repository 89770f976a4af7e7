package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.ResourceRequest;
import org.metasched.timeline.PricingModel;

/**
 * A P002 batch (spec 3.9, 1.6): {@code jobs} jobs with n ~ U{minNodes..maxNodes} nodes, volume V ~ U[minVolume,
 * maxVolume], a criterion drawn uniformly from start, runtime, finish and cost, and a budget {@code n V (1 + beta)}
 * with {@code beta ~ U[minBudget, maxBudget]}: from the poorest user (market value - 60 %) to the richest (+ 60 %)
 * in the spec. The defaults are the spec's FLAG (n in 2..6, V in 100..400, beta in [-0.6, 0.6]); the volume and
 * budget ranges are where a load level is calibrated (docs/reproduction.md, P002).
 */
public record BatchGenerator(
        int jobs, int minNodes, int maxNodes, double minVolume, double maxVolume, double minBudget, double maxBudget) {
    public BatchGenerator {
        if (jobs < 1 || minNodes < 1 || maxNodes < minNodes || !(minVolume > 0) || maxVolume < minVolume) {
            throw new IllegalArgumentException("need jobs >= 1, 1 <= minNodes <= maxNodes, 0 < minVolume <= maxVolume");
        }
        if (!(minBudget > -1) || maxBudget < minBudget) {
            throw new IllegalArgumentException("need -1 < minBudget <= maxBudget, got " + minBudget + ", " + maxBudget);
        }
    }

    /** The spec's budgets, beta in [-0.6, 0.6]. */
    public BatchGenerator(int jobs, int minNodes, int maxNodes, double minVolume, double maxVolume) {
        this(jobs, minNodes, maxNodes, minVolume, maxVolume, -0.6, 0.6);
    }

    /** 20 jobs, n in 2..6, V in [100, 400] (spec 3.9 FLAG). */
    public static BatchGenerator p002() {
        return new BatchGenerator(20, 2, 6, 100, 400);
    }

    public List<BatchJob> generate(UniformRandomProvider rng) {
        PricingModel pricing = new PricingModel(1.0, PricingModel.DEFAULT_SIGMA);
        List<BatchJob.Criterion> criteria = BatchJob.Criterion.REGISTRY.entries();
        List<BatchJob> out = new ArrayList<>(jobs);
        for (int j = 0; j < jobs; j++) {
            int n = minNodes + rng.nextInt(maxNodes - minNodes + 1);
            double v = minVolume + (maxVolume - minVolume) * rng.nextDouble();
            double budget = pricing.budget(n, v, minBudget, maxBudget, rng);
            BatchJob.Criterion c = criteria.get(rng.nextInt(criteria.size()));
            out.add(new BatchJob("J" + (j + 1), new ResourceRequest(n, v, 0, budget, 0), c));
        }
        return out;
    }
}
