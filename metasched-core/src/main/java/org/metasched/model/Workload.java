package org.metasched.model;

import java.util.Arrays;

/**
 * A homogeneous job flow ready to simulate: jobs sorted by submit time (ties in input order), each with the
 * processors it needs, the user's estimate (which drives reservations) and the run time it will actually take
 * (which drives completions, never longer than the estimate). Times are whole seconds. Struct-of-arrays so the
 * simulators read it with plain loops; build it with {@link Builder}. Index {@code j} (0-based, in submit order)
 * is how every simulator names a job; {@link #id(int)} is the job number from the trace.
 */
public final class Workload {
    private final int machineProcessors;
    private final long[] id;
    private final long[] submitSeconds;
    private final long[] runtimeSeconds;
    private final long[] estimateSeconds;
    private final int[] processors;
    private final boolean[] killed;

    /** Jobs so far: final unless {@link #feed} is still reading. */
    private int size;
    /** Room for jobs: the columns' length for a workload still being read, else {@link #size}. */
    private final int capacity;
    /** Where a workload still being read gets more jobs; null once all are there. */
    private Feed feed;

    private final Builder builder;

    private Workload(Builder b) {
        int n = b.size;
        this.machineProcessors = b.machineProcessors;
        this.size = n;
        this.capacity = n;
        this.builder = null;
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) {
            sorted = b.submit[i - 1] <= b.submit[i];
        }
        if (sorted) {
            // already in submit order (every trace that keeps its order): the builder's columns are taken as they
            // are, without a copy; the builder copies them before it changes them again (Builder#add)
            id = b.id;
            submitSeconds = b.submit;
            runtimeSeconds = b.runtime;
            estimateSeconds = b.estimate;
            processors = b.procs;
            killed = b.killed;
            b.shared = true;
            return;
        }
        // stable sort by submit time: ties keep input order (rare: only out-of-order traces get here)
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (x, y) -> Long.compare(b.submit[x], b.submit[y]));
        id = new long[n];
        submitSeconds = new long[n];
        runtimeSeconds = new long[n];
        estimateSeconds = new long[n];
        processors = new int[n];
        killed = new boolean[n];
        for (int i = 0; i < n; i++) {
            int k = boxed[i];
            id[i] = b.id[k];
            submitSeconds[i] = b.submit[k];
            runtimeSeconds[i] = b.runtime[k];
            estimateSeconds[i] = b.estimate[k];
            processors[i] = b.procs[k];
            killed[i] = b.killed[k];
        }
    }

    /**
     * The jobs a reader is still adding to {@code b}, in submit order, for a simulation that starts before the last
     * of them is read: {@link #has} asks {@code feed} for more when a job past those read so far is wanted. The
     * workload holds the builder's columns as they are, so it has room for {@link #capacity()} jobs, the builder's
     * room now; should the feed need more, or find the jobs out of submit order, it throws {@link Restart}. Read by
     * one thread (the one that runs the feed); once {@link #has} has answered false, it is complete.
     */
    public static Workload live(Builder b, Feed feed) {
        return new Workload(b, feed);
    }

    private Workload(Builder b, Feed feed) {
        this.machineProcessors = b.machineProcessors;
        this.size = b.size;
        this.capacity = b.id.length;
        this.builder = b;
        this.feed = feed;
        this.id = b.id;
        this.submitSeconds = b.submit;
        this.runtimeSeconds = b.runtime;
        this.estimateSeconds = b.estimate;
        this.processors = b.procs;
        this.killed = b.killed;
    }

    /** Where a workload still being read ({@link #live}) gets its next jobs. */
    @FunctionalInterface
    public interface Feed {
        /**
         * Adds the jobs read next to the builder, waiting for the reader if need be; false once there are none.
         *
         * @throws Restart if these jobs cannot follow the ones already given (out of submit order, say)
         */
        boolean more();
    }

    /**
     * Thrown through a simulation of a {@link #live} workload when the jobs read so far turn out not to be the
     * workload's first ones in submit order, or more jobs come than it has room for: the caller throws the
     * simulation away and runs the whole workload once it is read.
     */
    public static final class Restart extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Restart(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * True if the workload has a job {@code j}: for a workload still being read ({@link #live}), after reading as
     * far as that job or to the end.
     *
     * @throws Restart if reading on found that the jobs so far cannot stand (see {@link #live})
     */
    public boolean has(int j) {
        while (j >= size) {
            if (feed == null) {
                return false;
            }
            boolean more = feed.more();
            if (builder.id != id) {
                throw new Restart("more than the " + capacity + " jobs made room for");
            }
            size = builder.size;
            if (!more) {
                feed = null;
            }
        }
        return true;
    }

    /**
     * How many jobs a simulation's per-job arrays must hold: the number of jobs, or for a workload still being read
     * ({@link #live}) the room it has.
     */
    public int capacity() {
        return capacity;
    }

    public static Builder builder(int machineProcessors) {
        return new Builder(machineProcessors, 1024);
    }

    /** A builder with room for {@code expectedJobs} jobs before its columns grow (a reader that counted them). */
    public static Builder builder(int machineProcessors, int expectedJobs) {
        return new Builder(machineProcessors, Math.max(16, expectedJobs));
    }

    /** Number of processors of the machine. */
    public int machineProcessors() {
        return machineProcessors;
    }

    /** The number of jobs (of a workload still being read, {@link #live}: so far). */
    public int size() {
        return size;
    }

    public long id(int j) {
        return id[j];
    }

    public long submitSeconds(int j) {
        return submitSeconds[j];
    }

    /** The time the job actually runs: its trace run time, cut at the estimate when it is killed. */
    public long runtimeSeconds(int j) {
        return runtimeSeconds[j];
    }

    public long estimateSeconds(int j) {
        return estimateSeconds[j];
    }

    public int processors(int j) {
        return processors[j];
    }

    /** True when the trace run time exceeded the estimate and the job is killed at its estimate. */
    public boolean killed(int j) {
        return killed[j];
    }

    /** Collects jobs in input order; {@link #build()} sorts them stably by submit time. */
    public static final class Builder {
        private final int machineProcessors;
        private int size;
        private long[] id;
        private long[] submit;
        private long[] runtime;
        private long[] estimate;
        private int[] procs;
        private boolean[] killed;
        /** True while a built workload holds these columns: the next change copies them first. */
        private boolean shared;

        private Builder(int machineProcessors, int capacity) {
            if (machineProcessors < 1) {
                throw new IllegalArgumentException("a machine needs at least 1 processor, got " + machineProcessors);
            }
            this.machineProcessors = machineProcessors;
            id = new long[capacity];
            submit = new long[capacity];
            runtime = new long[capacity];
            estimate = new long[capacity];
            procs = new int[capacity];
            killed = new boolean[capacity];
        }

        /**
         * Adds a job. {@code runtimeSeconds} is what it actually runs (already cut at the estimate if killed).
         *
         * @throws IllegalArgumentException if the job cannot run on this machine or its times are inconsistent
         */
        public Builder add(
                long jobId,
                long submitSeconds,
                long runtimeSeconds,
                long estimateSeconds,
                int processors,
                boolean killedAtEstimate) {
            if (processors < 1 || processors > machineProcessors) {
                throw new IllegalArgumentException(
                        "job " + jobId + " needs " + processors + " processors; the machine has " + machineProcessors);
            }
            if (runtimeSeconds < 1 || estimateSeconds < runtimeSeconds || submitSeconds < 0) {
                throw new IllegalArgumentException("job " + jobId + ": need submit >= 0 and 1 <= runtime <= estimate,"
                        + " got submit " + submitSeconds + ", runtime " + runtimeSeconds + ", estimate "
                        + estimateSeconds);
            }
            if (shared) {
                int length = Math.max(size + 1, id.length);
                id = Arrays.copyOf(id, length);
                submit = Arrays.copyOf(submit, length);
                runtime = Arrays.copyOf(runtime, length);
                estimate = Arrays.copyOf(estimate, length);
                procs = Arrays.copyOf(procs, length);
                killed = Arrays.copyOf(killed, length);
                shared = false;
            }
            if (size == id.length) {
                id = GrowableArrays.ensure(id, size + 1);
                submit = GrowableArrays.ensure(submit, size + 1);
                runtime = GrowableArrays.ensure(runtime, size + 1);
                estimate = GrowableArrays.ensure(estimate, size + 1);
                procs = GrowableArrays.ensure(procs, size + 1);
                killed = GrowableArrays.ensure(killed, size + 1);
            }
            id[size] = jobId;
            submit[size] = submitSeconds;
            runtime[size] = runtimeSeconds;
            estimate[size] = estimateSeconds;
            procs[size] = processors;
            killed[size] = killedAtEstimate;
            size++;
            return this;
        }

        /** Convenience for tests: a job that runs exactly {@code runtime} with estimate {@code estimate}. */
        public Builder add(long jobId, long submitSeconds, long runtimeSeconds, long estimateSeconds, int processors) {
            long run = Math.min(runtimeSeconds, estimateSeconds);
            return add(jobId, submitSeconds, run, estimateSeconds, processors, runtimeSeconds > estimateSeconds);
        }

        public int size() {
            return size;
        }

        /** Room for jobs before the columns grow. */
        public int capacity() {
            return id.length;
        }

        /** The submit time of the {@code i}-th job added (input order, before {@link #build()} sorts). */
        public long submitSeconds(int i) {
            if (i < 0 || i >= size) {
                throw new IndexOutOfBoundsException("job " + i + " of " + size);
            }
            return submit[i];
        }

        public Workload build() {
            return new Workload(this);
        }
    }
}
