package org.metasched.pipeline.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.model.ParameterException;

/**
 * {@code gang --runs}: limited before any work as reproduce's runs are ({@code --runs 100000000 --jobs 1} ran 39 s to
 * 6.4 GB, then out of memory, exit 1), and the runs after the first keep only their summaries (each kept its whole
 * grid, 43 KB of heap a run of one job).
 */
class GangPipelineTest {
    private static final Path SMALL = Path.of("..", "examples", "small.swf");

    @Test
    void runsAreLimitedBeforeAnyWork() {
        GangConfig c = GangConfig.DEFAULTS;
        assertThatNoException().isThrownBy(() -> GangPipeline.checkRuns(GangPipeline.MAX_RUNS, c));
        assertThatThrownBy(() -> GangPipeline.checkRuns(GangPipeline.MAX_RUNS + 1, c))
                .isInstanceOfSatisfying(
                        ParameterException.class,
                        e -> assertThat(e.message(ParameterException.COMMAND_LINE))
                                .isEqualTo("--runs 10001: 10 001 runs; the limit is 10 000 runs;"
                                        + " give fewer --runs (the default is 1)"));
        assertThatThrownBy(() -> GangPipeline.run(SMALL, c, 1, 100_000_000, 1, n -> {}))
                .hasMessageStartingWith("runs 100000000: 100 000 000 runs would need 58.7 GiB of memory;");
    }

    @Test
    void everyRunsSummaryIsTheSummaryOfItsWholeResult() {
        GangConfig c = GangConfig.DEFAULTS;
        GangPipeline.Result r = GangPipeline.run(SMALL, c, 0, 3, 2, n -> {});
        GangJobs jobs = GangPipeline.jobs(GangPipeline.read(SMALL), 0);
        List<GangSummary> want = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            want.add(GangSimulation.run(jobs, c, run).summary());
        }
        assertThat(r.summaries()).containsExactlyElementsOf(want);
        assertThat(r.first().summary()).isEqualTo(want.get(0));
    }
}
