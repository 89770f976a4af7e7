package org.metasched.memory;

import java.util.ArrayList;
import java.util.List;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.TimeSeries;

/**
 * The metrics of one memory-cluster run (spec 6.4). Utilizations are time averages over a window, by default the
 * whole time series, [0, last completion] on the model's clock (a late trace's starts at its first record: {@link
 * MemoryWorkload#originSeconds()}) (the P004 experiment uses the arrival window [0, D], the length of the
 * paper's simulation): core utilization = busy cores / (N*S), memory utilization = memory of the running jobs /
 * (N*R).
 * Flowtime is {@code end - submit}, waiting time {@code start - submit} (the paper conflates the two; both are
 * reported). Percentiles are nearest-rank. A flowtime or wait over no job (a class without jobs, a run without any) is
 * NaN: there is none to average.
 *
 * @param policy the policy's name
 * @param jobs jobs run
 * @param coreUtilization time-averaged fraction of busy cores
 * @param memoryUtilization time-averaged fraction of memory used by running jobs
 * @param meanFlowtimeSeconds over all jobs (NaN for none)
 * @param p95FlowtimeSeconds over all jobs (NaN for none)
 * @param meanWaitSeconds over all jobs (NaN for none)
 * @param p95WaitSeconds over all jobs (NaN for none)
 * @param reprovisionings machine reconfigurations made
 * @param originSeconds the trace time of the model's clock 0 (0 unless the trace was rebased: {@link
 *     MemoryWorkload#originSeconds()}); {@link #windowStartSeconds()} and {@link #windowEndSeconds()} are the
 *     model's times plus it
 * @param modelWindowStartSeconds start of the utilization window on the model's clock
 * @param modelWindowEndSeconds end of the utilization window on the model's clock
 * @param classes per class, 1..K in order
 */
public record MemorySummary(
        String policy,
        int jobs,
        double coreUtilization,
        double memoryUtilization,
        double meanFlowtimeSeconds,
        double p95FlowtimeSeconds,
        double meanWaitSeconds,
        double p95WaitSeconds,
        int reprovisionings,
        double originSeconds,
        double modelWindowStartSeconds,
        double modelWindowEndSeconds,
        List<ClassSummary> classes) {

    public MemorySummary {
        classes = List.copyOf(classes);
    }

    /** Start of the utilization window on the trace's clock (the nearest double to the origin plus the model's). */
    public double windowStartSeconds() {
        return originSeconds + modelWindowStartSeconds;
    }

    /** End of the utilization window on the trace's clock (as {@link #windowStartSeconds()}). */
    public double windowEndSeconds() {
        return originSeconds + modelWindowEndSeconds;
    }

    /**
     * The summary of a finished run, utilizations over the whole series: [its first row, last completion], on the
     * model's clock (the first row is the model's 0: time 0, or a late trace's first record).
     */
    public static MemorySummary of(MemoryCluster run) {
        TimeSeries rows = run.timeSeries().rows();
        if (rows.size() < 2) {
            return of(run, 0, 1);
        }
        return of(run, rows.timeSeconds(0), rows.timeSeconds(rows.size() - 1));
    }

    /**
     * The summary of a finished run, utilizations over [{@code fromSeconds}, {@code toSeconds}] on the model's clock
     * (the workload's; the window is reported on the trace's, plus {@link MemoryWorkload#originSeconds()}).
     */
    public static MemorySummary of(MemoryCluster run, double fromSeconds, double toSeconds) {
        MemoryWorkload w = run.workload();
        MemoryTimeSeries ts = run.timeSeries();
        int n = w.size();
        int k = run.classes();
        int[] count = new int[k + 1];
        for (int j = 0; j < n; j++) {
            count[w.memoryClass(j)]++;
        }
        double[][] flow = new double[k + 1][];
        double[][] wait = new double[k + 1][];
        for (int c = 1; c <= k; c++) {
            flow[c] = new double[count[c]];
            wait[c] = new double[count[c]];
        }
        double[] allFlow = new double[n];
        double[] allWait = new double[n];
        int[] at = new int[k + 1];
        for (int j = 0; j < n; j++) {
            int c = w.memoryClass(j);
            double f = run.endSeconds(j) - w.arrivalSeconds(j);
            double q = run.startSeconds(j) - w.arrivalSeconds(j);
            flow[c][at[c]] = f;
            wait[c][at[c]] = q;
            at[c]++;
            allFlow[j] = f;
            allWait[j] = q;
        }
        List<ClassSummary> classes = new ArrayList<>(k);
        for (int c = 1; c <= k; c++) {
            classes.add(new ClassSummary(
                    c,
                    run.classGiB(c),
                    count[c],
                    mean(flow[c]),
                    p95(flow[c]),
                    mean(wait[c]),
                    p95(wait[c]),
                    ts.rows().mean(MemoryTimeSeries.queue(c)),
                    ts.rows().mean(ts.pool(c))));
        }
        int cores = run.machines() * run.coresPerMachine();
        return new MemorySummary(
                run.policyName(),
                n,
                ts.rows().mean(MemoryTimeSeries.BUSY, fromSeconds, toSeconds) / cores,
                ts.rows().mean(MemoryTimeSeries.USED, fromSeconds, toSeconds)
                        / ((double) run.machines() * run.memoryGiB()),
                mean(allFlow),
                p95(allFlow),
                mean(allWait),
                p95(allWait),
                run.reprovisionings(),
                w.originSeconds(),
                fromSeconds,
                toSeconds,
                classes);
    }

    /** The mean of {@code values}; NaN for none (a class without jobs has no flowtime, not one of 0). */
    private static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : Distribution.mean(values);
    }

    /** The 95th percentile (nearest rank) of {@code values}, which it sorts; NaN for none. */
    private static double p95(double[] values) {
        return values.length == 0 ? Double.NaN : Distribution.percentile(values, 95);
    }

    /**
     * Mean flowtime of the jobs of class {@code k} that arrived in [{@code fromSeconds}, {@code toSeconds}) on the
     * model's clock, and
     * their number: {@code {mean, count}}; the mean is NaN when there is none.
     */
    public static double[] meanFlowtime(MemoryCluster run, int k, double fromSeconds, double toSeconds) {
        MemoryWorkload w = run.workload();
        double sum = 0;
        int count = 0;
        for (int j = 0; j < w.size(); j++) {
            double a = w.arrivalSeconds(j);
            if (w.memoryClass(j) == k && a >= fromSeconds && a < toSeconds) {
                sum += run.endSeconds(j) - a;
                count++;
            }
        }
        return new double[] {count == 0 ? Double.NaN : sum / count, count};
    }
}
