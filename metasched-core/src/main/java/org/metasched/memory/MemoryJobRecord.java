package org.metasched.memory;

import org.metasched.metrics.JobTimes;

/**
 * One job of a memory-cluster run, a row of {@code jobs.csv}: {@code id,class,submit,start,end,machine,core,wait,
 * flowtime}. Times in seconds; wait and flowtime (the response) as {@link JobTimes}, but taken on the model's clock,
 * so that they are exact where a trace's clock is late (epoch microseconds: {@link MemoryWorkload#originSeconds()})
 * and the record's times are rounded to its resolution.
 *
 * @param id job id (trace job number, or 1.. for generated streams)
 * @param memoryClass class 1..K (its position in the configured classes; with the defaults, its GiB)
 * @param submitSeconds arrival
 * @param startSeconds start on its core
 * @param endSeconds completion
 * @param machine machine index, 0-based
 * @param core core index within the machine, 0-based
 * @param waitSeconds {@code start - submit}
 * @param responseSeconds {@code end - submit}, the flowtime
 */
public record MemoryJobRecord(
        long id,
        int memoryClass,
        double submitSeconds,
        double startSeconds,
        double endSeconds,
        int machine,
        int core,
        double waitSeconds,
        double responseSeconds)
        implements JobTimes {

    /** A record whose wait and flowtime are the differences of its times. */
    public MemoryJobRecord(
            long id,
            int memoryClass,
            double submitSeconds,
            double startSeconds,
            double endSeconds,
            int machine,
            int core) {
        this(
                id,
                memoryClass,
                submitSeconds,
                startSeconds,
                endSeconds,
                machine,
                core,
                startSeconds - submitSeconds,
                endSeconds - submitSeconds);
    }
}
