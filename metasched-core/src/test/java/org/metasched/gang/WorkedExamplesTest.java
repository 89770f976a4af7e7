package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** The end-to-end example GS-1 (spec 5.7, oracle T19) and the external migration ME-1 (oracle T20). */
class WorkedExamplesTest {
    /**
     * GS-1: one cluster of 5 processors at f_ref, lat = 0, OLB; J1 (at 0, 2 tasks, pt 10), J3 (at 0.5, 1, 3), J2
     * (at 1, 3, 4). The spec assumes the OLB orders S = [P1..P5] at t = 0 and S = [P4, P5], T = [P1, P3, P2] at t
     * = 1; the identity shuffle gives the same placements (J1 on P1, P2; J2 on P4, P5, P1), so it scripts them.
     */
    static GangResult gs1(String policy) {
        return gs1(policy, StartRule.ADAPTED);
    }

    static GangResult gs1(String policy, StartRule rule) {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 2, 10, 0)
                .add(3, 0.5, 1, 3, 0)
                .add(2, 1, 3, 4, 0)
                .build();
        GangSimulation sim = new GangSimulation(
                jobs,
                new int[] {5},
                new double[] {2000, 2000, 2000, 2000, 2000},
                2000,
                new double[3],
                new LeastLoadedCluster(TieBreak.FIRST),
                new OpportunisticLoadBalancing((a, n, rng) -> {}),
                GangRegistries.POLICIES.byName(policy).create(null),
                false,
                rule,
                new RandomStreams(1).stream("dispatch"),
                "olb/" + policy);
        GangResult r = sim.run();
        GangScheduleCheck.result(r);
        return r;
    }

    @Test
    void t19WithoutMigration() {
        GangResult r = gs1("afcfs");
        GangSummary s = r.summary();
        assertThat(s.lossOfCapacityPercent()).isCloseTo(100 * 19.5 / 70, within(1e-9)); // 27.857 %
        assertThat(s.awtSeconds()).isCloseTo(3.0, within(1e-12));
        assertThat(s.artSeconds()).isCloseTo(26.0 / 3, within(1e-12));
        assertThat(s.makespanSeconds()).isEqualTo(14.0);
        assertThat(s.utilization()).isCloseTo(0.5, within(1e-12));
        assertThat(s.processorUtilization()).isCloseTo(0.5, within(1e-12));
        assertThat(s.literalUtilization()).isCloseTo(62.0 / 70, within(1e-12)); // D16's comparison
        assertThat(s.localMigrations() + s.externalMigrations()).isZero();
        assertThat(r.taskRecords())
                .containsExactly(
                        new GangTaskRecord(1, 0, 0, 0, 0, 10),
                        new GangTaskRecord(1, 1, 0, 1, 0, 10),
                        new GangTaskRecord(3, 0, 0, 2, 0.5, 3.5),
                        new GangTaskRecord(2, 0, 0, 3, 10, 14),
                        new GangTaskRecord(2, 1, 0, 4, 10, 14),
                        new GangTaskRecord(2, 2, 0, 0, 10, 14));
        // one cluster: the per-cluster figures equal the grid's
        assertThat(s.clusterLossOfCapacityPercent().get(0)).isCloseTo(s.lossOfCapacityPercent(), within(1e-12));
        assertThat(s.clusterSumLossOfCapacityPercent()).isCloseTo(s.lossOfCapacityPercent(), within(1e-12));
    }

    @Test
    void t19WithMigration() {
        GangResult r = gs1("afcfs-m");
        GangSummary s = r.summary();
        assertThat(s.lossOfCapacityPercent()).isZero();
        assertThat(s.awtSeconds()).isCloseTo(2.5 / 3, within(1e-12));
        assertThat(s.artSeconds()).isCloseTo(6.5, within(1e-12));
        assertThat(s.makespanSeconds()).isEqualTo(10.0);
        assertThat(s.utilization()).isCloseTo(0.7, within(1e-12));
        assertThat(s.processorUtilization()).isCloseTo(0.7, within(1e-12));
        assertThat(s.localMigrations()).isEqualTo(1);
        assertThat(s.externalMigrations()).isZero();
        assertThat(s.migratedTasks()).isEqualTo(1);
        // J2's task queued behind J1 on P1 moves to P3 when J3 ends; J2 runs 3.5-7.5 on P4, P5, P3
        assertThat(r.migrations()).containsExactly(new TaskMigration(2, 2, 3.5, MigrationKind.LOCAL, 0, 0, 0, 2));
        assertThat(r.taskRecords())
                .contains(
                        new GangTaskRecord(2, 0, 0, 3, 3.5, 7.5),
                        new GangTaskRecord(2, 1, 0, 4, 3.5, 7.5),
                        new GangTaskRecord(2, 2, 0, 2, 3.5, 7.5));
        assertThat(r.jobRecords())
                .extracting(GangJobRecord::id, GangJobRecord::migrated)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1L, MigrationKind.NONE),
                        org.assertj.core.groups.Tuple.tuple(3L, MigrationKind.NONE),
                        org.assertj.core.groups.Tuple.tuple(2L, MigrationKind.LOCAL));
    }

    /**
     * GS-1 under D13 v2 (the default start rule), the spec's oracle as written: J2 heads all three of its queues
     * and waits only for P1, so both start rules give the same schedules, without and with migration.
     */
    @Test
    void t19IsTheSameUnderTheQueueHeadsRule() {
        for (String policy : List.of("afcfs", "afcfs-m", "ljfs", "lxf-m")) {
            GangResult v1 = gs1(policy, StartRule.ADAPTED);
            GangResult v2 = gs1(policy, StartRule.QUEUE_HEADS);
            assertThat(v2.taskRecords()).as(policy).isEqualTo(v1.taskRecords());
            assertThat(v2.summary()).as(policy).isEqualTo(v1.summary());
        }
        GangSummary s = gs1("afcfs", StartRule.QUEUE_HEADS).summary();
        assertThat(s.lossOfCapacityPercent()).isCloseTo(100 * 19.5 / 70, within(1e-9));
        assertThat(s.artSeconds()).isCloseTo(26.0 / 3, within(1e-12));
        GangSummary m = gs1("afcfs-m", StartRule.QUEUE_HEADS).summary();
        assertThat(m.lossOfCapacityPercent()).isZero();
        assertThat(m.artSeconds()).isCloseTo(6.5, within(1e-12));
        assertThat(m.localMigrations()).isEqualTo(1);
    }

    @Test
    void utilizationIsSampledAtEveryArrivalAndCompletion() {
        GangResult r = gs1("afcfs");
        // arrivals at 0, 0.5, 1; completions at 3.5, 10, 14; busy processors after each: 2, 3, 3, 2, 3, 0
        assertThat(r.interactionTimes()).containsExactly(0, 0.5, 1, 3.5, 10, 14);
        assertThat(r.interactionUtilization()).containsExactly(0.4, 0.6, 0.6, 0.4, 0.6, 0.0);
        // ART after the first k executed jobs, in completion order J3 (3), J1 (10), J2 (13)
        assertThat(r.artSeconds(1)).isEqualTo(3.0);
        assertThat(r.artSeconds(2)).isEqualTo(6.5);
        assertThat(r.awtSeconds(3)).isEqualTo(3.0);
    }

    /**
     * ME-1: in C1 job J_a (2 tasks) heads the queue of idle P1; its other task waits behind a running job on P2,
     * and C1 has no other idle processor, so m_l(C1) finds nothing. C2 has 3 idle processors (Q2..Q4), C3 has 2 (R1,
     * R2): best fit is C3, and J_a moves to R1, R2.
     */
    @Test
    void t20ExternalMigration() {
        GangJobs jobs = GangJobs.builder()
                .add(10, 0, 1, 100, 0) // X, runs on P2
                .add(11, 0, 1, 100, 0) // Y, runs on Q1
                .add(12, 1, 2, 5, 0) // J_a
                .build();
        double[] clocks = new double[8];
        java.util.Arrays.fill(clocks, 2000);
        Grid g = new Grid(jobs, new int[] {2, 4, 2}, clocks, 2000, new double[3]);
        g.dispatch(0, 0);
        g.enqueue(g.firstTask(0), 1);
        g.startJob(0, 0);
        g.dispatch(1, 1);
        g.enqueue(g.firstTask(1), 2);
        g.startJob(1, 0);
        g.dispatch(2, 0);
        g.enqueue(g.firstTask(2), 0);
        g.enqueue(g.firstTask(2) + 1, 1);
        PriorityOrder order = new PriorityOrder(QueuePolicies.AFCFS, false, jobs);
        assertThat(g.blockedTasks(2)).isEqualTo(1);
        for (int c = 0; c < 3; c++) {
            assertThat(new LocalMigration().decide(g, c, order, 1))
                    .as("m_l(C%d)", c + 1)
                    .isNull();
        }
        Migration m = new ExternalMigration().decide(g, order, 1);
        assertThat(m).isNotNull();
        assertThat(m.job()).isEqualTo(2);
        assertThat(m.external()).isTrue();
        assertThat(m.tasks()).containsExactly(g.firstTask(2), g.firstTask(2) + 1);
        assertThat(m.targets()).containsExactly(6, 7); // R1, R2

        // applied, J_a starts at once in C3 and leaves C1's queues
        for (int i = 0; i < 2; i++) {
            g.moveTask(m.tasks()[i], m.targets()[i]);
        }
        g.startJob(2, 1);
        assertThat(g.jobCluster(2)).isEqualTo(2);
        assertThat(g.queueLength(0)).isZero();
        assertThat(g.queueLength(1)).isZero();
        assertThat(g.idleProcessors(2)).isZero();
        assertThat(g.waitingSizes().count(0)).isZero();
    }

    @Test
    void externalMigrationPrefersTheTightestClusterAndNeedsOneThatFits() {
        GangJobs jobs =
                GangJobs.builder().add(10, 0, 1, 100, 0).add(11, 1, 3, 5, 0).build();
        double[] clocks = new double[2 + 5 + 3];
        java.util.Arrays.fill(clocks, 2000);
        Grid g = new Grid(jobs, new int[] {2 + 1, 4, 3}, clocks, 2000, new double[2]);
        g.dispatch(0, 0);
        g.enqueue(g.firstTask(0), 1);
        g.startJob(0, 0);
        g.dispatch(1, 0);
        for (int i = 0; i < 3; i++) {
            g.enqueue(g.firstTask(1) + i, i);
        }
        PriorityOrder order = new PriorityOrder(QueuePolicies.LJFS, false, jobs);
        Migration m = new ExternalMigration().decide(g, order, 1);
        assertThat(m.targets()).containsExactly(7, 8, 9); // C3 (3 idle) before C2 (4 idle)
        assertThat(List.of(m.job())).containsExactly(1);
    }

    /**
     * Two clusters of 2: J1 (at 0, 2 tasks, 10 s) and J3 (at 2, 2 tasks, 5 s) go to A, J2 (at 1, 2 tasks, 3 s) to
     * the idle B. From 4 to 10, B's 2 processors idle while J3 waits in A: lost grid-wide (D15: 2 idle >= 2 needed),
     * not per cluster (B has no waiting job, A no idle processor). And m_e moves nothing: no idle processor heads a
     * queue holding J3.
     */
    @Test
    void lossOfCapacityGridWideAndPerCluster() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 2, 10, 0)
                .add(2, 1, 2, 3, 0)
                .add(3, 2, 2, 5, 0)
                .build();
        for (String policy : new String[] {"afcfs", "afcfs-m"}) {
            GangConfig c = GangConfig.DEFAULTS
                    .withClusters(List.of(2, 2))
                    .withClocks(ClockModel.HOMOGENEOUS)
                    .withTieBreak(TieBreak.FIRST)
                    .withPolicy(GangRegistries.POLICIES.byName(policy));
            GangResult r = GangSimulation.run(jobs, c, 0);
            GangScheduleCheck.result(r);
            GangSummary s = r.summary();
            assertThat(r.jobRecords())
                    .extracting(GangJobRecord::cluster, GangJobRecord::startSeconds)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(0, 0.0),
                            org.assertj.core.groups.Tuple.tuple(1, 1.0),
                            org.assertj.core.groups.Tuple.tuple(0, 10.0));
            assertThat(s.lossOfCapacityPercent()).as(policy).isCloseTo(100.0 * 12 / (4 * 15), within(1e-12));
            assertThat(s.clusterLossOfCapacityPercent()).as(policy).containsExactly(0.0, 0.0);
            assertThat(s.clusterSumLossOfCapacityPercent()).as(policy).isZero();
            assertThat(s.externalMigrations()).isZero();
        }
    }

    /**
     * The start rules differ when a blocked job heads a queue: J1 (1 task) runs on P1 until 10; J2 (3 tasks, OLB
     * order P2, P3, P1) is blocked by P1; J3 (2 tasks) is queued behind J2 on P2 and P3 under LJFS. The adapted pass
     * starts J3 at once (its processors are idle); with {@link StartRule#QUEUE_HEADS} it waits for J2 (10-15).
     */
    @Test
    void aBlockedHeadHoldsBackItsQueuesOnlyUnderTheQueueHeadsRule() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 1, 10, 0)
                .add(2, 1, 3, 5, 0)
                .add(3, 2, 2, 2, 0)
                .build();
        double[] starts = new double[2];
        for (StartRule rule : StartRule.values()) {
            GangResult r = new GangSimulation(
                            jobs,
                            new int[] {3},
                            new double[] {2000, 2000, 2000},
                            2000,
                            new double[3],
                            new LeastLoadedCluster(TieBreak.FIRST),
                            new OpportunisticLoadBalancing((a, n, rng) -> {}),
                            GangRegistries.POLICIES.byName("ljfs").create(null),
                            false,
                            rule,
                            new RandomStreams(1).stream("dispatch"),
                            "olb/ljfs")
                    .run();
            GangScheduleCheck.result(r);
            starts[rule.ordinal()] = r.jobRecords().get(2).startSeconds();
            assertThat(r.jobRecords().get(1).startSeconds()).isEqualTo(10.0);
        }
        assertThat(starts).containsExactly(2.0, 15.0);
    }

    /**
     * m_l's choices: among blocked head jobs the one with the fewest tasks to move wins, even if it arrived later;
     * each moved task goes to the unused target with the shortest queue, ties by index. One cluster P0..P5: X runs
     * on P0, Y on P1; J_a (3 tasks) on P2, P0, P1 needs 2 moves; J_b (2 tasks) on P4, P1 needs 1. Idle: P2, P3,
     * P4, P5; J_b's targets are P2 (queue 1), P3 (0), P5 (0): P3.
     */
    @Test
    void localMigrationMovesTheJobNeedingFewestMovesToTheShortestQueues() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 1, 100, 0) // X
                .add(2, 0, 1, 100, 0) // Y
                .add(3, 1, 3, 5, 0) // J_a
                .add(4, 2, 2, 5, 0) // J_b
                .build();
        double[] clocks = new double[6];
        java.util.Arrays.fill(clocks, 2000);
        Grid g = new Grid(jobs, new int[] {6}, clocks, 2000, new double[4]);
        for (int j = 0; j < 2; j++) {
            g.dispatch(j, 0);
            g.enqueue(g.firstTask(j), j);
            g.startJob(j, 0);
        }
        g.dispatch(2, 0);
        g.enqueue(g.firstTask(2), 2);
        g.enqueue(g.firstTask(2) + 1, 0);
        g.enqueue(g.firstTask(2) + 2, 1);
        g.dispatch(3, 0);
        g.enqueue(g.firstTask(3), 4);
        g.enqueue(g.firstTask(3) + 1, 1);
        PriorityOrder order = new PriorityOrder(QueuePolicies.AFCFS, false, jobs);
        Migration m = new LocalMigration().decide(g, 0, order, 2);
        assertThat(m.job()).isEqualTo(3);
        assertThat(m.external()).isFalse();
        assertThat(m.tasks()).containsExactly(g.firstTask(3) + 1);
        assertThat(m.targets()).containsExactly(3);
        g.moveTask(m.tasks()[0], 3);
        g.startJob(3, 2);
        // now idle P2, P5; J_a heads P2 and needs 2 moves but only P5 is free of it: nothing more
        assertThat(new LocalMigration().decide(g, 0, order, 2)).isNull();
        assertThat(new ExternalMigration().decide(g, order, 2)).isNull();
    }
}
