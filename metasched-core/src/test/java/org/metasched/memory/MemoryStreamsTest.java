package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The stable and peak streams of spec 6.6: rates, class mix, load, reproducibility. */
class MemoryStreamsTest {
    private static final MemoryConfig PAPER = MemoryConfig.defaults();

    @Test
    void sameSeedAndReplicationSameJobs() {
        MemoryWorkload a = MemoryStreams.generate(PAPER, 7);
        MemoryWorkload b = MemoryStreams.generate(PAPER, 7);
        MemoryWorkload c = MemoryStreams.generate(PAPER, 8);
        assertThat(a.size()).isEqualTo(b.size());
        for (int j = 0; j < a.size(); j++) {
            assertThat(a.arrivalSeconds(j)).isEqualTo(b.arrivalSeconds(j));
            assertThat(a.serviceSeconds(j)).isEqualTo(b.serviceSeconds(j));
            assertThat(a.memoryClass(j)).isEqualTo(b.memoryClass(j));
        }
        assertThat(c.arrivalSeconds(0)).isNotEqualTo(a.arrivalSeconds(0));
    }

    @Test
    void theStableStreamOffersTheTargetLoadWithEqualClasses() {
        // 400 runs of the paper's 20 s window: 160 jobs expected per run, mean service 1 s
        MemoryConfig c = PAPER.withWorkload("stable");
        long jobs = 0;
        double service = 0;
        long[] perClass = new long[4];
        for (int r = 0; r < 400; r++) {
            MemoryWorkload w = MemoryStreams.generate(c, r);
            jobs += w.size();
            for (int j = 0; j < w.size(); j++) {
                assertThat(w.arrivalSeconds(j)).isBetween(0.0, 20.0);
                service += w.serviceSeconds(j);
                perClass[w.memoryClass(j)]++;
            }
        }
        assertThat(jobs / 400.0).isCloseTo(160, within(2.0)); // sd of the mean: sqrt(160/400) = 0.63
        assertThat(service / jobs).isCloseTo(1.0, within(0.02));
        for (int k = 1; k <= 3; k++) {
            assertThat(perClass[k] / (double) jobs).isCloseTo(1 / 3.0, within(0.01));
        }
    }

    @Test
    void thePeakStreamRaisesTheRateAndTheLargestClassInItsSecondQuarter() {
        MemoryConfig c = PAPER.withWorkload("peak");
        long before = 0;
        long during = 0;
        long duringLargest = 0;
        long total = 0;
        for (int r = 0; r < 400; r++) {
            MemoryWorkload w = MemoryStreams.generate(c, r);
            total += w.size();
            for (int j = 0; j < w.size(); j++) {
                double t = w.arrivalSeconds(j);
                if (t < 5) {
                    before++;
                } else if (t < 10) {
                    during++;
                    duringLargest += w.memoryClass(j) == 3 ? 1 : 0;
                }
            }
        }
        // base rate 8 / 1.0625 = 7.53 per second, 9.41 in the peak; the average is the stable stream's 8
        assertThat(before / 400.0 / 5).isCloseTo(8 / 1.0625, within(0.25));
        assertThat(during / 400.0 / 5).isCloseTo(8 / 1.0625 * 1.25, within(0.3));
        assertThat(duringLargest / (double) during).isCloseTo(0.6, within(0.015));
        assertThat(total / 400.0 / 20).isCloseTo(8, within(0.1));
    }

    @Test
    void theBenchmarkDayHasAbout230000Jobs() {
        MemoryConfig day = PAPER.withPolicy("static")
                .withCluster(100, 2, 4)
                .withWorkload("stable")
                .withStream(0.8, 86_400, 60);
        MemoryWorkload w = MemoryStreams.generate(day, 0);
        assertThat(w.size()).isBetween(229_000, 231_800); // 230 400 expected, sd 480
        assertThat(w.offeredLoad(200)).isCloseTo(0.8, within(0.01));
    }
}
