package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class P003TimeScanExperimentTest {
    private static final P003TimeScanExperiment.Config SMALL = P003TimeScanExperiment.Config.paper(5, 7);

    /** Every column but the measured speed-up. */
    private static List<String> deterministic(List<P003TimeScanExperiment.Row> rows) {
        return rows.stream()
                .map(r -> r.algorithm() + " " + r.startPoints() + " " + r.accuracy() + " " + r.evaluations() + " "
                        + r.runs())
                .toList();
    }

    @Test
    void theTableShapeAndItsOrderings() {
        List<P003TimeScanExperiment.Row> rows = P003TimeScanExperiment.run(SMALL, 2, x -> {});
        assertThat(rows)
                .extracting(r -> r.algorithm() + " " + r.startPoints())
                .containsExactly(
                        "knapsack full",
                        "knapsack 1",
                        "knapsack 5",
                        "knapsack 10",
                        "knapsack 20",
                        "knapsack 50",
                        "knapsack 100",
                        "greedy-jnt full");
        P003TimeScanExperiment.Row full = rows.get(0);
        assertThat(full.accuracy()).isEqualTo(1.0);
        assertThat(full.speedup()).isEqualTo(1.0);
        assertThat(full.evaluations()).isEqualTo(801);
        assertThat(rows.get(7).evaluations()).isEqualTo(801);
        for (P003TimeScanExperiment.Row r : rows) {
            assertThat(r.accuracy()).as(r.toString()).isBetween(0.0, 1.0);
            assertThat(r.speedup()).as(r.toString()).isPositive();
            assertThat(r.runs()).isEqualTo(5);
        }
        // more starting points: more static problems, and never less accurate than one point
        for (int i = 2; i <= 6; i++) {
            assertThat(rows.get(i).evaluations()).isGreaterThan(rows.get(i - 1).evaluations());
            assertThat(rows.get(i).accuracy())
                    .isGreaterThanOrEqualTo(rows.get(1).accuracy());
        }
        assertThat(rows.get(6).accuracy()).isCloseTo(1.0, within(0.02));
        assertThat(rows.get(6).evaluations()).isLessThan(801);
        // GreedyJnt solves as many problems as the full knapsack scan, each far cheaper
        assertThat(rows.get(7).speedup()).isGreaterThan(5);
    }

    @Test
    void everyColumnButTheSpeedUpIsIndependentOfTheThreadCount() {
        List<String> one = deterministic(P003TimeScanExperiment.run(SMALL, 1, x -> {}));
        assertThat(deterministic(P003TimeScanExperiment.run(SMALL, 3, x -> {}))).isEqualTo(one);
    }

    @Test
    void paperValues() {
        assertThat(P003TimeScanExperiment.paper("knapsack", "1")).containsExactly(0.80, 65);
        assertThat(P003TimeScanExperiment.paper("greedy-jnt", "full")).containsExactly(0.953, 143);
        assertThat(P003TimeScanExperiment.paper("knapsack", "7")).isNull();
    }
}
