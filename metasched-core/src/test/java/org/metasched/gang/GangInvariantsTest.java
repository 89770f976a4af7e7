package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.random.RandomStreams;
import org.metasched.registry.Registration;
import org.metasched.sim.SimulationObserver;

/**
 * Invariants of every policy and dispatcher on seeded random workloads (bursts of same-instant arrivals, jobs of
 * every size including some larger than every cluster, heterogeneous and homogeneous clocks, one to three
 * clusters): the schedule checks of {@link GangScheduleCheck}, and after every instant the adapted pass is
 * complete (no waiting job has all its processors idle), the blocked-task counts equal a recount and the cached
 * queue heads equal full scans.
 */
class GangInvariantsTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Registration<GangPolicy, Void> p : GangRegistries.POLICIES.entries()) {
            for (Registration<LocalDispatcher, Void> d : GangRegistries.DISPATCHERS.entries()) {
                for (long seed = 1; seed <= 12; seed++) {
                    out.add(Arguments.of(p.name(), d.name(), seed));
                }
            }
        }
        return out.stream();
    }

    /** A random grid and workload; about a fifth of the jobs exceed the smallest cluster, a few exceed all. */
    static GangJobs randomJobs(UniformRandomProvider rng, int largest, int n) {
        GangJobs.Builder b = GangJobs.builder();
        double t = 0;
        for (int i = 0; i < n; i++) {
            if (rng.nextInt(3) != 0) {
                t += rng.nextInt(60);
            }
            int s = switch (rng.nextInt(6)) {
                case 0 -> 1;
                case 1 -> 1 + rng.nextInt(largest + 2); // sometimes larger than every cluster
                default -> 1 + rng.nextInt(Math.max(1, largest / 3));
            };
            double pt = 1 + rng.nextInt(300);
            b.add(i + 1, t, s, pt, 0, pt * (1 + i % 5)); // estimates 1-5 times the run time (lxf-est reads them)
        }
        return b.build();
    }

    static GangConfig randomConfig(UniformRandomProvider rng, String policy, String dispatch, long seed) {
        int m = 1 + rng.nextInt(3);
        List<Integer> sizes = new ArrayList<>();
        for (int c = 0; c < m; c++) {
            sizes.add(2 + rng.nextInt(14));
        }
        return GangConfig.DEFAULTS
                .withClusters(sizes)
                .withClocks(rng.nextBoolean() ? ClockModel.HETEROGENEOUS : ClockModel.HOMOGENEOUS)
                .withTieBreak(rng.nextBoolean() ? TieBreak.RANDOM : TieBreak.FIRST)
                .withSequentialFirst(rng.nextInt(4) == 0)
                .withStartRule(GangRegistries.START_RULES.byName(rng.nextInt(3) == 0 ? "queue-heads" : "adapted"))
                .withLatency(rng.nextInt(3) == 0 ? 0.5 : 0, 100)
                .withDispatch(GangRegistries.DISPATCHERS.byName(dispatch))
                .withPolicy(GangRegistries.POLICIES.byName(policy))
                .withSeed(seed);
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("cases")
    void everyScheduleKeepsTheInvariants(String policy, String dispatch, long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("instance");
        GangConfig config = randomConfig(rng, policy, dispatch, seed);
        GangJobs jobs = randomJobs(rng, config.largestCluster(), 250);
        GangSimulation sim = GangSimulation.of(jobs, config, (int) (seed % 3));
        GangResult r = sim.run(new PassIsComplete(sim));
        GangScheduleCheck.result(r);

        int tooLarge = 0;
        for (int j = 0; j < jobs.size(); j++) {
            tooLarge += jobs.tasks(j) > config.largestCluster() ? 1 : 0;
        }
        GangSummary s = r.summary();
        assertThat(s.rejectedJobs()).isEqualTo(tooLarge);
        assertThat(s.executedJobs()).isEqualTo(jobs.size() - tooLarge);
        assertThat(r.jobRecords()).hasSize(s.executedJobs());
        if (!config.policy().create(null).migration()) {
            assertThat(r.migrations()).isEmpty();
        }
        assertThat(s.lossOfCapacityPercent()).isBetween(0.0, 100.0);
        assertThat(s.processorUtilization()).isBetween(0.0, 1.0);
        assertThat(s.utilization()).isGreaterThanOrEqualTo(s.processorUtilization() - 1e-12);
        if (config.clocks() == ClockModel.HOMOGENEOUS) {
            assertThat(s.utilization()).isCloseTo(s.processorUtilization(), within(1e-9));
        }
        assertThat(r.interactionTimes()).hasSize(jobs.size() + s.executedJobs());
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("cases")
    void sameSeedSameSchedule(String policy, String dispatch, long seed) {
        if (seed > 3) {
            return;
        }
        UniformRandomProvider rng = new RandomStreams(seed).stream("instance");
        GangConfig config = randomConfig(rng, policy, dispatch, seed);
        GangJobs jobs = randomJobs(rng, config.largestCluster(), 150);
        GangResult a = GangSimulation.run(jobs, config, 2);
        GangResult b = GangSimulation.run(jobs, config, 2);
        assertThat(b.taskRecords()).isEqualTo(a.taskRecords());
        assertThat(b.summary()).isEqualTo(a.summary());
    }

    /** After every instant: no waiting job could start, and every blocked count equals a recount. */
    static final class PassIsComplete implements SimulationObserver<GangEvent> {
        private final GangSimulation sim;

        PassIsComplete(GangSimulation sim) {
            this.sim = sim;
        }

        @Override
        public void instantEnded(double time) {
            Grid g = sim.grid();
            GangJobs jobs = g.jobs();
            for (int p = 0; p < g.firstProcessor(g.clusters()); p++) {
                assertThat(sim.cachedHead(p))
                        .as("head of processor %d at %s", p, time)
                        .isEqualTo(sim.scannedHead(p));
            }
            for (int j = 0; j < jobs.size(); j++) {
                if (!g.waiting(j)) {
                    continue;
                }
                int busy = 0;
                for (int t = g.firstTask(j); t < g.firstTask(j) + jobs.tasks(j); t++) {
                    int p = g.taskProcessor(t);
                    assertThat(g.clusterOf(p)).isEqualTo(g.jobCluster(j));
                    busy += g.busy(p) ? 1 : 0;
                }
                assertThat(g.blockedTasks(j))
                        .as("blocked count of job %d", jobs.id(j))
                        .isEqualTo(busy);
                boolean couldStart = busy == 0 && (sim.startRule() == StartRule.ADAPTED || sim.headsEveryQueue(j));
                assertThat(couldStart)
                        .as("job %d waits at %s but could start", jobs.id(j), time)
                        .isFalse();
            }
        }
    }
}
