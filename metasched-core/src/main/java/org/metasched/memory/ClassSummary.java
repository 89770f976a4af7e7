package org.metasched.memory;

/**
 * One memory class over a run.
 *
 * @param memoryClass 1..K
 * @param memoryGiB its memory
 * @param jobs jobs of the class
 * @param meanFlowtimeSeconds mean of {@code end - submit}; NaN for a class without jobs
 * @param p95FlowtimeSeconds 95th percentile (nearest rank); NaN for a class without jobs
 * @param meanWaitSeconds mean of {@code start - submit}; NaN for a class without jobs
 * @param p95WaitSeconds 95th percentile (nearest rank); NaN for a class without jobs
 * @param meanQueueLength time-averaged queue length
 * @param meanPoolSize time-averaged pool size
 */
public record ClassSummary(
        int memoryClass,
        int memoryGiB,
        int jobs,
        double meanFlowtimeSeconds,
        double p95FlowtimeSeconds,
        double meanWaitSeconds,
        double p95WaitSeconds,
        double meanQueueLength,
        double meanPoolSize) {}
