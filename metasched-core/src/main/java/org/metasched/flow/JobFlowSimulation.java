package org.metasched.flow;

import java.util.List;
import org.metasched.metrics.JobRecord;
import org.metasched.metrics.JobTable;
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
 * <p>{@link #run} is {@link #replay} (the schedule) followed by {@link Replay#result()} (the metrics); the
 * pipeline calls the two apart to time them.
 *
 * @param workloadName name written into the summary (usually the trace file name)
 */
public record JobFlowSimulation(String workloadName) {

    public static JobFlowSimulation of(String workloadName) {
        return new JobFlowSimulation(workloadName);
    }

    public RunResult run(Workload workload, FlowPolicy policy) {
        return replay(workload, policy).result();
    }

    public RunResult run(Workload workload, String policyName, SchedulingPolicy policy) {
        return replay(workload, policyName, policy).result();
    }

    /** Runs the schedule to the end; the metrics are computed by {@link Replay#result()}. */
    public Replay replay(Workload workload, FlowPolicy policy) {
        return replay(workload, policy.shortName(), policy.create(workload));
    }

    /** Runs the schedule to the end; the metrics are computed by {@link Replay#result()}. */
    public Replay replay(Workload workload, String policyName, SchedulingPolicy policy) {
        return replay(workload, policyName, policy, null);
    }

    /**
     * {@link #replay(Workload, FlowPolicy)}, telling {@code started} (may be null) as the jobs start ({@link
     * MachineSimulation#onStarted}).
     */
    public Replay replay(Workload workload, FlowPolicy policy, StartedJobsListener started) {
        return replay(workload, policy.shortName(), policy.create(workload), started);
    }

    private Replay replay(Workload workload, String policyName, SchedulingPolicy policy, StartedJobsListener started) {
        StateTally tally = new StateTally(workload.machineProcessors(), TimeSeries.DEFAULT_MAX_POINTS);
        MachineObserver observer = new MachineObserver() { // not a method reference: docs/performance.md
                    @Override
                    public void afterInstant(long now, int busy, int waiting, int running, int smallestWaitingJob) {
                        tally.afterInstant(now, busy, waiting, running, smallestWaitingJob);
                    }
                };
        MachineSimulation sim = new MachineSimulation(workload, policy, observer)
                .onStarted(started)
                .run();
        return new Replay(workloadName, policyName, sim, tally);
    }

    /** A finished schedule, before its metrics. */
    public static final class Replay {
        private final String workloadName;
        private final String policyName;
        private final MachineSimulation sim;
        private final StateTally tally;

        private Replay(String workloadName, String policyName, MachineSimulation sim, StateTally tally) {
            this.workloadName = workloadName;
            this.policyName = policyName;
            this.sim = sim;
            this.tally = tally;
        }

        /** The per-job table, the summary and the time series. */
        public RunResult result() {
            Workload workload = sim.workload();
            JobTable table = sim.jobTable();
            RunSummary summary = RunSummary.of(
                    policyName,
                    workload.machineProcessors(),
                    workloadName,
                    table,
                    tally.lossOfCapacity().percent());
            return new RunResult(table, summary, tally.series());
        }
    }

    /** The per-job records of a finished simulation, in submit order. */
    public static List<JobRecord> records(MachineSimulation sim) {
        return sim.jobTable().records();
    }
}
