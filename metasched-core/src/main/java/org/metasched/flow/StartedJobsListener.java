package org.metasched.flow;

import org.metasched.metrics.JobTable;

/**
 * Told, on the simulation's thread, that the jobs {@code 0 .. count-1} (in submit order) have all started: their
 * rows of the job table (start, end, processors) are final and are not written again. Lets a caller format the
 * per-job results while the schedule is still running (the trace pipeline's {@code jobs.csv}).
 */
@FunctionalInterface
public interface StartedJobsListener {
    /**
     * Jobs {@code 0 .. count-1} have all started.
     *
     * @param table the simulation's job table as it is now (its arrays are the simulation's own; rows at {@code count}
     *     and after may still change)
     * @param count how many jobs, from the first, have started; {@code table.size()} once the simulation has finished
     */
    void started(JobTable table, int count);
}
