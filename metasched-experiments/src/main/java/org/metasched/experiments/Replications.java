package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Runs {@code count} independent tasks on {@code threads} threads and returns their results in task order, so
 * that anything aggregated from them in that order is independent of the thread count and scheduling.
 */
public final class Replications {
    private Replications() {}

    /** A replication: computes its result from its index alone. */
    @FunctionalInterface
    public interface Task<T> {
        T run(int index);
    }

    /**
     * Runs {@code count} tasks on {@code threads} threads and returns their results in task order.
     *
     * @param progress called with 1 after each finished task, from worker threads; must be thread-safe
     */
    public static <T> List<T> run(int count, int threads, Task<T> task, IntConsumer progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "metasched-replication");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    T result = task.run(index);
                    progress.accept(1);
                    return result;
                }));
            }
            List<T> out = new ArrayList<>(count);
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
        }
    }
}
