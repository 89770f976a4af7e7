package org.metasched.gang;

/**
 * One task of an accepted job (a row of tasks.csv: {@code job,task,cluster,processor,start,end}): where it ran,
 * after any migration, and when. Times in seconds on the model's clock, whose 0 is {@code originSeconds} on the
 * trace's; {@link #startSeconds()} and {@link #endSeconds()} are the trace's (the nearest doubles to the sums: see
 * {@link org.metasched.metrics.JobTimes}).
 *
 * @param job job number from the trace
 * @param task task number within the job, 0-based
 * @param cluster the cluster (0-based)
 * @param processor the processor within the cluster (0-based)
 * @param originSeconds the trace time of the model's clock 0 (0 unless the trace was rebased)
 * @param modelStartSeconds start (the job's gang start)
 * @param modelEndSeconds end: start plus the service time on that processor
 */
public record GangTaskRecord(
        long job,
        int task,
        int cluster,
        int processor,
        double originSeconds,
        double modelStartSeconds,
        double modelEndSeconds) {

    /** A task on the trace's own clock (origin 0). */
    public GangTaskRecord(long job, int task, int cluster, int processor, double startSeconds, double endSeconds) {
        this(job, task, cluster, processor, 0, startSeconds, endSeconds);
    }

    /** Start on the trace's clock. */
    public double startSeconds() {
        return originSeconds + modelStartSeconds;
    }

    /** End on the trace's clock. */
    public double endSeconds() {
        return originSeconds + modelEndSeconds;
    }
}
