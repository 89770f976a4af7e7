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
 * The structures that make long queues cheap (a rank per job and queues kept as heaps by rank under a
 * time-independent order, {@link KineticHeads} under LXF, candidates kept by changed queue under the queue-heads
 * rule and by watch under the adapted rule, blocked tasks recounted on demand) against the reference path ({@link
 * GangSimulation#of} with {@code reference}), which keeps no heads (it scans queues for them, caching a head until
 * its queue changes or another job may overtake it), counts every job's blocked tasks as processors start and end
 * tasks and offers every job whose processors are all idle, as the model did before them. Also against the same
 * policy declared time-dependent ({@link KeysEveryTime}), which compares its keys at every step and keeps its heads
 * in kinetic tournaments. On overloaded random grids (queues dozens to ~150 long, bursts of same-instant arrivals,
 * migrations) all must give the same schedule, to the last bit.
 */
class GangReferenceTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Registration<GangPolicy, Void> p : GangRegistries.POLICIES.entries()) {
            for (Registration<LocalDispatcher, Void> d : GangRegistries.DISPATCHERS.entries()) {
                for (String rule : List.of("queue-heads", "adapted")) {
                    for (long seed = 1; seed <= 4; seed++) {
                        out.add(Arguments.of(p.name(), d.name(), rule, seed));
                    }
                }
            }
        }
        return out.stream();
    }

    /** Many jobs in a short time, long ones, so the queues grow long; sizes from 1 to past every cluster. */
    static GangJobs overloadedJobs(UniformRandomProvider rng, int largest, int n) {
        GangJobs.Builder b = GangJobs.builder();
        double t = 0;
        for (int i = 0; i < n; i++) {
            if (rng.nextInt(3) != 0) {
                t += rng.nextInt(8);
            }
            int s = switch (rng.nextInt(6)) {
                case 0 -> 1;
                case 1 -> 1 + rng.nextInt(largest + 1);
                default -> 1 + rng.nextInt(Math.max(1, largest / 3));
            };
            double pt = 1 + rng.nextInt(rng.nextInt(4) == 0 ? 2000 : 200);
            b.add(i + 1, t, s, pt, 0, pt * (1 + i % 4));
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} {2} seed {3}")
    @MethodSource("cases")
    void sameScheduleAsThePlainPath(String policy, String dispatch, String rule, long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("reference");
        GangConfig config = GangInvariantsTest.randomConfig(rng, policy, dispatch, seed)
                .withStartRule(GangRegistries.START_RULES.byName(rule));
        GangJobs jobs = overloadedJobs(rng, config.largestCluster(), 300 + rng.nextInt(300));
        int replication = (int) (seed % 2);
        GangResult fast = GangSimulation.run(jobs, config, replication);
        GangResult reference =
                GangSimulation.of(jobs, config, replication, true).run();
        assertSame(fast, reference);
        GangConfig plainConfig = config.withPolicy(plain(config.policy()));
        assertSame(GangSimulation.run(jobs, plainConfig, replication), reference);
        assertSame(GangSimulation.of(jobs, plainConfig, replication, true).run(), reference);
    }

    /**
     * The same on clusters wider than 64 processors (the busy processors' bit sets then take several words, of
     * different numbers in the two clusters, and external migrations move jobs between them).
     */
    @ParameterizedTest(name = "{0} {1} {2} seed {3}")
    @MethodSource("wideCases")
    void sameScheduleOnWideClusters(String policy, String dispatch, String rule, long seed) {
        UniformRandomProvider rng = new RandomStreams(seed).stream("wide");
        GangConfig config = GangInvariantsTest.randomConfig(rng, policy, dispatch, seed)
                .withClusters(List.of(65 + rng.nextInt(64), 129 + rng.nextInt(128)))
                .withStartRule(GangRegistries.START_RULES.byName(rule));
        GangJobs jobs = overloadedJobs(rng, config.largestCluster(), 400);
        int replication = (int) (seed % 2);
        assertSame(
                GangSimulation.run(jobs, config, replication),
                GangSimulation.of(jobs, config, replication, true).run());
    }

    static Stream<Arguments> wideCases() {
        return cases().filter(a -> (long) a.get()[3] <= 2);
    }

    static void assertSame(GangResult fast, GangResult reference) {
        assertThat(fast.taskRecords()).isEqualTo(reference.taskRecords());
        assertThat(fast.jobRecords()).isEqualTo(reference.jobRecords());
        assertThat(fast.migrations()).isEqualTo(reference.migrations());
        assertThat(fast.summary()).isEqualTo(reference.summary());
        assertThat(fast.interactionTimes()).isEqualTo(reference.interactionTimes());
    }

    /** The registration's policy with its queue policy declared time-dependent (so nothing is kept by rank). */
    static Registration<GangPolicy, Void> plain(Registration<GangPolicy, Void> r) {
        return new Registration<>(r.name(), r.family(), r.description(), x -> {
            GangPolicy p = r.create(null);
            return new GangPolicy(new KeysEveryTime(p.queuePolicy()), p.migration());
        });
    }

    /** A queue policy that answers as {@code inner} but claims its key changes with time. */
    record KeysEveryTime(QueuePolicy inner) implements QueuePolicy {
        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public double priorityKey(GangJobs jobs, int j, double now) {
            return inner.priorityKey(jobs, j, now);
        }

        @Override
        public boolean timeDependent() {
            return true;
        }

        @Override
        public double overtakeTime(GangJobs jobs, int first, int other, double now) {
            return inner.overtakeTime(jobs, first, other, now);
        }
    }
}
