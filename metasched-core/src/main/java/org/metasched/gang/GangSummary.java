package org.metasched.gang;

import java.util.List;

/**
 * The metrics of one gang run (spec 5.6). Times in seconds, loss of capacity in percent, utilization as a
 * fraction.
 *
 * @param run dispatcher and policy, e.g. {@code olb/afcfs-m}
 * @param clusterProcessors processors per cluster
 * @param jobs jobs offered (accepted and rejected)
 * @param executedJobs jobs that ran (all accepted jobs)
 * @param rejectedJobs jobs larger than every cluster, rejected by the grid dispatcher and left out of every metric
 * @param awtSeconds mean of {@code start - submit} over executed jobs
 * @param artSeconds mean of {@code end - submit} over executed jobs
 * @param lossOfCapacityPercent LoC grid-wide (D15): idle processors of the grid while some waiting job needed at
 *     most that many, over {@code N (t_q - t_1)}, first arrival to last completion
 * @param clusterLossOfCapacityPercent LoC of each cluster: its idle processors against its own waiting jobs, over
 *     {@code M_c (t_q - t_1)}
 * @param clusterSumLossOfCapacityPercent the per-cluster option of spec 5.6: {@code sum_C n_C delta_C} over {@code
 *     N (t_q - t_1)}
 * @param utilization D16: {@code sum s_j (end_j - start_j) / (makespan N)}, makespan = last end - first start
 * @param literalUtilization P001 eq. 4 literally: response times instead of service spans (can exceed 1)
 * @param processorUtilization busy processor-seconds (each task's {@code end - start}) over {@code makespan N}: at
 *     most 1. With heterogeneous clocks a job's tasks end at different times and each processor is released at its
 *     own task's end, so D16's {@code s_j (end_j - start_j)} counts time a processor was already free (or running
 *     the next job), and {@link #utilization} can slightly exceed 1; with equal clocks the two agree
 * @param makespanSeconds last completion - first start
 * @param originSeconds the trace time of the model's clock 0 (0 unless the trace was rebased: {@link
 *     GangJobs#fromFirstArrival}); {@link #firstArrivalSeconds()} and {@link #lastCompletionSeconds()} are the
 *     model's times plus it
 * @param modelFirstArrivalSeconds {@code t_1} on the model's clock
 * @param modelLastCompletionSeconds {@code t_q} on the model's clock
 * @param localMigrations jobs started by a local migration
 * @param externalMigrations jobs started by an external migration
 * @param migratedTasks tasks moved by either
 */
public record GangSummary(
        String run,
        List<Integer> clusterProcessors,
        int jobs,
        int executedJobs,
        int rejectedJobs,
        double awtSeconds,
        double artSeconds,
        double lossOfCapacityPercent,
        List<Double> clusterLossOfCapacityPercent,
        double clusterSumLossOfCapacityPercent,
        double utilization,
        double literalUtilization,
        double processorUtilization,
        double makespanSeconds,
        double originSeconds,
        double modelFirstArrivalSeconds,
        double modelLastCompletionSeconds,
        int localMigrations,
        int externalMigrations,
        int migratedTasks) {
    public GangSummary {
        clusterProcessors = List.copyOf(clusterProcessors);
        clusterLossOfCapacityPercent = List.copyOf(clusterLossOfCapacityPercent);
    }

    /** {@code t_1} on the trace's clock (the nearest double to the origin plus the model's time). */
    public double firstArrivalSeconds() {
        return originSeconds + modelFirstArrivalSeconds;
    }

    /** {@code t_q} on the trace's clock (as {@link #firstArrivalSeconds()}). */
    public double lastCompletionSeconds() {
        return originSeconds + modelLastCompletionSeconds;
    }
}
