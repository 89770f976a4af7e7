package org.metasched.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Waiting for the helper threads of the readers and writers, which end by themselves; this process's id. */
public final class Threads {
    private static long pid;

    private Threads() {}

    /**
     * This process's id, for names that must differ between processes: from {@code /proc/self} where there is one
     * (Linux), else {@link ProcessHandle}, whose class starts a thread pool and links lambdas when it is first used
     * (about half a millisecond of a {@code simulate} run: docs/performance.md, "No lambdas on simulate's path"). A
     * name made with it must still be created exclusively: in another PID namespace's {@code /proc} the number is
     * that namespace's.
     */
    public static synchronized long pid() {
        if (pid == 0) {
            try {
                pid = Long.parseLong(
                        Files.readSymbolicLink(Path.of("/proc/self")).toString());
            } catch (IOException | RuntimeException e) { // no /proc (not Linux), or not a number there
                pid = ProcessHandle.current().pid();
            }
        }
        return pid;
    }

    /**
     * Waits until {@code thread} has ended, also when this thread is interrupted meanwhile (for a thread that ends by
     * itself: its work is handed over, or it was told to stop); the interrupt is kept for the caller to see.
     */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
