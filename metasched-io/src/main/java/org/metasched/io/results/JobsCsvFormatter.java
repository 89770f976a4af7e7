package org.metasched.io.results;

import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import org.metasched.io.HashedBytes;
import org.metasched.io.Threads;
import org.metasched.metrics.JobTable;

/**
 * {@code jobs.csv} formatted on a thread of its own while the schedule runs, and hashed for the manifest on another
 * ({@link HashedBytes}): a job's line is final once it has started, so the lines of the jobs that have all started,
 * from the first, can be written before the last job has. On a machine with a second core the file is then ready,
 * or nearly, when the schedule and the metrics are done, instead of being formatted and hashed after them (on
 * SDSC-BLUE, 20 MB whose SHA-256 alone takes 0.13 s in a JVM without C2). The bytes are those of {@link
 * ResultsWriter#writeJobs(java.io.OutputStream, JobTable)}: the same code formats them, and only the moments at which
 * lines are formatted depend on the schedule's progress.
 *
 * <p>The simulation's thread calls {@link #started} as jobs start (the last call with every job); {@link #await}
 * then gives the bytes. {@link #cancel} stops the threads when the schedule failed. Either way no thread of this
 * class is left running.
 */
public final class JobsCsvFormatter {
    /** What the simulation has published: its table, and how many jobs from the first have started. */
    private record Progress(JobTable table, int count) {}

    private final Thread thread;
    private final HashedBytes bytes = new HashedBytes(ResultsWriter.JOBS);
    private volatile Progress progress;
    private volatile boolean cancelled;
    private volatile boolean complete;
    private volatile Throwable failure;

    private JobsCsvFormatter() {
        thread = new Thread(this::format, "jobs-csv");
        thread.setDaemon(true);
    }

    /** Starts the formatting thread, which waits for the first {@link #started}. */
    public static JobsCsvFormatter start() {
        JobsCsvFormatter f = new JobsCsvFormatter();
        f.thread.start();
        return f;
    }

    /**
     * Jobs {@code 0 .. count-1} of {@code table} have all started (called on the simulation's thread, after their
     * rows were written; {@code count == table.size()} the last time).
     */
    public void started(JobTable table, int count) {
        progress = new Progress(table, count);
        LockSupport.unpark(thread);
    }

    /**
     * Waits for the last line and the hash.
     *
     * @return the file's bytes, closed, for {@link ResultsWriter#writeInto(java.nio.file.Path,
     *     org.metasched.metrics.RunResult, org.metasched.io.swf.ReaderCounts, HashedBytes)}
     * @throws IllegalStateException if the formatting failed, or if it was cancelled
     */
    public HashedBytes await() {
        join();
        Throwable f = failure;
        if (f instanceof RuntimeException re) {
            throw re;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null || !complete) {
            throw new IllegalStateException("jobs.csv was not formatted", f);
        }
        return bytes;
    }

    /**
     * Stops formatting (the schedule failed, or its result is not written) and waits for the threads to end; nothing
     * if the file is complete, which {@link #await} then still gives.
     */
    public void cancel() {
        cancelled = true;
        LockSupport.unpark(thread);
        join();
    }

    private void join() {
        Threads.joinUninterruptibly(thread); // the thread ends by itself: it has every job, or was cancelled
    }

    private void format() {
        try {
            AsciiBuffer b = ResultsWriter.jobsBuffer();
            int done = 0;
            while (!cancelled) {
                Progress p = progress;
                if (p == null || p.count() == done) {
                    if (p != null && done == p.table().size()) {
                        break;
                    }
                    LockSupport.park(this);
                    continue;
                }
                ResultsWriter.appendJobs(b, p.table(), done, p.count(), bytes);
                done = p.count();
            }
            if (!cancelled) {
                b.writeTo(bytes);
                bytes.close();
                complete = true;
            }
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
        } finally {
            bytes.close(); // ends the hashing thread
        }
    }
}
