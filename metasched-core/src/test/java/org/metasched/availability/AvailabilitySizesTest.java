package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metasched.model.InputFormatException;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;

/**
 * A long horizon: the full scan keeps a row of availabilities per start time and is refused up front when that does
 * not fit (it ran out of memory after 90 s on [0, 1e9]); a search from K starting points keeps only what it
 * evaluates (it allocated arrays over every start time of the horizon and ran out of memory too).
 */
class AvailabilitySizesTest {
    /** Five nodes, one with a local job near the start: examples/select-availability.json. */
    static AvailabilityDomain domain(double horizonEnd) {
        List<AvailabilityNode> nodes = new ArrayList<>();
        double[] price = {4, 2, 6, 1, 5};
        double[] occupancy = {0.05, 0.10, 0.01, 0.20, 0.03};
        for (int i = 0; i < 5; i++) {
            List<LocalJob> jobs = i == 4 ? List.of(new LocalJob(4, 3, 0.5, 0.3, 1)) : List.of();
            nodes.add(AvailabilityNode.of(Node.of(i, 4, price[i]), occupancy[i], jobs, List.of()));
        }
        return new AvailabilityDomain(nodes, 0, horizonEnd);
    }

    static final AvailabilityRequest REQUEST = new AvailabilityRequest(3, 1, 11, 0);

    static AvailabilityWindowSearch search(String name, int startPoints) {
        return AvailabilityWindowSearch.create(
                name, AvailabilityOptions.DEFAULTS.withBounded(true).withStartPoints(startPoints));
    }

    @Test
    void aFullScanThatCannotFitTheHeapIsRefusedNamingTheHorizonItsNeedAndTheWayOut() {
        assertThatThrownBy(
                        () -> search("availability-knapsack", 0).requireFits("p.json: horizon", domain(1e9), REQUEST))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith("p.json: horizon [0, 1 000 000 000] (5 candidate nodes, availability-knapsack"
                        + " scanning every start time): 1 000 000 001 start times would need 83.8 GiB of memory;"
                        + " the limit is ")
                .hasMessageContaining("start times")
                .hasMessageEndingWith("give a shorter horizon or start-points K (memory for the start times it"
                        + " evaluates, not for the horizon)");
    }

    /** Whatever the heap: 10^8 start times at most (20 bytes each with no candidate and no bounds: 1.9 GiB). */
    @Test
    void aFullScanBeyondTheDocumentedLimitIsRefused() {
        double end = AvailabilityWindowSearch.MAX_START_TIMES; // one start time more than the limit
        assertThat(AvailabilityWindowSearch.fullScanBytesPerStartTime(0, false)).isEqualTo(20);
        AvailabilityRequest none = new AvailabilityRequest(1, 1, 11, 100); // no node reaches performance 100
        assertThatThrownBy(() -> AvailabilityWindowSearch.create("greedy-jnt", AvailabilityOptions.DEFAULTS)
                        .requireFits("p.json: horizon", domain(end), none))
                .hasMessageContaining(
                        "(0 candidate nodes, greedy-jnt scanning every start time): 100 000 001 start" + " times")
                .hasMessageContaining("; the limit is ")
                // the 1.9 GiB they would take is said only where the heap is what runs out
                .satisfies(e -> assertThat(e.getMessage().contains("would need 1.9 GiB"))
                        .isEqualTo(1.9 * (1L << 30) > Runtime.getRuntime().maxMemory()));
    }

    @Test
    void theExampleAndItsTenMillionStartTimesFit() {
        for (double end : new double[] {10, 1e7}) {
            assertThatNoException()
                    .isThrownBy(() -> search("availability-knapsack", 0).requireFits("h", domain(end), REQUEST));
        }
    }

