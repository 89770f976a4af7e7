package org.metasched.metrics;

/**
 * What every model records of a finished job under {@link JobRecord}'s names: its id and its submit, start and end
 * times, from which the wait and the response follow. The gang and memory job records implement it, so that their
 * common columns ({@code id, submit, start, end, wait} and the response) are one definition. Times in seconds.
 */
public interface JobTimes {
    /** The job's number (from the trace, or 1.. for a generated stream). */
    long id();

    double submitSeconds();

    double startSeconds();

    double endSeconds();

    /** {@code start - submit}. */
    default double waitSeconds() {
        return startSeconds() - submitSeconds();
    }

    /** {@code end - submit} (the memory model's flowtime). */
    default double responseSeconds() {
        return endSeconds() - submitSeconds();
    }
}
