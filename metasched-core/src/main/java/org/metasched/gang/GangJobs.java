package org.metasched.gang;

import java.util.Arrays;
import org.metasched.model.GrowableArrays;
import org.metasched.model.Workload;

/**
 * The jobs of a gang-scheduling run (spec 5.1, P001 Table 1: {@code (id, at, s, pt)} plus the size {@code z} in
 * MB of the latency term): struct-of-arrays in submit order (ties keep input order). Index {@code j} (0-based) is
 * how the model names a job; {@link #id(int)} is its number in the trace. Every job has at least one task and a
 * positive processing time ({@code pt > 0}, or the expansion factor of LXF is undefined).
 */
public final class GangJobs {
    /**
     * From this first arrival on (2^28 s, 8.5 years: any Unix-epoch time since 1978, in seconds, milli- or
     * microseconds) the model runs on a clock that starts at the first arrival; below it, on the trace's own clock
     * (a log's first job never comes that late after its start, so every log on its own clock keeps the arithmetic
     * every earlier result was computed on). The same rule as the memory model's ({@code
     * MemoryWorkload.REBASE_FROM_SECONDS}).
     */
    static final double REBASE_FROM_SECONDS = 0x1p28;

    private final long[] id;
    private final double[] submitSeconds;
    private final int[] tasks;
    private final double[] processingSeconds;
    private final double[] sizeMegabytes;
    private final double[] estimateSeconds;
    // where the log starts (its earliest record, skipped or not; NaN when the jobs did not come from a log)
    private final double logStartSeconds;

    private GangJobs(long[] id, double[] submit, int[] tasks, double[] processing, double[] size, double[] estimate) {
        this(id, submit, tasks, processing, size, estimate, Double.NaN);
    }

    private GangJobs(
            long[] id,
            double[] submit,
            int[] tasks,
            double[] processing,
            double[] size,
            double[] estimate,
            double logStart) {
        this.logStartSeconds = logStart;
        this.id = id;
        this.submitSeconds = submit;
        this.tasks = tasks;
        this.processingSeconds = processing;
        this.sizeMegabytes = size;
        this.estimateSeconds = estimate;
    }

    /** Every job of {@code workload}: size = its processors, pt = its run time (already cut at the estimate). */
    public static GangJobs of(Workload workload) {
        return of(workload, 0);
    }

