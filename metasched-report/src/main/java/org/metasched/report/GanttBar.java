package org.metasched.report;

/**
 * One bar of a Gantt chart: a job holds rows {@code rowFrom..rowTo} (inclusive, contiguous, for
 * example consecutive processors) from {@code start} to {@code end}. A job co-allocated on
 * several non-contiguous resources has several bars with the same {@code jobId}.
 *
 * @param jobId the job
 * @param rowFrom first row index (0-based, as in {@link Gantt#rows()})
 * @param rowTo last row index, {@code >= rowFrom}
 * @param start start time, in the unit of the time axis
 * @param end end time, {@code >= start}
 */
public record GanttBar(String jobId, int rowFrom, int rowTo, double start, double end) {

    public double duration() {
        return end - start;
    }
}
