package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Spec 7, T21: the worked examples AM-1 and AM-2 of spec 6.5, with their exact numbers. */
class AdaptiveOracleTest {
    private static final MemoryConfig PAPER = MemoryConfig.defaults().withThreshold(0.1);

    /**
     * The AM-1 state at now = 10 on the default partition M1 (1,3), M2 (2,2), M3 (1,3), M4 (2,2), M5 (1,3). Jobs
     * 0-6 are the queued ones; jobs 7-8 (class 2, arrived at 0) are there to keep cores busy.
     */
    private static ClusterState am1(OccupancyProvisioner p) {
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 8.0, 5, 3)
                .add(2, 8.5, 5, 3)
                .add(3, 9.0, 5, 1)
                .add(4, 9.0, 5, 3)
                .add(5, 9.5, 5, 1)
                .add(6, 9.5, 5, 3)
                .add(7, 9.6, 5, 2)
                .add(8, 0.0, 100, 2)
                .add(9, 0.0, 100, 2)
                .build();
        ClusterState s = new ClusterState(PAPER, w);
        int[] initial = p.initialDesignations(s);
        for (int c = 0; c < initial.length; c++) {
            s.designate(c, initial[c]);
        }
        for (int j = 0; j < w.size(); j++) {
            if (w.arrivalSeconds(j) > 0) {
                s.enqueue(j);
            }
        }
        s.setNow(10);
        return s;
    }

    @Test
    void theDefaultPartitionAlternatesOneThreeAndTwoTwo() {
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER);
        ClusterState s = am1(p);
        assertThat(p.initialDesignations(s)).containsExactly(1, 3, 2, 2, 1, 3, 2, 2, 1, 3);
        assertThat(new int[] {s.poolSize(1), s.poolSize(2), s.poolSize(3)}).containsExactly(3, 4, 3);
    }

    @Test
    void am1SharesAndDecision() {
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER);
        ClusterState s = am1(p);
        assertThat(s.queueLength(1)).isEqualTo(2);
        assertThat(s.queueLength(2)).isEqualTo(1);
        assertThat(s.queueLength(3)).isEqualTo(4);

        int theta = p.evaluate(s);
        assertThat(theta).isEqualTo(3);
        assertThat(p.occupancy(1)).isCloseTo(3.0, within(1e-12));
        assertThat(p.occupancy(2)).isCloseTo(0.4, within(1e-12));
        assertThat(p.occupancy(3)).isCloseTo(20.0, within(1e-12));
        assertThat(p.occupancyShare(1)).isCloseTo(3.0 / 23.4, within(1e-12));
        assertThat(p.occupancyShare(2)).isCloseTo(0.4 / 23.4, within(1e-12));
        assertThat(p.occupancyShare(3)).isCloseTo(20.0 / 23.4, within(1e-12));
        // the spec's rounded values
        assertThat(p.occupancyShare(1)).isCloseTo(0.1282, within(5e-5));
        assertThat(p.occupancyShare(2)).isCloseTo(0.0171, within(5e-5));
        assertThat(p.occupancyShare(3)).isCloseTo(0.8547, within(5e-5));
        assertThat(p.coreShare(1)).isEqualTo(0.3);
        assertThat(p.coreShare(2)).isEqualTo(0.4);
        assertThat(p.coreShare(3)).isEqualTo(0.3);
        assertThat(p.excess(1)).isCloseTo(-0.1718, within(5e-5));
        assertThat(p.excess(2)).isCloseTo(-0.3829, within(5e-5));
        assertThat(p.excess(3)).isCloseTo(0.5547, within(5e-5));

        // with every core idle, the only single-machine way to add a 3 GiB core is (2,2) -> (1,3) on M2 or M4: M2
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).containsExactly("M2[1, 3]");
        assertThat(new int[] {s.poolSize(1), s.poolSize(2), s.poolSize(3)}).containsExactly(4, 2, 4);
        assertThat(p.pending(3)).isFalse();
    }

    @Test
    void am1TakesM4WhenM2IsBusy() {
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER);
        ClusterState s = am1(p);
        s.occupy(2, 7, 2); // M2 core 0 runs a class-2 job
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).containsExactly("M4[1, 3]");
    }

    @Test
    void am1IsDeferredUntilAJobEndFreesAWholeTwoTwoMachine() {
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER);
        ClusterState s = am1(p);
        s.occupy(2, 7, 2); // M2 core 0
        s.occupy(7, 8, 2); // M4 core 1
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).isEmpty();
        assertThat(p.pending(3)).isTrue();
        assertThat(new int[] {s.poolSize(1), s.poolSize(2), s.poolSize(3)}).containsExactly(3, 4, 3);

        s.setNow(10.5);
        s.release(2); // the job on M2 ends
        p.jobEnded(s, 2, d);
        assertThat(d.log).containsExactly("M2[1, 3]");
        assertThat(p.pending(3)).isFalse();
        assertThat(new int[] {s.poolSize(1), s.poolSize(2), s.poolSize(3)}).containsExactly(4, 2, 4);
    }

    @Test
    void am2NoTriggerBelowTheThreshold() {
        MemoryWorkload w = MemoryWorkload.builder()
                .add(1, 9.0, 1, 1)
                .add(2, 9.0, 1, 2)
                .add(3, 9.0, 1, 3)
                .build();
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER);
        ClusterState s = new ClusterState(PAPER, w);
        int[] initial = p.initialDesignations(s);
        for (int c = 0; c < initial.length; c++) {
            s.designate(c, initial[c]);
        }
        for (int j = 0; j < 3; j++) {
            s.enqueue(j);
        }
        s.setNow(10);
        int theta = p.evaluate(s);
        for (int k = 1; k <= 3; k++) {
            assertThat(p.occupancy(k)).isEqualTo(1.0);
            assertThat(p.occupancyShare(k)).isCloseTo(1.0 / 3, within(1e-12));
        }
        assertThat(p.excess(1)).isCloseTo(0.0333, within(5e-5));
        assertThat(p.excess(2)).isCloseTo(-0.0667, within(5e-5));
        assertThat(p.excess(3)).isCloseTo(0.0333, within(5e-5));
        // classes 1 and 3 tie on e and O: the smaller class is theta
        assertThat(theta).isEqualTo(1);
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).isEmpty();
        assertThat(p.pending(1)).isFalse();

        // with TR = 0 the tie goes to class 1, which gets one core: (2,2) -> (1,2) on M2 changes one core and takes
        // from the most over-provisioned pool (e_2 < e_3); core 0 keeps its class 2, core 1 becomes class 1
        OccupancyProvisioner zero = new OccupancyProvisioner(PAPER.withThreshold(0));
        zero.queueChanged(s, d);
        assertThat(d.log).containsExactly("M2[2, 1]");
        assertThat(new int[] {s.poolSize(1), s.poolSize(2), s.poolSize(3)}).containsExactly(4, 3, 3);
    }

    @Test
    void noOccupancyNoAction() {
        MemoryWorkload w =
                MemoryWorkload.builder().add(1, 10, 1, 3).add(2, 10, 1, 3).build();
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER.withThreshold(0));
        ClusterState s = new ClusterState(PAPER, w);
        int[] initial = p.initialDesignations(s);
        for (int c = 0; c < initial.length; c++) {
            s.designate(c, initial[c]);
        }
        s.enqueue(0);
        s.enqueue(1);
        s.setNow(10); // both arrived now: W_3 = 0 exactly
        assertThat(p.evaluate(s)).isZero();
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).isEmpty();
    }

    @Test
    void aFullPoolThreeStaysPendingWithoutAction() {
        // every machine (1,3): pool 3 is at its maximum of one core per machine
        MemoryWorkload w =
                MemoryWorkload.builder().add(1, 1, 1, 3).add(2, 2, 1, 3).build();
        OccupancyProvisioner p = new OccupancyProvisioner(PAPER.withThreshold(0));
        ClusterState s = new ClusterState(PAPER, w);
        int[] initial = {1, 3, 1, 3, 1, 3, 1, 3, 1, 3};
        for (int c = 0; c < initial.length; c++) {
            s.designate(c, initial[c]);
        }
        s.enqueue(0);
        s.enqueue(1);
        s.setNow(5);
        RecordingDecisions d = new RecordingDecisions(s);
        p.queueChanged(s, d);
        assertThat(d.log).isEmpty();
        assertThat(p.pending(3)).isTrue();
    }
}
