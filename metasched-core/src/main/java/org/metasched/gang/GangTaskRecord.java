package org.metasched.gang;

/**
 * One task of an accepted job (a row of tasks.csv: {@code job,task,cluster,processor,start,end}): where it ran,
 * after any migration, and when. Times in seconds.
 *
 * @param job job number from the trace
 * @param task task number within the job, 0-based
 * @param cluster the cluster (0-based)
 * @param processor the processor within the cluster (0-based)
 * @param startSeconds start (the job's gang start)
 * @param endSeconds end: start plus the service time on that processor
 */
public record GangTaskRecord(long job, int task, int cluster, int processor, double startSeconds, double endSeconds) {}
