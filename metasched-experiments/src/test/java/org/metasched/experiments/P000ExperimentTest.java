package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class P000ExperimentTest {
    private static final P000Experiment.Config SMALL =
            new P000Experiment.Config(false, 6, 11, List.of(20, 40), 32, 10_000, true);

    @Test
    void theNumbersDoNotDependOnTheThreadCount() {
        List<P000Experiment.Row> one = P000Experiment.run(SMALL, 1, x -> {});
        List<P000Experiment.Row> two = P000Experiment.run(SMALL, 2, x -> {});
        List<P000Experiment.Row> three = P000Experiment.run(SMALL, 3, x -> {});
        assertThat(two).isEqualTo(one);
        assertThat(three).isEqualTo(one);
    }

    @Test
    void aRowPerQueueLengthAndCriterionAndEveryJobScheduled() {
        List<P000Experiment.Row> rows = P000Experiment.run(SMALL, 2, x -> {});
        assertThat(rows).hasSize(2 * 5);
        assertThat(rows).extracting(P000Experiment.Row::algorithm).containsSequence(P000Experiment.CRITERIA);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.unscheduled()).isZero();
            assertThat(r.runs()).isEqualTo(6);
            assertThat(r.meanFinish()).isPositive();
        });
    }

    @Test
    void bfShortFinishesEarlierThanBfFinishOnEveryInstance() {
        // BFshort is BFfinish with 1 % shorter runtimes: on the same instance, instance by instance, it can only
        // differ by choosing other windows, and averages over a few instances must already show it ahead
        for (int run = 0; run < 6; run++) {
            double[] r = P000Experiment.instance(SMALL, 40, run);
            double bfFinish = r[3];
            double bfShort = r[6];
            assertThat(bfShort).as("run %d", run).isLessThan(bfFinish);
        }
    }

    @Test
    void arrivalsDelayFinishTimes() {
        P000Experiment.Config withArrivals = new P000Experiment.Config(true, 4, 11, List.of(30), 32, 10_000, true);
        P000Experiment.Config without = new P000Experiment.Config(false, 4, 11, List.of(30), 32, 10_000, true);
        double a = P000Experiment.run(withArrivals, 2, x -> {}).get(1).meanFinish();
        double b = P000Experiment.run(without, 2, x -> {}).get(1).meanFinish();
        assertThat(a).isGreaterThan(b);
    }

    @Test
    void paperValuesAreAvailableForTheirCells() {
        assertThat(P000Experiment.paper(false, 50, "cop")).isEqualTo(298.0);
        assertThat(P000Experiment.paper(true, 200, "bf-start")).isEqualTo(1208.2);
        assertThat(P000Experiment.paper(false, 70, "cop")).isNaN();
    }
}
