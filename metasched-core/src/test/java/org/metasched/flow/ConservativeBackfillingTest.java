package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.metasched.model.Workload;

class ConservativeBackfillingTest {
    /**
     * A reservation that falls due when nothing ends or arrives. P = 3; W holds 1 processor until 1000; R (est
     * 200) ends early at 10; Q ends at 130 as estimated. X (2 processors, 50 s) is reserved at 200, Z (1
     * processor, 30 s) at 130. When R ends, the compression moves X to 160 (the end of Z's reservation, the first
     * time 2 processors are free for it), then moves Z to 10. Nothing ends or arrives at 160: only the wake-up
     * the policy asks for starts X there.
     */
    @Test
    void aReservationLeftAtAVanishedEndStartsThroughAWakeUp() {
        Workload w = Workload.builder(3)
                .add(1, 0, 1000, 1000, 1) // W
                .add(2, 0, 10, 200, 1) // R, ends early
                .add(3, 0, 130, 130, 1) // Q
                .add(4, 1, 50, 50, 2) // X
                .add(5, 2, 30, 30, 1) // Z
                .build();
        ConservativeBackfilling policy = new ConservativeBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        assertThat(policy.firstReservationSeconds(3)).isEqualTo(200);
        assertThat(policy.firstReservationSeconds(4)).isEqualTo(130);
        assertThat(sim.startSeconds(4)).isEqualTo(10);
        assertThat(sim.startSeconds(3)).isEqualTo(160);
        ScheduleCheck.feasible(sim);
        ScheduleCheck.neverLaterThanFirstReservation(sim, policy);
    }
}
