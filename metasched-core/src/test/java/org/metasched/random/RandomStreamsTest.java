package org.metasched.random;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

class RandomStreamsTest {
    private static long[] draw(UniformRandomProvider r, int k) {
        long[] out = new long[k];
        for (int i = 0; i < k; i++) {
            out[i] = r.nextLong();
        }
        return out;
    }

    @Test
    void sameSeedNameAndReplicationGiveTheSameNumbers() {
        assertThat(draw(new RandomStreams(42).stream("jobs", 7), 16))
                .containsExactly(draw(new RandomStreams(42).stream("jobs", 7), 16));
    }

    @Test
    void replicationRDoesNotDependOnOtherStreamsBeingDrawn() {
        RandomStreams s = new RandomStreams(42);
        long[] direct = draw(s.stream("jobs", 5), 8);
        draw(s.stream("jobs", 4), 1000);
        draw(s.stream("nodes", 5), 1000);
        assertThat(draw(s.stream("jobs", 5), 8)).containsExactly(direct);
    }

    @Test
    void namesReplicationsAndSeedsGiveDifferentStreams() {
        long[] base = draw(new RandomStreams(42).stream("jobs", 0), 4);
        assertThat(draw(new RandomStreams(42).stream("nodes", 0), 4)).isNotEqualTo(base);
        assertThat(draw(new RandomStreams(42).stream("jobs", 1), 4)).isNotEqualTo(base);
        assertThat(draw(new RandomStreams(43).stream("jobs", 0), 4)).isNotEqualTo(base);
    }

    @Test
    void uniformDoublesLookUniform() {
        UniformRandomProvider r = new RandomStreams(1).stream("x");
        int[] bins = new int[10];
        for (int i = 0; i < 100_000; i++) {
            bins[(int) (r.nextDouble() * 10)]++;
        }
        for (int b : bins) {
            assertThat(b).isBetween(9_500, 10_500);
        }
    }
}
