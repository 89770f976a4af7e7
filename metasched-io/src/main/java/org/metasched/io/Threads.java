package org.metasched.io;

/** Waiting for the helper threads of the readers and writers, which end by themselves. */
public final class Threads {
    private Threads() {}

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
