package org.metasched.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.metrics.MeanInterval;

/**
 * A mean over runs is over the runs that have a value: one run without jobs (no flowtime, NaN) made the mean flowtime
 * over all of {@code memory --runs} "no value", though the other runs had one. The count of runs with a value comes
 * third, only when some have none, so the means of runs that all have a value are as before.
 */
class ValuesTest {
    @Test
    void aMeanOverRunsIsOverTheRunsThatHaveAValue() {
        double[] all = Values.interval(List.of(1.0, 3.0, 8.0), Double::doubleValue);
        MeanInterval m = MeanInterval.of(new double[] {1, 3, 8});
        assertThat(all).containsExactly(m.mean(), m.halfWidth95());

        double[] some = Values.interval(List.of(1.0, Double.NaN, 3.0, Double.NaN), Double::doubleValue);
        assertThat(some)
                .containsExactly(2.0, MeanInterval.of(new double[] {1, 3}).halfWidth95(), 2.0);

        double[] one = Values.interval(List.of(Double.NaN, 5.0), Double::doubleValue);
        assertThat(one[0]).isEqualTo(5.0);
        assertThat(one[1]).isNaN();
        assertThat(one[2]).isEqualTo(1.0);

        double[] none = Values.interval(List.of(Double.NaN, Double.NaN), Double::doubleValue);
        assertThat(none[0]).isNaN();
        assertThat(none[1]).isNaN();
        assertThat(none[2]).isZero();
    }

    /** "p004: means over 1 runs" with --runs 1 (found by the session's CLI tester). */
    @Test
    void oneRunIsOneRun() {
        assertThat(Values.runs(1)).isEqualTo("1 run");
        assertThat(Values.runs(10)).isEqualTo("10 runs");
    }

    /**
     * Every count with its noun is singular for 1 and plural otherwise (found by the session's CLI tester: "1 jobs fit
     * the larger cluster", "1 cycles", "1 machines x 1 cores").
     */
    @Test
    void oneOfAnythingIsSingular() {
        assertThat(Values.counted("%,d", 1, "job")).isEqualTo("1 job");
        assertThat(Values.counted("%,d", 3000, "job")).isEqualTo("3,000 jobs");
        assertThat(Values.counted("%d", 0, "task")).isEqualTo("0 tasks");
        assertThat(Values.counted("%d", 1, "sub-batch", "sub-batches")).isEqualTo("1 sub-batch");
        assertThat(Values.counted("%d", 5, "sub-batch", "sub-batches")).isEqualTo("5 sub-batches");
    }
}
