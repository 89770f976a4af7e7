package org.metasched.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class P004ExperimentTest {
    private static final P004Experiment.Config SMALL = P004Experiment.Config.paper(4, 11);

    @Test
    void theNumbersDoNotDependOnTheThreadCount() {
        P004Experiment.Result one = P004Experiment.run(SMALL, 1, x -> {});
        P004Experiment.Result three = P004Experiment.run(SMALL, 3, x -> {});
        assertThat(three.rows()).isEqualTo(one.rows());
    }

    @Test
    void mainRowsThenTheSweep() {
        P004Experiment.Result r = P004Experiment.run(SMALL, 2, x -> {});
        List<P004Experiment.Row> rows = r.rows();
        assertThat(rows).hasSize(2 * 4 + 10);
        assertThat(P004Experiment.instances(SMALL)).isEqualTo(18 * 4);
        assertThat(rows.subList(0, 4))
                .extracting(P004Experiment.Row::policy)
                .containsExactlyElementsOf(P004Experiment.POLICIES);
        assertThat(rows.get(0).workload()).isEqualTo("stable");
        assertThat(rows.get(4).workload()).isEqualTo("peak");
        assertThat(rows.get(0).threshold()).isEqualTo(0.10);
        assertThat(rows.get(1).threshold()).isNaN();
        assertThat(rows.subList(8, 18)).allSatisfy(x -> {
            assertThat(x.workload()).isEqualTo("peak");
            assertThat(x.policy()).isEqualTo("adaptive");
            assertThat(x.threshold()).isNotEqualTo(0.10);
        });
        assertThat(rows).allSatisfy(x -> {
            assertThat(x.runs()).isEqualTo(4);
            assertThat(x.coreUtilization()).isBetween(0.3, 1.0);
            assertThat(x.meanFlowtime()).isGreaterThan(x.meanWait());
            assertThat(x.meanFlowtimeCi95()).isPositive();
        });
        assertThat(rows.get(1).reprovisionings()).isZero();
        assertThat(rows.get(0).reprovisionings()).isPositive();
        assertThat(r.profiles()).hasSize(rows.size());
    }

    @Test
    void adaptiveBeatsStaticUnderThePeakOnTheSameJobs() {
        P004Experiment.Result r = P004Experiment.run(P004Experiment.Config.paper(30, 2025), 2, x -> {});
        double[] d = P004Experiment.pairedFlowtimeDifference(r, 5, 4); // peak: static - adaptive
        assertThat(d[0] - d[1]).isPositive();
    }

    @Test
    void confidenceIntervalOfKnownValues() {
        // mean 2, sd sqrt(2/3), n = 4, t(0.975, 3) = 3.182446305
        assertThat(P004Experiment.ci95(new double[] {1, 2, 3, 2}))
                .isCloseTo(3.182446305 * Math.sqrt(2.0 / 3) / 2, within(1e-6));
        assertThat(P004Experiment.ci95(new double[] {1})).isNaN();
    }
}
