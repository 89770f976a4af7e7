package org.metasched.memory;

import org.metasched.metrics.JobTimes;

/**
 * One job of a memory-cluster run, a row of {@code jobs.csv}: {@code id,class,submit,start,end,machine,core,wait,
 * flowtime}. Times in seconds on the model's clock, whose 0 is {@code originSeconds} on the trace's (see {@link
 * JobTimes}: {@code submitSeconds()}, {@code startSeconds()} and {@code endSeconds()} are the trace's); wait and
 * flowtime (the response) are differences on the model's clock, so that they are exact where a trace's clock is late
 * (epoch microseconds: {@link MemoryWorkload#originSeconds()}).
 *
 * @param id job id (trace job number, or 1.. for generated streams)
 * @param memoryClass class 1..K (its position in the configured classes; with the defaults, its GiB)
 * @param originSeconds the trace time of the model's clock 0 (0 unless the trace was rebased)
 * @param modelSubmitSeconds arrival
 * @param modelStartSeconds start on its core
 * @param modelEndSeconds completion
 * @param machine machine index, 0-based
 * @param core core index within the machine, 0-based
 */
public record MemoryJobRecord(
        long id,
        int memoryClass,
        double originSeconds,
        double modelSubmitSeconds,
        double modelStartSeconds,
        double modelEndSeconds,
        int machine,
        int core)
        implements JobTimes {

    /** A record on the trace's own clock (origin 0). */
    public MemoryJobRecord(
            long id,
            int memoryClass,
            double submitSeconds,
            double startSeconds,
            double endSeconds,
            int machine,
            int core) {
        this(id, memoryClass, 0, submitSeconds, startSeconds, endSeconds, machine, core);
    }
}