    /**
     * The first {@code maxJobs} jobs of {@code workload} in submit order (all when {@code maxJobs} is 0): size =
     * processors, pt = run time, job size z = 0 MB.
     */
    public static GangJobs of(Workload workload, int maxJobs) {
        if (maxJobs < 0) {
            throw new IllegalArgumentException("the job limit must be >= 0, got " + maxJobs);
        }
        int n = maxJobs == 0 ? workload.size() : Math.min(maxJobs, workload.size());
        Builder b = builder();
        for (int j = 0; j < n; j++) {
            long run = workload.runtimeSeconds(j);
            long estimate = workload.estimateSeconds(j);
            b.add(
                    workload.id(j),
                    workload.submitSeconds(j),
                    workload.processors(j),
                    run,
                    0.0,
                    estimate > 0 ? Math.max(estimate, run) : run);
        }
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public int size() {
        return id.length;
    }

    public long id(int j) {
        return id[j];
    }

    /** Arrival time {@code at_j}. */
    public double submitSeconds(int j) {
        return submitSeconds[j];
    }

    /**
     * The same jobs, read from a log that starts at {@code seconds} (its earliest record, skipped or not, as {@code
     * SwfTrace.firstSubmitSeconds}): the clock {@link #fromFirstArrival} rebases to is then the log's start, as the
     * memory model's is, so that a log shifted to a late clock gives the log's own results even when its first
     * record is one the reader skipped.
     *
     * @throws IllegalArgumentException if a job arrives before {@code seconds}
     */
    public GangJobs withLogStart(double seconds) {
        if (submitSeconds.length > 0 && !(seconds <= submitSeconds[0])) {
            throw new IllegalArgumentException(
                    "the log starts at " + seconds + ", after its first job at " + submitSeconds[0]);
        }
        return new GangJobs(id, submitSeconds, tasks, processingSeconds, sizeMegabytes, estimateSeconds, seconds);
    }

    /**
     * The jobs on the clock the model runs on: when the log starts (see {@link #withLogStart}; else the first job
     * arrives) at {@link #REBASE_FROM_SECONDS} or later, the same jobs with every submit time less that start, so
     * that the model's arithmetic is that of the same log on origin 0 and its results shift with the log exactly;
     * otherwise {@code this} (the arithmetic of a log's own clock, which every earlier result was computed on).
     */
    GangJobs fromFirstArrival() {
        int n = submitSeconds.length;
        double origin = n == 0 ? 0 : Double.isNaN(logStartSeconds) ? submitSeconds[0] : logStartSeconds;
        if (n == 0 || origin < REBASE_FROM_SECONDS) {
            return this;
        }
        double[] submit = new double[n];
        for (int j = 0; j < n; j++) {
            submit[j] = submitSeconds[j] - origin;
        }
        return new GangJobs(id, submit, tasks, processingSeconds, sizeMegabytes, estimateSeconds);
    }

    /** Number of tasks {@code s_j} (processors needed at once). */
    public int tasks(int j) {
        return tasks[j];
    }

    /** Processing time {@code pt_j} on a processor of the reference clock rate. */
    public double processingSeconds(int j) {
        return processingSeconds[j];
    }

    /**
     * The user's estimate of the processing time (SWF field 9, requested time), at least the processing time; the
     * processing time itself when the trace has none.
     */
    public double estimateSeconds(int j) {
        return estimateSeconds[j];
    }

    /** Job size {@code z_j} in MB (the latency term {@code z / rho}). */
    public double sizeMegabytes(int j) {
        return sizeMegabytes[j];
    }

    /** The largest number of tasks of any job (0 for no jobs). */
    public int maxTasks() {
        int m = 0;
        for (int s : tasks) {
            m = Math.max(m, s);
        }
        return m;
    }

    /** Sum of the tasks of all jobs. */
    public long totalTasks() {
        long t = 0;
        for (int s : tasks) {
            t += s;
        }
        return t;
    }

    /** Collects jobs in input order; {@link #build()} sorts them stably by submit time. */
    public static final class Builder {
        private int size;
        private long[] id = new long[64];
        private double[] submit = new double[64];
        private int[] tasks = new int[64];
        private double[] processing = new double[64];
        private double[] sizeMb = new double[64];
        private double[] estimate = new double[64];

        private Builder() {}

        /**
         * Adds a job.
         *
         * @throws IllegalArgumentException if a value is out of range (submit >= 0, tasks >= 1, pt > 0, z >= 0,
         *     all finite)
         */
        public Builder add(
                long jobId, double submitSeconds, int tasks, double processingSeconds, double sizeMegabytes) {
            return add(jobId, submitSeconds, tasks, processingSeconds, sizeMegabytes, processingSeconds);
        }

        /** Adds a job whose user estimate {@code estimateSeconds} (at least its processing time) differs. */
        public Builder add(
                long jobId,
                double submitSeconds,
                int tasks,
                double processingSeconds,
                double sizeMegabytes,
                double estimateSeconds) {
            if (!(submitSeconds >= 0) || Double.isInfinite(submitSeconds)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": submit time must be finite and >= 0, got " + submitSeconds);
            }
            if (tasks < 1) {
                throw new IllegalArgumentException("job " + jobId + ": needs at least 1 task, got " + tasks);
            }
            if (!(processingSeconds > 0) || Double.isInfinite(processingSeconds)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": processing time must be finite and > 0, got " + processingSeconds);
            }
            if (!(sizeMegabytes >= 0) || Double.isInfinite(sizeMegabytes)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": size must be finite and >= 0 MB, got " + sizeMegabytes);
            }
            if (!(estimateSeconds >= processingSeconds) || Double.isInfinite(estimateSeconds)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": the estimate must be finite and >= the processing" + " time "
                                + processingSeconds + ", got " + estimateSeconds);
            }
            id = GrowableArrays.ensure(id, size + 1);
            submit = GrowableArrays.ensure(submit, size + 1);
            this.tasks = GrowableArrays.ensure(this.tasks, size + 1);
            processing = GrowableArrays.ensure(processing, size + 1);
            sizeMb = GrowableArrays.ensure(sizeMb, size + 1);
            estimate = GrowableArrays.ensure(estimate, size + 1);
            id[size] = jobId;
            submit[size] = submitSeconds + 0.0;
            this.tasks[size] = tasks;
            processing[size] = processingSeconds;
            sizeMb[size] = sizeMegabytes;
            estimate[size] = estimateSeconds;
            size++;
            return this;
        }

        public GangJobs build() {
            int n = size;
            int[] order = new int[n];
            boolean sorted = true;
            for (int i = 0; i < n; i++) {
                order[i] = i;
                sorted &= i == 0 || submit[i - 1] <= submit[i];
            }
            if (!sorted) {
                Integer[] boxed = new Integer[n];
                for (int i = 0; i < n; i++) {
                    boxed[i] = i;
                }
                Arrays.sort(boxed, (x, y) -> Double.compare(submit[x], submit[y])); // stable: ties keep input order
                for (int i = 0; i < n; i++) {
                    order[i] = boxed[i];
                }
            }
            long[] i2 = new long[n];
            double[] s2 = new double[n];
            int[] t2 = new int[n];
            double[] p2 = new double[n];
            double[] z2 = new double[n];
            double[] e2 = new double[n];
            for (int i = 0; i < n; i++) {
                int k = order[i];
                i2[i] = id[k];
                s2[i] = submit[k];
                t2[i] = tasks[k];
                p2[i] = processing[k];
                z2[i] = sizeMb[k];
                e2[i] = estimate[k];
            }
            return new GangJobs(i2, s2, t2, p2, z2, e2);
        }
    }
}
