package org.metasched.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long task on standard error: a bar when standard error is a terminal; otherwise (a pipe, a log
 * file, CI) a plain line every few seconds, and a last line when the task ends if any was printed, so that {@code
 * metasched reproduce ... 2>&1 | tee log} shows the run advancing.
 */
abstract class Progress implements AutoCloseable, IntConsumer {
    /** Seconds between two plain progress lines (system property {@code metasched.progress.seconds}, for tests). */
    static final double LINE_INTERVAL_SECONDS =
            Double.parseDouble(System.getProperty("metasched.progress.seconds", "5"));

    static Progress none() {
        return new Progress() {
            @Override
            public void accept(int steps) {}

            @Override
            public void close() {}
        };
    }

    static Progress open(String task, long total, PrintWriter err) {
        if (stderrIsTerminal() && System.getenv("CI") == null) {
            return new Bar(task, total);
        }
        return new Lines(task, total, err, (long) (LINE_INTERVAL_SECONDS * 1e9));
    }

    @Override
    public abstract void close();

    private static final class Bar extends Progress {
        private final ProgressBar bar;

        Bar(String task, long total) {
            bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(250)
                    .build();
        }

        @Override
        public void accept(int steps) {
            bar.stepBy(steps);
        }

        @Override
        public void close() {
            bar.close();
        }
    }

    /** Plain lines: one every {@code intervalNanos} at most, printed by the thread whose step crosses the mark. */
    static final class Lines extends Progress {
        private final String task;
        private final long total;
        private final PrintWriter err;
        private final long intervalNanos;
        private final long start = System.nanoTime(); // display only: never decides a result
        private final AtomicLong done = new AtomicLong();
        private long nextLine;
        private boolean printed;

        Lines(String task, long total, PrintWriter err, long intervalNanos) {
            this.task = task;
            this.total = total;
            this.err = err;
            this.intervalNanos = intervalNanos;
            this.nextLine = start + intervalNanos;
        }

        @Override
        public void accept(int steps) {
            long d = done.addAndGet(steps);
            long now = System.nanoTime();
            if (now >= nextLine) {
                synchronized (this) {
                    if (now >= nextLine) {
                        nextLine = now + intervalNanos;
                        line(d, now);
                    }
                }
            }
        }

        private void line(long d, long now) {
            printed = true;
            err.printf(
                    Locale.ROOT,
                    "%s: %d of %d done (%d %%), %.0f s%n",
                    task,
                    d,
                    total,
                    total == 0 ? 100 : 100 * d / total,
                    (now - start) / 1e9);
            err.flush();
        }

        @Override
        public synchronized void close() {
            if (printed) {
                line(done.get(), System.nanoTime());
            }
        }
    }

    /**
     * Whether standard error is a terminal: on Linux from what file descriptor 2 points to ({@code /dev/pts/N}),
     * elsewhere as {@link #onTerminal()} guesses it from standard input and output.
     */
    static boolean stderrIsTerminal() {
        java.nio.file.Path fd = java.nio.file.Path.of("/proc/self/fd/2");
        try {
            String target = java.nio.file.Files.readSymbolicLink(fd).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return onTerminal();
        }
    }

    /**
     * Whether standard input and output are a terminal. Up to JDK 21 that is exactly when {@code System.console()}
     * is not null; from JDK 22 the console always exists and {@code Console.isTerminal()} (absent from JDK 17, so
     * called reflectively) says it.
     */
    @SuppressWarnings("SystemConsoleNull") // the null test is right on JDK 17-21; isTerminal covers 22+
    static boolean onTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true; // JDK 17-21
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
