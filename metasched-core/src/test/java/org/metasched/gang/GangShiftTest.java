package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.random.RandomStreams;
import org.metasched.registry.Registration;

/**
 * A trace on a late clock origin (Unix-epoch seconds, 1.7e9, or microseconds, 1.7e15, where a double resolves 0.25 s;
 * anything from 2^28 s) gives the results of the same trace on origin 0, shifted: every metric equal to the last bit,
 * every time in the job, task and migration records and the interaction series the origin-0 time plus the shift. There
 * the model runs on a clock that starts at the first arrival ({@link GangJobs#fromFirstArrival}); on the trace's own
 * clock the service times of heterogeneous processors would be rounded to the origin's resolution.
 */
class GangShiftTest {
    private static final double[] SHIFTS = {1.7e15, 0x1p50, 1.7e9, GangJobs.REBASE_FROM_SECONDS};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Registration<GangPolicy, Void> p : GangRegistries.POLICIES.entries()) {
            for (Registration<LocalDispatcher, Void> d : GangRegistries.DISPATCHERS.entries()) {
                for (long seed = 1; seed <= 3; seed++) {
                    out.add(Arguments.of(p.name(), d.name(), seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("cases")
    void aShiftedTraceGivesTheShiftedResults(String policy, String dispatch, long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("shift");
        GangConfig config = GangInvariantsTest.randomConfig(rng, policy, dispatch, seed)
                .withClocks(ClockModel.HETEROGENEOUS); // fractional service times: what the origin would round
        GangJobs drawn = GangInvariantsTest.randomJobs(rng, config.largestCluster(), 150);
        GangJobs base = shifted(drawn, -drawn.submitSeconds(0)); // the first arrival at 0
        GangResult a = GangSimulation.run(base, config, 1);
        assertThat(a.migrations().isEmpty() && policy.endsWith("-m"))
                .as("a migrating policy that never migrated tests less")
                .isFalse();
        for (double shift : SHIFTS) {
            GangResult b = GangSimulation.run(shifted(base, shift), config, 1);
            GangSummary sa = a.summary();
            GangSummary sb = b.summary();
            assertThat(sb)
                    .as("shift %s", shift)
                    .usingRecursiveComparison()
                    .ignoringFields("originSeconds") // t_1 and t_q on the model's clock are the same
                    .isEqualTo(sa);
            assertThat(sb.originSeconds()).isEqualTo(shift);
            assertThat(sb.firstArrivalSeconds()).isEqualTo(shift);
            assertThat(sb.lastCompletionSeconds()).isEqualTo(sa.lastCompletionSeconds() + shift);
            for (int k = 1; k <= a.executedJobs(); k += 7) {
                assertThat(b.artSeconds(k)).isEqualTo(a.artSeconds(k));
                assertThat(b.awtSeconds(k)).isEqualTo(a.awtSeconds(k));
            }
            assertThat(b.jobRecords())
                    .isEqualTo(a.jobRecords().stream()
                            .map(r -> new GangJobRecord(
                                    r.id(),
                                    r.cluster(),
                                    shift, // the records' times on the model's clock: the same as at 0
                                    r.modelSubmitSeconds(),
                                    r.modelStartSeconds(),
                                    r.modelEndSeconds(),
                                    r.tasks(),
                                    r.migrated()))
                            .toList());
            assertThat(b.taskRecords())
                    .isEqualTo(a.taskRecords().stream()
                            .map(r -> new GangTaskRecord(
                                    r.job(),
                                    r.task(),
                                    r.cluster(),
                                    r.processor(),
                                    shift,
                                    r.modelStartSeconds(),
                                    r.modelEndSeconds()))
                            .toList());
            assertThat(b.migrations())
                    .isEqualTo(a.migrations().stream()
                            .map(m -> new TaskMigration(
                                    m.job(),
                                    m.task(),
                                    m.timeSeconds() + shift,
                                    m.kind(),
                                    m.fromCluster(),
                                    m.fromProcessor(),
                                    m.toCluster(),
                                    m.toProcessor()))
                            .toList());
            double[] times = a.interactionTimes();
            for (int i = 0; i < times.length; i++) {
                times[i] += shift;
            }
            assertThat(b.interactionTimes()).containsExactly(times);
            assertThat(b.interactionUtilization()).containsExactly(a.interactionUtilization());
        }
    }

    /** The same jobs with every submit time plus {@code delta}. */
    private static GangJobs shifted(GangJobs jobs, double delta) {
        GangJobs.Builder b = GangJobs.builder();
        for (int j = 0; j < jobs.size(); j++) {
            b.add(
                    jobs.id(j),
                    jobs.submitSeconds(j) + delta,
                    jobs.tasks(j),
                    jobs.processingSeconds(j),
                    jobs.sizeMegabytes(j),
                    jobs.estimateSeconds(j));
        }
        return b.build();
    }
}
