package org.metasched.window.aep;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/**
 * The one-pass selections of {@link AepCandidates} give exactly what their reference implementations gave: the
 * n cheapest as the first n of a stable sort by cost (ties by position), and the random subset as the first n of a
 * partial Fisher-Yates shuffle of a whole permutation, draw for draw.
 */
class AepCandidatesTest {
    private static AepCandidates candidates(int n, int count, UniformRandomProvider rng, long seed) {
        AepCandidates c = new AepCandidates(null, n, 1000, count, () -> new RandomStreams(seed).stream("subset"));
        for (int k = 0; k < count; k++) {
            // few distinct costs, so that ties are common
            c.cost[k] = rng.nextInt(4) == 0 ? 10 * (1 + rng.nextInt(5)) : 100 * rng.nextDouble();
            c.length[k] = 1;
            c.slot[k] = k;
        }
        c.count = count;
        return c;
    }

    @Test
    void cheapestIsTheFirstNOfTheStableSort() {
        UniformRandomProvider rng = new RandomStreams(11).stream("cheapest");
        for (int trial = 0; trial < 3000; trial++) {
            int n = 1 + rng.nextInt(8);
            int count = n + rng.nextInt(60);
            AepCandidates c = candidates(n, count, rng, trial);
            assertThat(c.cheapest()).as("trial %d", trial).containsExactly(c.sortedCheapest());
        }
    }

    @Test
    void cheapestWithANaNCostKeepsTheSortsOrder() {
        UniformRandomProvider rng = new RandomStreams(12).stream("nan");
        AepCandidates c = candidates(3, 10, rng, 1);
        c.cost[4] = Double.NaN;
        assertThat(c.cheapest()).containsExactly(c.sortedCheapest());
    }

    @Test
    void randomSubsetMakesTheSameDrawsAndTheSameSubset() {
        UniformRandomProvider rng = new RandomStreams(13).stream("subsets");
        for (int trial = 0; trial < 3000; trial++) {
            int n = 1 + rng.nextInt(8);
            int count = n + rng.nextInt(60);
            AepCandidates c = candidates(n, count, rng, trial);
            UniformRandomProvider reference = new RandomStreams(trial).stream("subset");
            for (int draw = 0; draw < 4; draw++) { // successive steps draw from the same stream
                int[] expected = c.randomSubsetByPermutation(reference);
                assertThat(c.randomSubset()).as("trial %d draw %d", trial, draw).containsExactly(expected);
            }
        }
    }
}
