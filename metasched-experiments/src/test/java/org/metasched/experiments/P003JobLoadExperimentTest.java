package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class P003JobLoadExperimentTest {
    private static final P003JobLoadExperiment.Config SMALL =
            P003JobLoadExperiment.Config.paper(6, 7).withJobLoads(List.of(0.0, 0.5, 1.0));

    @Test
    void theNumbersDoNotDependOnTheThreadCount() {
        List<P003JobLoadExperiment.Row> one = P003JobLoadExperiment.run(SMALL, 1, x -> {});
        assertThat(P003JobLoadExperiment.run(SMALL, 2, x -> {})).isEqualTo(one);
        assertThat(P003JobLoadExperiment.run(SMALL, 3, x -> {})).isEqualTo(one);
    }

    @Test
    void theFigureShape() {
        List<P003JobLoadExperiment.Row> rows = P003JobLoadExperiment.run(SMALL, 2, x -> {});
        assertThat(rows).hasSize(6);
        assertThat(rows)
                .extracting(P003JobLoadExperiment.Row::algorithm)
                .containsExactly("knapsack", "greedy-jnt", "knapsack", "greedy-jnt", "knapsack", "greedy-jnt");
        assertThat(rows).allSatisfy(r -> assertThat(r.runs()).isEqualTo(6));
        // the knapsack at or above GreedyJnt at every load
        for (int l = 0; l < 3; l++) {
            assertThat(rows.get(2 * l).availability())
                    .isGreaterThanOrEqualTo(rows.get(2 * l + 1).availability());
        }
        // job load 0: every run has a window, the knapsack clearly ahead (the paper: 0.96 against 0.87)
        assertThat(rows.get(0).found()).isEqualTo(6);
        assertThat(rows.get(1).found()).isEqualTo(6);
        assertThat(rows.get(0).availability()).isGreaterThan(0.95);
        assertThat(rows.get(0).availability() - rows.get(1).availability()).isGreaterThan(0.03);
        // availability falls with the load, and job load 1 leaves no window
        assertThat(rows.get(2).availability()).isLessThan(rows.get(0).availability());
        assertThat(rows.get(4).found()).isZero();
        assertThat(rows.get(5).found()).isZero();
        assertThat(rows.get(4).availability()).isZero();
    }

    @Test
    void withoutWarmUpJobLoadOneStillLeavesWindows() {
        // spec 4.2 as written (W = 0): the queue starts empty at the horizon, the reason for the warm-up
        P003JobLoadExperiment.Config spec = SMALL.withWarmUp(0).withJobLoads(List.of(1.0));
        List<P003JobLoadExperiment.Row> rows = P003JobLoadExperiment.run(spec, 2, x -> {});
        assertThat(rows.get(0).found()).isPositive();
    }

    @Test
    void paperValues() {
        assertThat(P003JobLoadExperiment.paper(0, "knapsack")).isEqualTo(0.96);
        assertThat(P003JobLoadExperiment.paper(0, "greedy-jnt")).isEqualTo(0.87);
        assertThat(P003JobLoadExperiment.paper(1, "knapsack")).isZero();
        assertThat(P003JobLoadExperiment.paper(0.5, "knapsack")).isNaN();
    }
}
