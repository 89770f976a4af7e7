package org.metasched.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Applies a provisioner's decisions to a bare {@link ClusterState} (no engine) and records them. */
final class RecordingDecisions implements MemoryDecisions {
    final ClusterState state;
    final List<String> log = new ArrayList<>();

    RecordingDecisions(ClusterState state) {
        this.state = state;
    }

    @Override
    public void reconfigure(int machine, int[] designations) {
        log.add("M" + (machine + 1) + Arrays.toString(designations));
        int s = state.coresPerMachine();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < s; i++) {
                int core = machine * s + i;
                boolean lower = state.classGiB(designations[i]) < state.classGiB(state.designation(core));
                if ((pass == 0) == lower) {
                    state.designate(core, designations[i]);
                }
            }
        }
    }

    @Override
    public void start(int job, int core) {
        log.add("start " + job + " on " + core);
        state.dequeue(state.jobClass(job));
        state.occupy(core, job, state.jobClass(job));
    }
}
