package org.metasched.io.results;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.locks.LockSupport;
import org.metasched.io.HashedBytes;
import org.metasched.io.HashedOutputStream;
import org.metasched.io.Threads;
import org.metasched.metrics.JobTable;

/**
 * {@code jobs.csv} formatted on a thread of its own while the schedule runs, and hashed for the manifest as it is
 * written ({@link HashedBytes}, {@link HashedOutputStream}): a job's line is final once it has started, so the lines of
 * the jobs that have all started, from the first, can be written before the last job has. On a machine with a second
 * core the file is then ready, or nearly, when the schedule and the metrics are done, instead of being formatted and
 * hashed after them (on SDSC-BLUE, 20 MB, whose SHA-256, the manifest's hash until 2026-11-28, took 0.13 s in a JVM
 * without C2). The bytes are those of {@link ResultsWriter#writeJobs(java.io.OutputStream, JobTable)}: the same code
 * formats them, and only the moments at which lines are formatted depend on the schedule's progress.
 *
 * <p>The lines go straight into the file when its output directory was made ahead ({@link #start(Path)}, {@link
 * org.metasched.io.OutputDirectory#stage}); otherwise they are kept in memory until the directory is written. The
 * file saves holding 20 MB of new heap on SDSC-BLUE and writing it out again at the end: peak resident 123 MB
 * instead of 141 MB; the wall time is the same within the noise (docs/performance.md, fifteenth session).
 *
 * <p>The simulation's thread calls {@link #started} as jobs start (the last call with every job); {@link #await}
 * then gives the bytes. {@link #cancel} stops the threads when the schedule failed. Either way no thread of this
 * class is left running.
 */
public final class JobsCsvFormatter {
    /** What the simulation has published: its table, and how many jobs from the first have started. */
    private record Progress(JobTable table, int count) {}

    private final Thread thread;
    /** Where the lines go: {@link HashedBytes}, or the file's {@link HashedOutputStream}. */
    private final OutputStream bytes;
    /** The file the lines go to, or null when they are kept in memory. */
    private final Path file;

    private volatile Progress progress;
    private volatile boolean cancelled;
    private volatile boolean complete;
    private volatile Throwable failure;

    private JobsCsvFormatter(OutputStream bytes, Path file) {
        this.bytes = bytes;
        this.file = file;
        thread = new Thread(
                new Runnable() { // not a method reference: docs/performance.md, "No lambdas on simulate's path"
                    @Override
                    public void run() {
                        format();
                    }
                },
                "jobs-csv");
        thread.setDaemon(true);
    }

    /** Starts the formatting thread, which waits for the first {@link #started}; the lines are kept in memory. */
    public static JobsCsvFormatter start() {
        return start(new JobsCsvFormatter(new HashedBytes(), null));
    }

    /**
     * {@link #start()}, the lines written into {@code dir}'s {@code jobs.csv} as they come; in memory if that file
     * cannot be created (the output directory's write then says why).
     *
     * @param dir a directory {@link org.metasched.io.OutputDirectory#stage} made, or null
     */
    public static JobsCsvFormatter start(Path dir) {
        if (dir != null) {
            Path f = dir.resolve(ResultsWriter.JOBS);
            try {
                return start(new JobsCsvFormatter(HashedOutputStream.open(f), f));
            } catch (IOException e) {
                // kept in memory instead: the directory's write reports what is wrong with it
            }
        }
        return start();
    }

    private static JobsCsvFormatter start(JobsCsvFormatter f) {
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
     * @return the file, complete, for {@link ResultsWriter#writeInto(java.nio.file.Path,
     *     org.metasched.metrics.RunResult, org.metasched.io.swf.ReaderCounts, ResultsWriter.JobsFile)}
     * @throws IOException if the file could not be written (the disk is full, say)
     * @throws IllegalStateException if the formatting failed otherwise, or if it was cancelled
     */
    public ResultsWriter.JobsFile await() throws IOException {
        join();
        Throwable f = failure;
        if (f instanceof IOException io) {
            throw io;
        }
        if (f instanceof RuntimeException re) {
            throw re;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null || !complete) {
            throw new IllegalStateException("jobs.csv was not formatted", f);
        }
        HashedBytes kept = kept();
        return new ResultsWriter.JobsFile() {
            @Override
            public void writeTo(Path target) throws IOException {
                if (kept != null) {
                    kept.writeTo(target);
                } else if (!target.equals(file)) { // written elsewhere than the directory staged for it: moved there
                    Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        };
    }

    /** The bytes kept in memory, or null when they go to a file ({@link #start(Path)}). */
    HashedBytes kept() {
        return bytes instanceof HashedBytes kept ? kept : null;
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
            closeQuietly(); // ends the hashing thread
        }
    }

    private void closeQuietly() {
        try {
            bytes.close();
        } catch (IOException e) { // only where the formatting did not reach its own close: not complete
            if (failure == null) {
                failure = e;
            }
        }
    }
}
