package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.metrics.Verdict;

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

    private static P003JobLoadExperiment.Row row(double load, String algorithm, double mean, double half, int found) {
        return new P003JobLoadExperiment.Row(load, algorithm, mean, half, found, 100);
    }

    @Test
    void theFindingsAreJudgedWithTheIntervals() {
        List<P003JobLoadExperiment.Row> rows = List.of(
                row(0, "knapsack", 0.97, 0.005, 100),
                row(0, "greedy-jnt", 0.87, 0.01, 100),
                row(0.5, "knapsack", 0.88, 0.01, 100),
                row(0.5, "greedy-jnt", 0.92, 0.01, 100), // GreedyJnt rises and beats the knapsack here
                row(1, "knapsack", 0, Double.NaN, 0),
                row(1, "greedy-jnt", 0, Double.NaN, 0));
        List<Finding> f = P003JobLoadExperiment.findings(rows);
        assertThat(f)
                .extracting(Finding::statement)
                .containsExactly(
                        "the knapsack's availability is at or above GreedyJnt's at every job load with windows",
                        "knapsack's availability falls as the job load rises",
                        "greedy-jnt's availability falls as the job load rises",
                        "no window at job load 1");
        assertThat(f)
                .extracting(Finding::verdict)
                .containsExactly(Verdict.FAILS, Verdict.HOLDS, Verdict.FAILS, Verdict.HOLDS);
        assertThat(f.get(2).detail()).startsWith("rises 0.0 -> 0.5: 0.8700 -> 0.9200");
        // advantage (K - G) / K: 10.3 % at 0, -4.5 % at 0.5, mean 2.9 %
        assertThat(f.get(0).detail()).contains("0.0: 10.3 %").contains("mean over the 2 loads with windows 2.9 %");

        List<P003JobLoadExperiment.Row> close = List.of(
                row(0, "knapsack", 0.97, 0.02, 100),
                row(0, "greedy-jnt", 0.96, 0.02, 100),
                row(0.5, "knapsack", 0.96, 0.02, 100),
                row(0.5, "greedy-jnt", 0.95, 0.02, 100));
        assertThat(P003JobLoadExperiment.findings(close))
                .extracting(Finding::verdict)
                .containsExactly(Verdict.HOLDS_IN_MEANS, Verdict.HOLDS_IN_MEANS, Verdict.HOLDS_IN_MEANS);
    }
}
