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

    /**
     * {@code reserveEarliest}, the fused update of an arrival, against search then reserve, and {@code
     * moveEarlier}, the fused update compression makes, against what it stands for: search with the
     * reservation in place, then release the old place and reserve the new one. Random profiles of reservations
     * (some adjacent, some overlapping in time), a random origin, and moves from every reservation, including
     * moves that overlap their old place, that end where it starts, searches from a time between breakpoints, and
     * {@code moveTo} after another search (its remembered steps then stale): the same start and the same
     * breakpoints and free counts, step for step.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void moveEarlierIsReleaseThenReserveAndReserveEarliestIsSearchThenReserve(long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("move");
        int procs = 1 + rng.nextInt(12);
        long origin = rng.nextInt(30);
        AvailabilityProfile profile = new AvailabilityProfile(procs, origin);
        int n = 5 + rng.nextInt(30);
        long[] start = new long[n];
        long[] length = new long[n];
        int[] width = new int[n];
        int placed = 0;
        for (int k = 0; k < n; k++) {
            int p = 1 + rng.nextInt(procs);
            long e = 1L + rng.nextInt(rng.nextBoolean() ? 5 : 60);
            long from = origin + rng.nextInt(120);
            // reserveEarliest, the fused arrival, against the search and reserve it stands for
            AvailabilityProfile twoSteps = profile.copy();
            long expected = twoSteps.earliestStart(from, e, p, Long.MAX_VALUE);
            twoSteps.reserve(expected, expected + e, p);
            long s = profile.reserveEarliest(from, e, p);
            assertThat(s).as("seed %d, arrival %d", seed, k).isEqualTo(expected);
            assertThat(profile.times()).as("seed %d, arrival %d", seed, k).containsExactly(twoSteps.times());
            assertThat(profile.frees()).as("seed %d, arrival %d", seed, k).containsExactly(twoSteps.frees());
            start[placed] = s;
            length[placed] = e;
            width[placed] = p;
            placed++;
        }
        // free some of them early, as completions do, so that there is room to move into
        for (int k = 0; k < placed; k++) {
            if (rng.nextInt(3) == 0) {
                profile.release(start[k], start[k] + length[k], width[k]);
                width[k] = 0;
            }
        }
        int moved = 0;
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < placed; k++) {
                if (width[k] == 0) {
                    continue;
                }
                // from the origin as compression does, or from a time that may fall between breakpoints
                long from = rng.nextInt(4) == 0 ? origin + rng.nextInt((int) (start[k] - origin) + 1) : origin;
                AvailabilityProfile twoSteps = profile.copy();
                long expected = twoSteps.earliestStart(from, length[k], width[k], start[k]);
                if (expected < start[k]) {
                    twoSteps.release(start[k], start[k] + length[k], width[k]);
                    twoSteps.reserve(expected, expected + length[k], width[k]);
                    moved++;
                }
                long s;
                if (expected < start[k] && rng.nextInt(4) == 0) {
                    // the two halves with another search in between: moveTo finds its steps again
                    s = profile.earliestStart(from, length[k], width[k], start[k]);
                    profile.earliestStart(origin + rng.nextInt(100), 1 + rng.nextInt(30), 1, Long.MAX_VALUE);
                    profile.moveTo(s, length[k], width[k], start[k]);
                } else {
                    s = profile.moveEarlier(from, length[k], width[k], start[k]);
                }
                assertThat(s).as("seed %d, reservation %d", seed, k).isEqualTo(expected);
                assertThat(profile.times())
                        .as("seed %d, reservation %d moved from %d to %d", seed, k, start[k], s)
                        .containsExactly(twoSteps.times());
                assertThat(profile.frees())
                        .as("seed %d, reservation %d", seed, k)
                        .containsExactly(twoSteps.frees());
                start[k] = s;
            }
            // free one more, so that the next round has something to move into
            int k = rng.nextInt(placed);
            if (width[k] > 0) {
                profile.release(start[k], start[k] + length[k], width[k]);
                width[k] = 0;
            }
        }
        assertThat(moved).as("seed %d: moves compared", seed).isPositive();
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