    @Test
    void startPointsAreLimitedByTheEvaluationsTheirWalksMayMakeNotByTheHorizon() {
        AvailabilityDomain d = domain(1e9);
        assertThatThrownBy(() -> search("greedy-jnt", 3).requireFits("p.json: horizon", d, REQUEST))
                .hasMessageStartingWith("p.json: horizon [0, 1 000 000 000] (start-points 3, step 10: up to 3"
                        + " evaluations a starting point and, climbing, 2 every 10 start times): 200 000 010"
                        + " evaluations would need 18.6 GiB of memory; the limit is ")
                .hasMessageEndingWith("give a shorter horizon or a longer step");
        AvailabilityWindowSearch longSteps = new AvailabilityWindowSearch(
                AvailabilityStrategy.byName("greedy-jnt"),
                AvailabilityOptions.DEFAULTS.withStartPoints(3).withStep(1000));
        assertThatNoException().isThrownBy(() -> longSteps.requireFits("h", d, REQUEST));
        AvailabilityWindowSearch huge = new AvailabilityWindowSearch(
                AvailabilityStrategy.byName("greedy-jnt"),
                AvailabilityOptions.DEFAULTS.withStartPoints(3).withStep(10_000_000));
        assertThatThrownBy(() -> huge.requireFits("p.json: horizon", domain(1e13), REQUEST))
                .hasMessageContaining("10 000 000 000 001 start times; the limit is 2 147 483 647 start times");
    }

    /**
     * Two billion start times from three starting points: the search keeps what it evaluates, not arrays over the
     * horizon (before: 2 x 10^9 row references, a memo of 9 bytes per start time and, placed at random, a pool of
     * 5 bytes each, 26 GB).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(StartPointPlacement.class)
    void startPointsOnTwoBillionStartTimesNeedNoMemoryPerStartTime(StartPointPlacement placement) {
        AvailabilityDomain d = domain(2e9);
        AvailabilityWindow w = new AvailabilityWindowSearch(
                        AvailabilityStrategy.byName("greedy-jnt"),
                        AvailabilityOptions.DEFAULTS.withStartPoints(3).withPlacement(placement))
                .find(d, REQUEST);
        assertThat(w.found()).isTrue();
        assertThat(w.evaluations()).isLessThan(30);
    }

    /** The draw over a virtual pool gives the points a shuffle of the whole pool gives, seed for seed. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = StartPointPlacement.class,
            names = {"RANDOM", "MIXED"})
    void randomPointsAreTheOnesTheWholePoolsShuffleDraws(StartPointPlacement placement) {
        for (int count : new int[] {2, 3, 11, 801, 5000}) {
            for (int k : new int[] {1, 2, 5, 40, 799}) {
                if (k >= count) {
                    continue;
                }
                for (long seed = 0; seed < 5; seed++) {
                    int[] got = placement.points(count, k, rng(seed));
                    int[] fixed = placement == StartPointPlacement.MIXED
                            ? StartPointPlacement.uniform(count, (k + 1) / 2)
                            : new int[0];
                    int extra = placement == StartPointPlacement.MIXED ? k - (k + 1) / 2 : k;
                    assertThat(got)
                            .as("count %d k %d seed %d", count, k, seed)
                            .containsExactly(shuffled(count, fixed, extra, rng(seed)));
                }
            }
        }
    }

    private static UniformRandomProvider rng(long seed) {
        return new RandomStreams(seed).stream("start-points");
    }

    /** The dense partial Fisher-Yates shuffle the placement used before. */
    private static int[] shuffled(int count, int[] fixed, int extra, UniformRandomProvider rng) {
        boolean[] taken = new boolean[count];
        for (int s : fixed) {
            taken[s] = true;
        }
        int[] pool = new int[count - fixed.length];
        int size = 0;
        for (int s = 0; s < count; s++) {
            if (!taken[s]) {
                pool[size++] = s;
            }
        }
        extra = Math.min(extra, size);
        for (int i = 0; i < extra; i++) {
            int j = i + rng.nextInt(size - i);
            int tmp = pool[i];
            pool[i] = pool[j];
            pool[j] = tmp;
            taken[pool[i]] = true;
        }
        int[] out = new int[fixed.length + extra];
        int n = 0;
        for (int s = 0; s < count; s++) {
            if (taken[s]) {
                out[n++] = s;
            }
        }
        return out;
    }
}
