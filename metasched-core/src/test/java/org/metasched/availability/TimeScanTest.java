package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** Spec oracle T14 (TS-1, all four rows), the placements, and the bounded full scan against the plain one. */
class TimeScanTest {
    private static final double[] F = {
        .10, .12, .15, .20, .22, .25, .30, .28, .26, .24, .20, .18, .22, .30, .40, .52, .60, .58, .50, .45, .40
    };

    /** F with a record of the offsets evaluated. */
    private static final class Recording implements IntToDoubleFunction {
        final SortedSet<Integer> evaluated = new TreeSet<>();

        @Override
        public double applyAsDouble(int t) {
            evaluated.add(t);
            return F[t];
        }
    }

    @Test
    void ts1TwoStartPointsStepTwo() {
        int[] starts = StartPointPlacement.UNIFORM.points(21, 2, null);
        assertThat(starts).containsExactly(5, 15);
        Recording f = new Recording();
        TimeScan.Result r = TimeScan.fromStartPoints(21, starts, 2, f);
        assertThat(f.evaluated).containsExactly(4, 5, 6, 7, 9, 14, 15, 16, 17, 19);
        assertThat(r.offset()).isEqualTo(16);
        assertThat(r.value()).isEqualTo(0.60);
        assertThat(r.evaluations()).isEqualTo(10);
    }

    @Test
    void ts1OneStartPointFindsTheLocalMaximum() {
        int[] starts = StartPointPlacement.UNIFORM.points(21, 1, null);
        assertThat(starts).containsExactly(10);
        Recording f = new Recording();
        TimeScan.Result r = TimeScan.fromStartPoints(21, starts, 2, f);
        assertThat(f.evaluated).containsExactly(4, 6, 8, 9, 10, 11);
        assertThat(r.offset()).isEqualTo(6);
        assertThat(r.value()).isEqualTo(0.30);
    }

    @Test
    void ts1ThreeStartPointsStepOne() {
        int[] starts = StartPointPlacement.UNIFORM.points(21, 3, null);
        assertThat(starts).containsExactly(3, 10, 17);
        Recording f = new Recording();
        TimeScan.Result r = TimeScan.fromStartPoints(21, starts, 1, f);
        assertThat(f.evaluated).containsExactly(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 17, 18);
        assertThat(r.offset()).isEqualTo(16);
    }

    @Test
    void ts1TwentyOneStartPointsIsTheFullScan() {
        int[] starts = StartPointPlacement.UNIFORM.points(21, 21, null);
        assertThat(starts).hasSize(21);
        Recording f = new Recording();
        TimeScan.Result r = TimeScan.fromStartPoints(21, starts, 1, f);
        assertThat(f.evaluated).hasSize(21);
        assertThat(r.offset()).isEqualTo(16);
        TimeScan.Result full = TimeScan.full(21, t -> F[t]);
        assertThat(full).isEqualTo(new TimeScan.Result(16, 0.60, 21));
    }

    @Test
    void theWalkStopsAtTheHorizonAndTiesGoToTheEarliest() {
        double[] rising = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        TimeScan.Result r = TimeScan.fromStartPoints(11, new int[] {2}, 3, t -> rising[t]);
        assertThat(r.offset()).isEqualTo(10); // 2 -> 5 -> 8 -> clamped 10
        assertThat(r.evaluations()).isEqualTo(6); // 1, 2, 3, 5, 8, 10
        double[] flat = {0.5, 0.5, 0.5, 0.5};
        assertThat(TimeScan.full(4, t -> flat[t]).offset()).isZero();
        assertThat(TimeScan.fromStartPoints(4, new int[] {2}, 1, t -> flat[t]).offset())
                .isEqualTo(1);
        double[] none = {0, 0, 0};
        assertThat(TimeScan.full(3, t -> none[t]).found()).isFalse();
    }

    @Test
    void placements() {
        assertThat(StartPointPlacement.UNIFORM.points(801, 1, null)).containsExactly(400);
        assertThat(StartPointPlacement.UNIFORM.points(801, 4, null)).containsExactly(100, 300, 500, 700);
        RandomStreams streams = new RandomStreams(5);
        int[] random = StartPointPlacement.RANDOM.points(801, 50, streams.stream("s"));
        assertThat(random).hasSize(50).isSorted().doesNotHaveDuplicates();
        assertThat(random[0]).isNotNegative();
        assertThat(random[49]).isLessThanOrEqualTo(800);
        assertThat(StartPointPlacement.RANDOM.points(801, 50, streams.stream("s")))
                .containsExactly(random);
        assertThat(StartPointPlacement.RANDOM.points(801, 50, streams.stream("t")))
                .isNotEqualTo(random);
        int[] mixed = StartPointPlacement.MIXED.points(801, 5, streams.stream("s"));
        assertThat(mixed).hasSize(5).isSorted().doesNotHaveDuplicates();
        assertThat(mixed).contains(StartPointPlacement.UNIFORM.points(801, 3, null));
        assertThat(StartPointPlacement.MIXED.points(10, 20, streams.stream("s")))
                .hasSize(10);
        assertThat(StartPointPlacement.byName("mixed")).isEqualTo(StartPointPlacement.MIXED);
    }

    /** The bounded full scan answers as the plain one on random functions with plateaus and ties. */
    @Test
    void boundedFullScanEqualsThePlainOne() {
        SplittableRandom rnd = new SplittableRandom(3);
        int fewer = 0;
        for (int trial = 0; trial < 500; trial++) {
            int count = 1 + rnd.nextInt(60);
            double[] f = new double[count];
            double[] bound = new double[count];
            for (int t = 0; t < count; t++) {
                f[t] = t > 0 && rnd.nextInt(3) == 0 ? f[t - 1] : rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1, 6) / 8.0;
                bound[t] = f[t] == 0 && rnd.nextBoolean() ? 0 : f[t] + rnd.nextInt(3) / 8.0;
            }
            int[] calls = {0};
            TimeScan.Result plain = TimeScan.full(count, t -> f[t]);
            TimeScan.Result bounded =
                    TimeScan.fullBounded(count, bound, k -> f[k] == f[k - 1] && bound[k] == bound[k - 1], t -> {
                        calls[0]++;
                        return f[t];
                    });
            assertThat(bounded.offset()).as("trial %d", trial).isEqualTo(plain.offset());
            assertThat(bounded.value()).as("trial %d", trial).isEqualTo(plain.value());
            assertThat(bounded.evaluations()).isEqualTo(calls[0]);
            if (calls[0] < count) {
                fewer++;
            }
        }
        assertThat(fewer).isGreaterThan(250);
    }
}
