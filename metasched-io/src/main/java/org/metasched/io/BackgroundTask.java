package org.metasched.io;

/**
 * One computation on a daemon thread of its own, and its result for the thread that waits for it. What {@code
 * java.util.concurrent.FutureTask} does for one result, without its method handles: a {@code FutureTask} is the
 * first user of {@code java.lang.invoke} in a {@code simulate} run that links no lambda, about a millisecond of its
 * start (docs/performance.md, "No lambdas on simulate's path").
 *
 * @param <T> the result's type
 */
public abstract class BackgroundTask<T> implements Runnable {
    private T value;
    private Throwable failure;
    private boolean begun;
    private boolean done;

    /** The work; what it throws is thrown by {@link #await()}. */
    protected abstract T compute() throws Exception;

    /** Starts the work on a new daemon thread called {@code name}. */
    public final BackgroundTask<T> start(String name) {
        Thread thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /**
     * Runs the work on the calling thread (what the thread of {@link #start} does), unless it has begun already
     * elsewhere: then this returns at once, and {@link #await()} waits for that run.
     */
    @Override
    public final void run() {
        synchronized (this) {
            if (begun) {
                return;
            }
            begun = true;
        }
        T v = null;
        Throwable f = null;
        try {
            v = compute();
        } catch (Throwable t) { // handed to the waiting thread as it is
            f = t;
        }
        synchronized (this) {
            value = v;
            failure = f;
            done = true;
            notifyAll();
        }
    }

    /** Whether the work has ended (with its result or what it threw). */
    public final synchronized boolean isDone() {
        return done;
    }

    /**
     * The result, once the work is done. An interrupt does not stop the wait (the work may still be writing where
     * the caller is about to go); it is kept for the caller's thread.
     *
     * @throws Exception what the work threw: an {@link Error} as it is too
     */
    public final T await() throws Exception {
        boolean interrupted = false;
        try {
            synchronized (this) {
                while (!done) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (failure instanceof Exception e) {
                    throw e;
                }
                if (failure instanceof Error e) {
                    throw e;
                }
                if (failure != null) {
                    throw new IllegalStateException(failure);
                }
                return value;
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
