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
