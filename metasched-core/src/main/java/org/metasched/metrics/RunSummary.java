package org.metasched.metrics;

/**
 * The summary of one simulation run. Times in seconds.
 *
 * @param policy short name of the policy
 * @param processors processors of the machine (P)
 * @param workload name of the workload (file name)
 * @param jobs jobs simulated
 * @param killed jobs killed at their estimate
 * @param waitSeconds wait time distribution
 * @param responseSeconds response time distribution
 * @param boundedSlowdown bounded slowdown distribution (tau = 10 s)
 * @param utilization {@code sum(processors * runtime) / (P * makespan)}
 * @param makespanSeconds {@code last end - first submit}
 * @param firstSubmitSeconds submit time of the first job
 * @param lastEndSeconds end time of the last job
 * @param lossOfCapacityPercent LoC (spec 5.6, D15), percent
 */
public record RunSummary(
        String policy,
        int processors,
        String workload,
        int jobs,
        long killed,
        Distribution waitSeconds,
        Distribution responseSeconds,
        Distribution boundedSlowdown,
        double utilization,
        long makespanSeconds,
        long firstSubmitSeconds,
        long lastEndSeconds,
        double lossOfCapacityPercent) {

    /** Summarises a run's per-job table, read straight from its columns (no object per job). */
    public static RunSummary of(
            String policy, int processors, String workload, JobTable jobs, double lossOfCapacityPercent) {
        int n = jobs.size();
        double[] wait = new double[n];
        double[] response = new double[n];
        double[] bsld = new double[n];
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        double work = 0;
        long killed = 0;
        for (int i = 0; i < n; i++) {
            long runtime = jobs.runtimeSeconds(i);
            long resp = jobs.responseSeconds(i);
            wait[i] = jobs.waitSeconds(i);
            response[i] = resp;
            bsld[i] = JobRecord.boundedSlowdown(resp, runtime);
            first = Math.min(first, jobs.submitSeconds(i));
            last = Math.max(last, jobs.endSeconds(i));
            work += (double) jobs.processors(i) * runtime;
            if (jobs.killed(i)) {
                killed++;
            }
        }
        long makespan = n == 0 ? 0 : last - first;
        double utilization = makespan == 0 ? 0 : work / ((double) processors * makespan);
        return new RunSummary(
                policy,
                processors,
                workload,
                n,
                killed,
                Distribution.of(wait),
                Distribution.of(response),
                Distribution.of(bsld),
                utilization,
                makespan,
                n == 0 ? 0 : first,
                n == 0 ? 0 : last,
                lossOfCapacityPercent);
    }
}
