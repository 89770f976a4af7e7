package org.metasched.gang;

import org.metasched.metrics.JobTimes;

/**
 * One accepted job of a gang run (a row of jobs.csv: {@code id,cluster,submit,start,end,tasks,wait,response,
 * migrated}). Times in seconds; {@code end} is the end of its last task; wait and response are {@link JobTimes}'s
 * differences taken on the model's clock, so that they are exact where the trace's clock is late (epoch
 * microseconds: see {@link GangJobs#fromFirstArrival}) and the record's times are rounded to its resolution.
 *
 * @param id job number from the trace
 * @param cluster the cluster that ran it (0-based, in configuration order)
 * @param submitSeconds arrival time
 * @param startSeconds gang start time (every task's)
 * @param endSeconds completion: the end of its last task
 * @param tasks number of tasks
 * @param migrated none, local or external
 * @param waitSeconds {@code start - submit}
 * @param responseSeconds {@code end - submit}
 */
public record GangJobRecord(
        long id,
        int cluster,
        double submitSeconds,
        double startSeconds,
        double endSeconds,
        int tasks,
        MigrationKind migrated,
        double waitSeconds,
        double responseSeconds)
        implements JobTimes {}
