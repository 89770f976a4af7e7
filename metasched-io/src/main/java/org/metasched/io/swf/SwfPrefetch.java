package org.metasched.io.swf;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.metasched.io.BackgroundTask;

/**
 * Reading a trace on the second core while the command line is still being parsed: {@code main} starts it as soon
 * as it sees {@code simulate --workload FILE}, and {@link SwfReader#read} takes the records when it comes to the
 * same file. Only the option-independent part is done ahead (inflating and tokenising, most of the reading); the
 * reader's rules, which depend on the options, are applied by the reader's thread, to the records found so far while
 * the rest is read ({@link Progress}), as soon as the options are known. An error found ahead (no such
 * file, a bad record) is thrown where the reader would have thrown it, after the options were checked, so what
 * the user sees is the same. One file, taken once: a second read of it (a sweep's other cells) reads again.
 */
public final class SwfPrefetch {
    private static Pending pending;
    private static long takenNanos;

    private SwfPrefetch() {}

    /** A read ahead of {@code file} under way; {@code progress} shows its records as they are found. */
    record Pending(Path file, BackgroundTask<SwfColumns> task, long[] nanos, Progress progress) {}

    /**
     * The records a read ahead has found so far, handed over by its thread after every buffer: a reader that knows
     * its options applies its rules to them while the rest is read ({@link SwfReader#read}). Not final: a test hands
     * out the views of a script of its own.
     */
    static class Progress implements Consumer<SwfColumns> {
        private SwfColumns latest;
        private boolean ended;

        @Override
        public void accept(SwfColumns view) {
            publish(view);
        }

        synchronized void publish(SwfColumns view) {
            latest = view;
            notifyAll();
        }

        synchronized void end() {
            ended = true;
            notifyAll();
        }

        /**
         * Waits until more than {@code have} records have been found, and returns a view of them; null once the read
         * ahead has ended (finished or failed) without more. The rows of a view are final.
         */
        synchronized SwfColumns next(int have) {
            boolean interrupted = false;
            try {
                while (!ended && (latest == null || latest.size <= have)) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                return latest != null && latest.size > have ? latest : null;
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * Starts tokenising {@code file} on a daemon thread; a prefetch not taken is simply dropped at exit. Not for a
     * file that is not a regular file (a pipe, {@code /dev/stdin}): that has no length for the live read to size
     * itself by ({@link LiveTrace}), so the reader reads it whole, once, when it comes to it.
     */
    public static synchronized void start(Path file) {
        if (!SwfReader.isRegularFile(file)) {
            return;
        }
        long[] nanos = new long[1];
        Progress progress = new Progress();
        BackgroundTask<SwfColumns> task = new BackgroundTask<>() { // not a lambda: docs/performance.md
                    @Override
                    protected SwfColumns compute() {
                        long t = System.nanoTime();
                        try {
                            return SwfReader.tokenizeFile(file, progress);
                        } finally {
                            nanos[0] = System.nanoTime() - t;
                            progress.end();
                        }
                    }
                };
        pending = new Pending(file, task, nanos, progress);
        task.start("trace-prefetch");
    }

    /**
     * How long the prefetch taken since the last call worked in the background, in nanoseconds; 0 if none was
     * taken (for the stage timings).
     */
    public static synchronized long takenNanos() {
        long n = takenNanos;
        takenNanos = 0;
        return n;
    }

    /**
     * The records of {@code file} if they are being read ahead (waiting for them), else null.
     *
     * @throws SwfFormatException what reading {@code file} threw
     */
    static SwfColumns take(Path file) {
        Pending p = claim(file);
        return p == null ? null : result(p);
    }

    /** The read ahead of {@code file} if there is one (then no one else gets it), else null. */
    static synchronized Pending claim(Path file) {
        Pending p = pending;
        if (p == null || !p.file().equals(file)) {
            return null;
        }
        pending = null;
        return p;
    }

    /**
     * The records of the read ahead {@code p} (waiting for them).
     *
     * @throws SwfFormatException what reading its file threw
     */
    static SwfColumns result(Pending p) {
        try {
            return p.task().await();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            synchronized (SwfPrefetch.class) {
                takenNanos = p.nanos()[0];
            }
        }
    }
}
