package org.metasched.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DistributionTest {
    @Test
    void nearestRankPercentiles() {
        double[] v = new double[100];
        for (int i = 0; i < 100; i++) {
            v[i] = 100 - i; // 100 .. 1, unsorted
        }
        Distribution d = Distribution.of(v);
        assertThat(d.mean()).isEqualTo(50.5);
        assertThat(d.p50()).isEqualTo(50);
        assertThat(d.p90()).isEqualTo(90);
        assertThat(d.p99()).isEqualTo(99);
        assertThat(d.max()).isEqualTo(100);
        assertThat(Distribution.of(new double[] {7}).p99()).isEqualTo(7);
        assertThat(Distribution.of(new double[0]).mean()).isZero();
    }

    @Test
    void anyPercentileIsNearestRankOnTheSortedValues() {
        double[] v = {5, 1, 4, 2, 3, 10, 9, 8, 7, 6, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11};
        assertThat(Distribution.mean(v)).isEqualTo(10.5);
        assertThat(Distribution.percentile(v, 95)).isEqualTo(19); // rank ceil(0.95 * 20) = 19
        assertThat(v).isSorted();
        assertThat(Distribution.percentile(new double[] {3, 1, 2}, 95)).isEqualTo(3); // rank ceil(2.85) = 3
        assertThat(Distribution.percentile(new double[0], 95)).isZero();
        assertThat(Distribution.mean(new double[0])).isZero();
    }

    /** Selection against sorting, on shapes that trouble quickselects: duplicates, sorted, reversed, organ pipes. */
    @Test
    void selectionGivesWhatSortingGives() {
        java.util.Random rng = new java.util.Random(25);
        for (int t = 0; t < 400; t++) {
            int n = 1 + rng.nextInt(t < 200 ? 40 : 5000);
            double[] v = new double[n];
            int shape = t % 6;
            for (int i = 0; i < n; i++) {
                v[i] = switch (shape) {
                    case 0 -> rng.nextInt(3); // mostly equal, like zero waits
                    case 1 -> i; // sorted
                    case 2 -> n - i; // reversed
                    case 3 -> Math.min(i, n - i); // organ pipe
                    case 4 -> rng.nextDouble() * 1e6 - 5e5;
                    default -> rng.nextInt(10) == 0 ? rng.nextInt(1_000_000) : 0;
                };
            }
            double[] sorted = v.clone();
            java.util.Arrays.sort(sorted);
            double mean = Distribution.mean(v);
            Distribution d = Distribution.of(v.clone());
            assertThat(d)
                    .as("shape %d, n %d", shape, n)
                    .isEqualTo(new Distribution(
                            mean,
                            Distribution.nearestRank(sorted, 50),
                            Distribution.nearestRank(sorted, 90),
                            Distribution.nearestRank(sorted, 99),
                            sorted[n - 1]));
        }
        // -0.0 and NaN, which '<' does not order as Arrays.sort does: the same figures as sorting
        double[] odd = {0.0, -0.0, 3, -0.0, 0.0, 1, 2};
        double[] sortedOdd = odd.clone();
        java.util.Arrays.sort(sortedOdd);
        Distribution d = Distribution.of(odd.clone());
        assertThat(Double.doubleToRawLongBits(d.p50()))
                .isEqualTo(Double.doubleToRawLongBits(Distribution.nearestRank(sortedOdd, 50)));
        assertThat(Distribution.of(new double[] {1, Double.NaN, 2}).max()).isNaN();
    }

    @Test
    void boundedSlowdownUsesTenSecondsForShortJobs() {
        assertThat(JobRecord.boundedSlowdown(20, 2)).isEqualTo(2.0); // 20 / max(2, 10)
        assertThat(JobRecord.boundedSlowdown(5, 2)).isEqualTo(1.0); // never below 1
        assertThat(JobRecord.boundedSlowdown(300, 100)).isEqualTo(3.0);
        JobRecord r = JobRecord.of(7, 10, 40, 140, 4, 200, false, "0-3");
        assertThat(r.waitSeconds()).isEqualTo(30);
        assertThat(r.responseSeconds()).isEqualTo(130);
        assertThat(r.slowdown()).isEqualTo(1.3);
    }
}
