package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.model.Workload;

/** Invariants of every policy on many seeded random workloads (100 instances, 300 jobs each). */
class PolicyInvariantsTest {
    static LongStream seeds() {
        return LongStream.range(1, 101);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void fcfsStartsInSubmitOrder(long seed) {
        Workload w = RandomWorkloads.of(seed, 300);
        MachineSimulation sim = new MachineSimulation(w, new Fcfs(w), null).run();
        ScheduleCheck.feasible(sim);
        ScheduleCheck.startsInQueueOrder(sim);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void easyNeverDelaysTheHead(long seed) {
        Workload w = RandomWorkloads.of(seed, 300);
        EasyBackfilling policy = new EasyBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        ScheduleCheck.feasible(sim);
        ScheduleCheck.headNeverDelayed(sim, policy);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void conservativeNeverStartsLaterThanItsReservation(long seed) {
        Workload w = RandomWorkloads.of(seed, 300);
        ConservativeBackfilling policy = new ConservativeBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        ScheduleCheck.feasible(sim);
        ScheduleCheck.neverLaterThanFirstReservation(sim, policy);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void exactEstimatesMakeConservativeJobsStartAtTheirArrivalReservation(long seed) {
        // with perfect estimates nothing ends early, so every job starts exactly at its arrival reservation
        Workload random = RandomWorkloads.of(seed, 200);
        Workload.Builder b = Workload.builder(random.machineProcessors());
        for (int j = 0; j < random.size(); j++) {
            b.add(
                    random.id(j),
                    random.submitSeconds(j),
                    random.runtimeSeconds(j),
                    random.runtimeSeconds(j),
                    random.processors(j));
        }
        Workload w = b.build();
        ConservativeBackfilling policy = new ConservativeBackfilling(w);
        MachineSimulation sim = new MachineSimulation(w, policy, null).run();
        for (int j = 0; j < w.size(); j++) {
            assertThat(sim.startSeconds(j)).as("job %d", w.id(j)).isEqualTo(policy.firstReservationSeconds(j));
        }
    }
}
