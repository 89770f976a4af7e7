package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.random.RandomStreams;

/**
 * The profile against brute force on small integer times: the earliest fit of a new job, and the compression
 * step (search before the job's own reservation without lifting it) equals lifting the reservation and
 * re-placing the job at its earliest fit.
 */
class AvailabilityProfileDifferentialTest {
    static final int HORIZON = 200;

    static LongStream seeds() {
        return LongStream.range(1, 301);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void matchesBruteForce(long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("profile");
        int procs = 1 + rng.nextInt(8);
        AvailabilityProfile profile = new AvailabilityProfile(procs, 0);
        int[] free = new int[HORIZON * 4];
        java.util.Arrays.fill(free, procs);
        for (int k = 0; k < 12; k++) {
            // place a job at its earliest fit, both ways
            int p = 1 + rng.nextInt(procs);
            int e = 1 + rng.nextInt(40);
            int from = rng.nextInt(50);
            long s = profile.earliestStart(from, e, p, Long.MAX_VALUE);
            assertThat(s).isEqualTo(bruteEarliest(free, from, e, p, Integer.MAX_VALUE));
            profile.reserve(s, s + e, p);
            for (int t = (int) s; t < s + e; t++) {
                free[t] -= p;
            }
        }
        // free something, as an early completion does
        int a = rng.nextInt(HORIZON);
        int b = a + rng.nextInt(HORIZON);
        int q = 1 + rng.nextInt(procs);
        boolean ok = true;
        for (int t = a; t < b; t++) {
            ok &= free[t] + q <= procs;
        }
        if (ok) {
            profile.release(a, b, q);
            for (int t = a; t < b; t++) {
                free[t] += q;
            }
        }
        // compression of a job reserved at [s, s + e): with its reservation in place, search before s
        for (int k = 0; k < 20; k++) {
            int p = 1 + rng.nextInt(procs);
            int e = 1 + rng.nextInt(40);
            int s = rng.nextInt(HORIZON);
            boolean fits = true;
            for (int t = s; t < s + e; t++) {
                fits &= free[t] >= p;
            }
            if (!fits) {
                continue;
            }
            profile.reserve(s, s + e, p);
            for (int t = s; t < s + e; t++) {
                free[t] -= p;
            }
            long fast = profile.earliestStart(0, e, p, s);
            for (int t = s; t < s + e; t++) {
                free[t] += p; // lift it, then re-place by brute force
            }
            assertThat(fast)
                    .as("seed %d, job p=%d e=%d at %d", seed, p, e, s)
                    .isEqualTo(Math.min(s, bruteEarliest(free, 0, e, p, s)));
            profile.release(s, s + e, p);
        }
    }

    static long bruteEarliest(int[] free, int from, int e, int p, int limit) {
        for (int t = from; t < free.length - e && t < limit; t++) {
            boolean fits = true;
            for (int u = t; u < t + e && fits; u++) {
                fits = free[u] >= p;
            }
            if (fits) {
                return t;
            }
        }
        return limit == Integer.MAX_VALUE ? -1 : limit;
    }
}
