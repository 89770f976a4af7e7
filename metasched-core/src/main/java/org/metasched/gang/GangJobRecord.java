package org.metasched.gang;

import org.metasched.metrics.JobTimes;

/**
 * One accepted job of a gang run (a row of jobs.csv: {@code id,cluster,submit,start,end,tasks,wait,response,
 * migrated}). Times in seconds; {@code end} is the end of its last task; wait and response as {@link JobTimes}.
 *
 * @param id job number from the trace
 * @param cluster the cluster that ran it (0-based, in configuration order)
 * @param submitSeconds arrival time
 * @param startSeconds gang start time (every task's)
 * @param endSeconds completion: the end of its last task
 * @param tasks number of tasks
 * @param migrated none, local or external
 */
public record GangJobRecord(
        long id,
        int cluster,
        double submitSeconds,
        double startSeconds,
        double endSeconds,
        int tasks,
        MigrationKind migrated)
        implements JobTimes {}
