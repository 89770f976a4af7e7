package org.metasched.gang;

import org.metasched.metrics.JobTimes;

/**
 * One accepted job of a gang run (a row of jobs.csv: {@code id,cluster,submit,start,end,tasks,wait,response,
 * migrated}). Times in seconds, on the model's clock, whose 0 is {@code originSeconds} on the trace's (see {@link
 * JobTimes}: {@code submitSeconds()}, {@code startSeconds()} and {@code endSeconds()} are the trace's, {@code end} is
 * the end of its last task; wait and response are differences on the model's clock, so that they are exact where the
 * trace's clock is late, epoch microseconds: see {@link GangJobs#fromFirstArrival}).
 *
 * @param id job number from the trace
 * @param cluster the cluster that ran it (0-based, in configuration order)
 * @param originSeconds the trace time of the model's clock 0 (0 unless the trace was rebased)
 * @param modelSubmitSeconds arrival
 * @param modelStartSeconds gang start time (every task's)
 * @param modelEndSeconds completion: the end of its last task
 * @param tasks number of tasks
 * @param migrated none, local or external
 */
public record GangJobRecord(
        long id,
        int cluster,
        double originSeconds,
        double modelSubmitSeconds,
        double modelStartSeconds,
        double modelEndSeconds,
        int tasks,
        MigrationKind migrated)
        implements JobTimes {

    /** A record on the trace's own clock (origin 0). */
    public GangJobRecord(
            long id,
            int cluster,
            double submitSeconds,
            double startSeconds,
            double endSeconds,
            int tasks,
            MigrationKind migrated) {
        this(id, cluster, 0, submitSeconds, startSeconds, endSeconds, tasks, migrated);
    }
}
