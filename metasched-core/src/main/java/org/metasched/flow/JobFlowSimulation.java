package org.metasched.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metasched.metrics.JobRecord;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.StateTally;
import org.metasched.metrics.TimeSeries;
import org.metasched.model.Workload;

/**
 * Replays a workload under a policy and collects the metrics: the one call the CLI, tests and reports use.
 *
 * @param workloadName name written into the summary (usually the trace file name)
 * @param skipped records the reader skipped
 * @param rejected records the reader rejected (larger than the machine)
 * @param adjusted accepted records the reader changed under at least one rule
 * @param recordCounts records per reader rule, in rule order
 */
public record JobFlowSimulation(
        String workloadName, long skipped, long rejected, long adjusted, Map<String, Long> recordCounts) {

    /** For workloads that did not come from a file: nothing skipped or rejected. */
    public static JobFlowSimulation of(String workloadName) {
        return new JobFlowSimulation(workloadName, 0, 0, 0, Map.of());
    }

    public RunResult run(Workload workload, FlowPolicy policy) {
        return run(workload, policy.shortName(), policy.create(workload));
    }

    public RunResult run(Workload workload, String policyName, SchedulingPolicy policy) {
        StateTally tally = new StateTally(workload.machineProcessors(), TimeSeries.DEFAULT_MAX_POINTS);
        MachineSimulation sim = new MachineSimulation(workload, policy, tally::afterInstant).run();
        List<JobRecord> records = records(sim);
        RunSummary summary = RunSummary.of(
                policyName,
                workload.machineProcessors(),
                workloadName,
                records,
                skipped,
                rejected,
                adjusted,
                recordCounts,
                tally.lossOfCapacity().percent());
        return new RunResult(records, summary, tally.series());
    }

    /** The per-job records of a finished simulation, in submit order. */
    public static List<JobRecord> records(MachineSimulation sim) {
        Workload w = sim.workload();
        List<JobRecord> out = new ArrayList<>(w.size());
        for (int j = 0; j < w.size(); j++) {
            out.add(JobRecord.of(
                    w.id(j),
                    w.submitSeconds(j),
                    sim.startSeconds(j),
                    sim.endSeconds(j),
                    w.processors(j),
                    w.estimateSeconds(j),
                    w.killed(j),
                    sim.allocatedProcessors(j)));
        }
        return out;
    }
}
