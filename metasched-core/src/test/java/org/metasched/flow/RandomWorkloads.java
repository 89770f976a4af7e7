package org.metasched.flow;

import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Workload;
import org.metasched.random.RandomStreams;

/** Seeded random workloads with bursts, same-instant arrivals, early completions and killed jobs. */
final class RandomWorkloads {
    private RandomWorkloads() {}

    static Workload of(long seed, int jobs) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("jobs");
        int machine = 1 + rng.nextInt(32);
        Workload.Builder b = Workload.builder(machine);
        long t = 0;
        for (int i = 0; i < jobs; i++) {
            // bursts: often several jobs at the same instant
            if (rng.nextInt(3) != 0) {
                t += rng.nextInt(200);
            }
            int p = rng.nextInt(4) == 0 ? 1 + rng.nextInt(machine) : 1 + rng.nextInt(Math.max(1, machine / 4));
            long estimate = 1L + rng.nextInt(1000);
            long run;
            switch (rng.nextInt(4)) {
                case 0 -> run = estimate; // exact
                case 1 -> run = estimate + 1L + rng.nextInt(500); // overruns: killed at the estimate
                default -> run = 1L + rng.nextInt((int) estimate); // early completion
            }
            b.add(i + 1, t, run, estimate, p);
        }
        return b.build();
    }
}
