package org.metasched.metrics;

/**
 * What every model records of a finished job under {@link JobRecord}'s names: its id and its submit, start and end
 * times, from which the wait and the response follow. The gang and memory job records implement it, so that their
 * common columns ({@code id, submit, start, end, wait} and the response) are one definition. Times in seconds.
 *
 * <p>A record keeps its times on the clock the model ran on ({@code model...Seconds}) and that clock's 0 on the
 * trace's clock ({@link #originSeconds()}: 0 unless a trace on a late clock was rebased, as gang and memory do from
 * 2^28 s). The trace's times are their sums; as doubles they are rounded to the origin's resolution (0.25 s at
 * 1.7e15), so a writer that must be exact adds the two as decimals instead. Wait and response are differences on
 * the model's clock, exact at any origin.
 */
public interface JobTimes {
    /** The job's number (from the trace, or 1.. for a generated stream). */
    long id();

    /** The trace time of the model's clock 0: 0 unless the model ran on a clock rebased from a late trace's. */
    double originSeconds();

    /** Submit time on the model's clock. */
    double modelSubmitSeconds();

    /** Start time on the model's clock. */
    double modelStartSeconds();

    /** End time on the model's clock. */
    double modelEndSeconds();

    /** Submit time on the trace's clock, as the nearest double to it when {@link #originSeconds()} is not 0. */
    default double submitSeconds() {
        return originSeconds() + modelSubmitSeconds();
    }

    /** Start time on the trace's clock (as {@link #submitSeconds()}). */
    default double startSeconds() {
        return originSeconds() + modelStartSeconds();
    }

    /** End time on the trace's clock (as {@link #submitSeconds()}). */
    default double endSeconds() {
        return originSeconds() + modelEndSeconds();
    }

    /** {@code start - submit}, on the model's clock. */
    default double waitSeconds() {
        return modelStartSeconds() - modelSubmitSeconds();
    }

    /** {@code end - submit} (the memory model's flowtime), on the model's clock. */
    default double responseSeconds() {
        return modelEndSeconds() - modelSubmitSeconds();
    }
}
