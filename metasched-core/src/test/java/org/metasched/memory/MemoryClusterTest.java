package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Small hand-made runs of the model with exact start times, and the model's guards against bad decisions. */
class MemoryClusterTest {
    private static final MemoryConfig PAPER = MemoryConfig.defaults();

    private static MemoryCluster run(MemoryConfig c, MemoryWorkload w) {
        MemoryCluster run = MemoryCluster.of(c, w).run();
        MemoryScheduleCheck.verify(run, c.classesGiB());
        return run;
    }

    @Test
    void staticPoolsMakeAClassWaitWhileOtherPoolsIdle() {
        // pool 3 = cores 1, 5, 9 (M1, M3, M5); four class-3 jobs at time 0: the fourth waits for the first end
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 0, 4, 3)
                .add(2, 0, 5, 3)
                .add(3, 0, 6, 3)
                .add(4, 0, 1, 3)
                .build();
        MemoryCluster s = run(PAPER.withPolicy("static"), w);
        assertThat(new int[] {s.coreIndex(0), s.coreIndex(1), s.coreIndex(2)}).containsExactly(1, 5, 9);
        assertThat(s.startSeconds(3)).isEqualTo(4.0);
        assertThat(s.coreIndex(3)).isEqualTo(1);
        assertThat(s.reprovisionings()).isZero();
    }

    @Test
    void adaptiveGivesTheWaitingClassACoreFromAnIdleTwoTwoMachine() {
        // the same jobs: at time 0 the fourth job waits with W = 0 (no trigger); the first queue change with
        // occupancy comes at time 0.5, when job 5 (class 1) arrives: s_3 = 1, c_3 = 0.3, so M2 (2,2) becomes (1,3)
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 0, 4, 3)
                .add(2, 0, 5, 3)
                .add(3, 0, 6, 3)
                .add(4, 0, 1, 3)
                .add(5, 0.5, 1, 1)
                .build();
        MemoryCluster a = run(PAPER.withPolicy("adaptive"), w);
        assertThat(a.startSeconds(3)).isEqualTo(0.5);
        assertThat(a.coreIndex(3)).isEqualTo(3); // M2's core 1, now class 3
        assertThat(a.coreIndex(4)).isEqualTo(0); // class 1 still takes the lowest class-1 core
        DesignationLog log = a.designations();
        assertThat(log.size()).isEqualTo(2);
        assertThat(new double[] {log.timeSeconds(0), log.core(0), log.fromClass(0), log.toClass(0)})
                .containsExactly(0.5, 2, 2, 1);
        assertThat(new double[] {log.timeSeconds(1), log.core(1), log.fromClass(1), log.toClass(1)})
                .containsExactly(0.5, 3, 2, 3);
        assertThat(a.reprovisionings()).isEqualTo(1);
    }

    @Test
    void sharedTakesTheLowestIdleCoreWhoseMachineHasTheMemory() {
        MemoryConfig two = PAPER.withPolicy("shared").withCluster(2, 2, 4);
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 0, 10, 3)
                .add(2, 0, 10, 2)
                .add(3, 0, 10, 1)
                .build();
        MemoryCluster s = run(two, w);
        assertThat(new int[] {s.coreIndex(0), s.coreIndex(1), s.coreIndex(2)}).containsExactly(0, 2, 1);
    }

    @Test
    void sharedDoesNotBypassButSharedBackfillDoes() {
        MemoryConfig one = PAPER.withPolicy("shared").withCluster(1, 2, 4); // adaptive would need 2 machines
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 0, 10, 3) // runs on core 0, leaves 1 GiB
                .add(2, 1, 5, 3) // does not fit until job 1 ends
                .add(3, 2, 1, 1) // fits in the 1 GiB left
                .build();
        MemoryCluster shared = run(one.withPolicy("shared"), w);
        assertThat(shared.startSeconds(1)).isEqualTo(10.0);
        assertThat(shared.startSeconds(2)).isEqualTo(10.0);
        MemoryCluster backfill = run(one.withPolicy("shared-backfill"), w);
        assertThat(backfill.startSeconds(1)).isEqualTo(10.0);
        assertThat(backfill.startSeconds(2)).isEqualTo(2.0);
        assertThat(backfill.coreIndex(2)).isEqualTo(1);
    }

    @Test
    void adaptiveWithThresholdOneIsStatic() {
        // TR = 1: no excess can exceed it and no pool ever empties, so the adaptive policy never acts
        for (long seed = 1; seed <= 10; seed++) {
            MemoryConfig c = PAPER.withThreshold(1.0);
            MemoryWorkload w = MemoryStreams.generate(c, (int) seed);
            MemoryCluster adaptive = MemoryCluster.of(c, w).run();
            MemoryCluster fixed = MemoryCluster.of(c.withPolicy("static"), w).run();
            assertThat(adaptive.reprovisionings()).isZero();
            assertThat(adaptive.jobRecords()).isEqualTo(fixed.jobRecords());
        }
    }

    @Test
    void sameSeedSameRun() {
        MemoryConfig c = PAPER.withCluster(20, 2, 4).withStream(0.9, 200, 1);
        List<MemoryJobRecord> a =
                MemoryCluster.of(c, MemoryStreams.generate(c, 4)).run().jobRecords();
        List<MemoryJobRecord> b =
                MemoryCluster.of(c, MemoryStreams.generate(c, 4)).run().jobRecords();
        assertThat(a).isEqualTo(b);
        assertThat(a.size()).isGreaterThan(1000);
    }

    @Test
    void theSummaryAgreesWithTheRecords() {
        MemoryConfig c = PAPER;
        MemoryCluster run = MemoryCluster.of(c, MemoryStreams.generate(c, 1)).run();
        MemorySummary s = MemorySummary.of(run);
        List<MemoryJobRecord> jobs = run.jobRecords();
        double flow = 0;
        double busyArea = 0;
        double first = 0; // the series starts at time 0
        double last = 0;
        for (MemoryJobRecord r : jobs) {
            flow += r.responseSeconds();
            busyArea += r.endSeconds() - r.startSeconds();
            last = Math.max(last, r.endSeconds());
        }
        assertThat(s.jobs()).isEqualTo(jobs.size());
        assertThat(s.meanFlowtimeSeconds()).isCloseTo(flow / jobs.size(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(s.coreUtilization())
                .isCloseTo(busyArea / (10 * (last - first)), org.assertj.core.api.Assertions.within(1e-9));
        int perClass = 0;
        for (ClassSummary k : s.classes()) {
            perClass += k.jobs();
            assertThat(k.p95FlowtimeSeconds()).isGreaterThanOrEqualTo(k.meanFlowtimeSeconds() * 0.5);
        }
        assertThat(perClass).isEqualTo(jobs.size());
    }

    @Test
    void theModelRejectsADispatcherThatBreaksFcfs() {
        MemoryWorkload w =
                MemoryWorkload.builder().add(1, 0, 1, 1).add(2, 0, 1, 1).build();
        MemoryDispatcher secondFirst = (cluster, d) -> {
            if (cluster.queueLength(1) == 2) {
                d.start(cluster.queuedJob(1, 1), 0);
            }
        };
        MemoryCluster m = new MemoryCluster(PAPER, w, new FixedPools(PAPER), secondFirst, "bad");
        assertThatThrownBy(m::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("not the head");
    }

    @Test
    void theModelRejectsAStartOnAnotherPoolOrABusyRedesignation() {
        MemoryWorkload w =
                MemoryWorkload.builder().add(1, 0, 5, 1).add(2, 1, 1, 2).build();
        MemoryDispatcher wrongPool = (cluster, d) -> {
            if (cluster.queueLength(1) > 0) {
                d.start(cluster.queuedJob(1, 0), 1); // core 1 is class 3
            }
        };
        assertThatThrownBy(new MemoryCluster(PAPER, w, new FixedPools(PAPER), wrongPool, "bad")::run)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("designated to class 3");
        MemoryProvisioner grabBusy = new MemoryProvisioner() {
            @Override
            public int[] initialDesignations(ClusterView cluster) {
                return new FixedPools(PAPER).initialDesignations(cluster);
            }

            @Override
            public void queueChanged(ClusterView cluster, MemoryDecisions d) {
                if (cluster.busy(0)) {
                    d.reconfigure(0, new int[] {2, 2});
                }
            }

            @Override
            public void jobEnded(ClusterView cluster, int core, MemoryDecisions d) {}
        };
        assertThatThrownBy(new MemoryCluster(PAPER, w, grabBusy, new PooledFcfs(), "bad")::run)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot be re-designated");
        MemoryProvisioner overcommit = new MemoryProvisioner() {
            @Override
            public int[] initialDesignations(ClusterView cluster) {
                return new int[] {3, 3, 2, 2, 1, 3, 2, 2, 1, 3};
            }

            @Override
            public void queueChanged(ClusterView cluster, MemoryDecisions d) {}

            @Override
            public void jobEnded(ClusterView cluster, int core, MemoryDecisions d) {}
        };
        assertThatThrownBy(new MemoryCluster(PAPER, w, overcommit, new PooledFcfs(), "bad")::run)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("more than its 4 GiB");
    }

    @Test
    void aJobOfAnUnconfiguredClassIsRejected() {
        MemoryWorkload w = MemoryWorkload.builder().add(1, 0, 1, 4).build();
        assertThatThrownBy(() -> MemoryCluster.of(PAPER, w))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("class 4");
    }
}
