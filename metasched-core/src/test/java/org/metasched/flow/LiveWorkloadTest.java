package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metasched.metrics.JobTable;
import org.metasched.metrics.RunResult;
import org.metasched.model.Workload;

/**
 * A workload simulated while it is still being read ({@link Workload#live}): the jobs come in runs as the simulation
 * asks for them, and every policy's schedule, metrics and started-jobs reports are those of the whole workload.
 */
class LiveWorkloadTest {

    @Test
    void aWorkloadFedInRunsSchedulesAsTheWholeWorkload() {
        Random rnd = new Random(25);
        for (int round = 0; round < 30; round++) {
            Workload whole = RandomWorkloads.of(round, 1 + rnd.nextInt(400));
            for (FlowPolicy policy : FlowPolicy.registry().entries()) { // every policy simulate may be given
                Fed fed = new Fed(whole, rnd, whole.size() + rnd.nextInt(40));
                assertThat(fed.live.size())
                        .as("jobs before the simulation asks")
                        .isLessThanOrEqualTo(1);
                List<Integer> reported = new ArrayList<>();
                JobFlowSimulation.Replay replay =
                        JobFlowSimulation.of("w").replay(fed.live, policy, (table, count) -> reported.add(count));
                assertThat(fed.calls).as("runs fed").isGreaterThan(0);
                assertThat(fed.live.has(whole.size())).isFalse();
                RunResult live = replay.result();
                RunResult expected = JobFlowSimulation.of("w").run(whole, policy);
                assertSameTable(live.table(), expected.table());
                assertThat(live.summary()).isEqualTo(expected.summary());
                assertSameSeries(live, expected);
                assertThat(reported).last().isEqualTo(whole.size());
            }
        }
    }

    /**
     * The started-jobs reports (every few thousand jobs, for {@code jobs.csv} written beside the schedule) say "final"
     * ({@code count == table.size()}) only the last time, also when every job read so far has started.
     */
    @Test
    void startedReportsAreShortOfTheTableUntilTheLast() {
        Workload whole = RandomWorkloads.of(11, 13_000); // three reports before the last (every 4,096 jobs)
        for (FlowPolicy policy : List.of(FlowPolicy.FCFS, FlowPolicy.EASY)) { // MachineSimulation reports, any policy
            Fed fed = new Fed(whole, new Random(11), whole.size());
            List<int[]> reports = new ArrayList<>();
            JobFlowSimulation.of("w")
                    .replay(fed.live, policy, (table, count) -> reports.add(new int[] {count, table.size()}));
            assertThat(reports.size()).as("reports").isGreaterThan(2);
            for (int k = 0; k < reports.size() - 1; k++) {
                assertThat(reports.get(k)[0]).as("report %d", k).isLessThan(reports.get(k)[1]);
            }
            assertThat(reports.get(reports.size() - 1)).containsExactly(whole.size(), whole.size());
        }
        // every job started while one still runs: the report then would have been count == table.size()
        Workload.Builder b = Workload.builder(10_000);
        b.add(1, 0, 1_000, 1_000, 1);
        for (int j = 2; j <= 5_000; j++) {
            b.add(j, 10, 5, 5, 1);
        }
        List<int[]> reports = new ArrayList<>();
        JobFlowSimulation.of("w")
                .replay(b.build(), FlowPolicy.FCFS, (table, count) -> reports.add(new int[] {count, table.size()}));
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).containsExactly(5_000, 5_000);
    }

    @Test
    void moreJobsThanTheRoomMadeRestart() {
        Workload whole = RandomWorkloads.of(7, 300);
        Fed fed = new Fed(whole, new Random(7), 100);
        assertThat(fed.live.capacity()).isEqualTo(100);
        assertThatThrownBy(() -> JobFlowSimulation.of("w").replay(fed.live, FlowPolicy.EASY, null))
                .isInstanceOf(Workload.Restart.class)
                .hasMessage("more than the 100 jobs made room for");
    }

    @Test
    void aFeedsRestartComesThroughTheSimulation() {
        Workload whole = RandomWorkloads.of(8, 50);
        Workload.Builder b = Workload.builder(whole.machineProcessors(), 64);
        copy(whole, b, 0, 10);
        Workload live = Workload.live(b, () -> {
            throw new Workload.Restart("out of order");
        });
        assertThatThrownBy(() -> JobFlowSimulation.of("w").replay(live, FlowPolicy.CONSERVATIVE, null))
                .isInstanceOf(Workload.Restart.class)
                .hasMessage("out of order");
    }

    /** The jobs of {@code whole} added to a live workload's builder in random runs, one run per call. */
    private static final class Fed {
        final Workload live;
        int calls;
        private int next;

        Fed(Workload whole, Random rnd, int room) {
            Workload.Builder b = Workload.builder(whole.machineProcessors(), room);
            next = Math.min(whole.size(), rnd.nextInt(2)); // none or one job before the simulation starts
            copy(whole, b, 0, next);
            live = Workload.live(b, () -> {
                calls++;
                if (next == whole.size()) {
                    return false;
                }
                int to = Math.min(whole.size(), next + 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 60));
                copy(whole, b, next, to);
                next = to;
                return rnd.nextBoolean() || next < whole.size(); // the last run may come with the end or alone
            });
        }
    }

    private static void copy(Workload from, Workload.Builder to, int start, int end) {
        for (int j = start; j < end; j++) {
            to.add(
                    from.id(j),
                    from.submitSeconds(j),
                    from.runtimeSeconds(j),
                    from.estimateSeconds(j),
                    from.processors(j),
                    from.killed(j));
        }
    }

    private static void assertSameSeries(RunResult a, RunResult e) {
        assertThat(a.series().size()).isEqualTo(e.series().size());
        for (int r = 0; r < e.series().size(); r++) {
            assertThat(a.series().timeSeconds(r)).isEqualTo(e.series().timeSeconds(r));
            for (int c = 0; c < e.series().columns(); c++) {
                assertThat(a.series().value(r, c)).isEqualTo(e.series().value(r, c));
            }
        }
    }

    private static void assertSameTable(JobTable a, JobTable e) {
        assertThat(a.size()).isEqualTo(e.size());
        for (int j = 0; j < e.size(); j++) {
            assertThat(new Object[] {a.id(j), a.startSeconds(j), a.endSeconds(j), a.allocatedProcessors(j)})
                    .as("job %d", j)
                    .containsExactly(e.id(j), e.startSeconds(j), e.endSeconds(j), e.allocatedProcessors(j));
        }
    }
}
