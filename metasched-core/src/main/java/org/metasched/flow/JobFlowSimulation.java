package org.metasched.flow;

import java.util.ArrayList;
import java.util.List;
import org.metasched.metrics.JobRecord;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.StateTally;
import org.metasched.metrics.TimeSeries;
import org.metasched.model.Workload;

/**
 * Replays a workload under a policy and collects the metrics: the one call the trace pipeline, tests and
 * benchmarks use. What a trace reader made of its file (records skipped, rejected, adjusted) is not the
 * simulation's business: the caller that read the trace keeps those counts (metasched-io's {@code
 * ReaderCounts}).
 *
 * @param workloadName name written into the summary (usually the trace file name)
 */
public record JobFlowSimulation(String workloadName) {

    public static JobFlowSimulation of(String workloadName) {
        return new JobFlowSimulation(workloadName);
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
