package org.metasched.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.metasched.model.InputFormatException;

/** Seeded random clusters and workloads for the invariant tests. */
final class RandomMemoryRuns {
    private RandomMemoryRuns() {}

    /** A random valid cluster shape for {@code policy}, or the paper's cluster when the draw is invalid for it. */
    static MemoryConfig cluster(long seed, String policy) {
        SplittableRandom r = new SplittableRandom(seed);
        int machines = 1 + r.nextInt(6);
        int cores = 1 + r.nextInt(3);
        int memory = 2 + r.nextInt(7);
        int classes = 1 + r.nextInt(Math.min(3, memory));
        List<Integer> gib = new ArrayList<>();
        int next = 1 + r.nextInt(2);
        for (int k = 0; k < classes && next <= memory; k++) {
            gib.add(next);
            next += 1 + r.nextInt(2);
        }
        try {
            return MemoryConfig.defaults()
                    .withPolicy(policy)
                    .withClasses(gib)
                    .withCluster(machines, cores, memory)
                    .withThreshold(r.nextInt(6) / 10.0);
        } catch (InputFormatException e) {
            return MemoryConfig.defaults().withPolicy(policy).withThreshold(r.nextInt(6) / 10.0);
        }
    }

    /**
     * {@code n} jobs: half the seeds draw integer arrival and service times (many simultaneous events, some jobs of
     * zero length), the others real ones; the arrival rate overloads the cluster now and then.
     */
    static MemoryWorkload workload(long seed, MemoryConfig c, int n) {
        SplittableRandom r = new SplittableRandom(seed * 31 + 7);
        boolean integer = r.nextBoolean();
        double rate = c.totalCores() * (0.5 + r.nextDouble()) / 2.0;
        MemoryWorkload.Builder b = MemoryWorkload.builder();
        double t = 0;
        for (int j = 0; j < n; j++) {
            t += -Math.log(1 - r.nextDouble()) / rate;
            double arrival = integer ? Math.floor(t) : t;
            double service = integer ? r.nextInt(6) : -2 * Math.log(1 - r.nextDouble());
            b.add(j + 1, arrival, service, 1 + r.nextInt(c.classes()));
        }
        return b.build();
    }
}
