package org.metasched.flow;

import java.util.Arrays;
import org.metasched.model.Workload;

/**
 * Verifies a finished schedule against the invariants every policy must keep; throws {@link AssertionError} with
 * the first violation. A test oracle: used by the tests on random and real workloads in core and (through core's
 * test-jar) in io; cheap enough to run on whole traces.
 */
public final class ScheduleCheck {
    private ScheduleCheck() {}

    /**
     * Every job started once, not before its submit time, ran exactly its run time, and at no instant were more
     * processors in use than the machine has nor was any processor id given to two jobs at once.
     */
    public static void feasible(MachineSimulation sim) {
        Workload w = sim.workload();
        int n = w.size();
        int procs = w.machineProcessors();
        long[] keys = new long[2 * n];
        for (int j = 0; j < n; j++) {
            long s = sim.startSeconds(j);
            long e = sim.endSeconds(j);
            if (s < w.submitSeconds(j)) {
                throw new AssertionError(
                        "job " + w.id(j) + " starts at " + s + " before its submit time " + w.submitSeconds(j));
            }
            if (e - s != w.runtimeSeconds(j)) {
                throw new AssertionError("job " + w.id(j) + " ran " + (e - s) + " s, expected " + w.runtimeSeconds(j));
            }
            int count = 0;
            for (int k = 0; k < sim.processorRangeCount(j); k++) {
                int[] r = sim.processorRange(j, k);
                if (r[0] < 0 || r[1] >= procs || r[1] < r[0]) {
                    throw new AssertionError("job " + w.id(j) + " got processors " + r[0] + "-" + r[1]);
                }
                count += r[1] - r[0] + 1;
            }
            if (count != w.processors(j)) {
                throw new AssertionError(
                        "job " + w.id(j) + " got " + count + " processor ids, needs " + w.processors(j));
            }
            // sweep keys: time * 2 (+0 for an end, +1 for a start, so ends come first at one instant)
            keys[2 * j] = (e << 1) << 20 | j;
            keys[2 * j + 1] = ((s << 1) | 1) << 20 | j;
        }
        if (n >= (1 << 20)) {
            return; // too many jobs for the packed sweep keys; the engine checks capacity on every start anyway
        }
        Arrays.sort(keys);
        int used = 0;
        int[] owner = new int[procs];
        Arrays.fill(owner, -1);
        for (long key : keys) {
            int j = (int) (key & ((1 << 20) - 1));
            boolean isStart = ((key >>> 20) & 1) == 1;
            int sign = isStart ? 1 : -1;
            used += sign * w.processors(j);
            if (used > procs) {
                throw new AssertionError("over-committed: " + used + " processors busy at " + (key >>> 21)
                        + " on a machine of " + procs);
            }
            for (int k = 0; k < sim.processorRangeCount(j); k++) {
                int[] r = sim.processorRange(j, k);
                for (int id = r[0]; id <= r[1]; id++) {
                    if (isStart) {
                        if (owner[id] != -1) {
                            throw new AssertionError("processor " + id + " given to job " + w.id(j) + " at "
                                    + sim.startSeconds(j) + " while job " + w.id(owner[id]) + " runs on it");
                        }
                        owner[id] = j;
                    } else {
                        owner[id] = -1;
                    }
                }
            }
        }
    }

    /** FCFS: start times never decrease in queue order. */
    public static void startsInQueueOrder(MachineSimulation sim) {
        for (int j = 1; j < sim.workload().size(); j++) {
            if (sim.startSeconds(j) < sim.startSeconds(j - 1)) {
                throw new AssertionError("job " + sim.workload().id(j) + " starts at " + sim.startSeconds(j)
                        + " before job " + sim.workload().id(j - 1) + " ahead of it (" + sim.startSeconds(j - 1)
                        + ")");
            }
        }
    }

    /** Conservative backfilling: no job starts later than the reservation it got on arrival. */
    public static void neverLaterThanFirstReservation(MachineSimulation sim, ConservativeBackfilling policy) {
        for (int j = 0; j < sim.workload().size(); j++) {
            if (sim.startSeconds(j) > policy.firstReservationSeconds(j)) {
                throw new AssertionError("job " + sim.workload().id(j) + " starts at " + sim.startSeconds(j)
                        + ", later than its reservation " + policy.firstReservationSeconds(j));
            }
        }
    }

    /** EASY: a job that was the blocked head never starts later than the first shadow time computed for it. */
    public static void headNeverDelayed(MachineSimulation sim, EasyBackfilling policy) {
        for (int j = 0; j < sim.workload().size(); j++) {
            long r = policy.headReservationSeconds(j);
            if (sim.startSeconds(j) > r) {
                throw new AssertionError("head job " + sim.workload().id(j) + " starts at " + sim.startSeconds(j)
                        + ", later than its reservation " + r);
            }
        }
    }
}
