package org.metasched.memory;

import java.util.Arrays;
import org.metasched.model.GrowableArrays;

/**
 * The jobs of one run of the memory cluster, sorted by arrival (ties in input order): per job an id, its arrival
 * and service time in seconds and its memory class (1..K, the position in {@link MemoryConfig#classesGiB()}).
 * Struct-of-arrays; index {@code j} is how the model names a job. Built with {@link Builder} by {@link
 * MemoryStreams} (Poisson streams) or from a trace ({@link SwfMemoryClasses} maps its memory to classes).
 */
public final class MemoryWorkload {
    /**
     * From this first record on (2^28 s, 8.5 years) a trace runs on a clock that starts at its first record ({@link
     * #originSeconds()}): no log's first job comes that long after the log's start (the Standard Workload Format's
     * time 0; the shared traces' first records are at 0 to 599,850 s), and a log in Unix-epoch seconds since 1978, or
     * in milli- or microseconds (1.7e15 resolves 0.25 s), is past it.
     */
    public static final double REBASE_FROM_SECONDS = 0x1p28;

    private final long[] id;
    private final double[] arrival;
    private final double[] service;
    private final int[] memoryClass;
    private final double origin;

    private MemoryWorkload(long[] id, double[] arrival, double[] service, int[] memoryClass, double origin) {
        this.id = id;
        this.arrival = arrival;
        this.service = service;
        this.memoryClass = memoryClass;
        this.origin = origin;
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

    /**
     * The time, on the trace's clock, of the model's time 0: 0 (the model runs on the workload's own clock) except
     * for a trace whose first record is at {@link #REBASE_FROM_SECONDS} or later, whose arrivals are then given
     * relative to that record; every time the run writes is the model's plus this.
     */
    public double originSeconds() {
        return origin;
    }

    /** Arrival of job {@code j} on the model's clock (add {@link #originSeconds()} for the trace's). */
    public double arrivalSeconds(int j) {
        return arrival[j];
    }

    public double serviceSeconds(int j) {
        return service[j];
    }

    /** The class of job {@code j}, 1..K. */
    public int memoryClass(int j) {
        return memoryClass[j];
    }

    /** The largest class any job has (0 for no jobs). */
    public int largestClass() {
        int max = 0;
        for (int k : memoryClass) {
            max = Math.max(max, k);
        }
        return max;
    }

    /** Offered load: total service over (cores x the span from the first arrival to the last). */
    public double offeredLoad(int cores) {
        if (id.length < 2) {
            return 0;
        }
        double total = 0;
        for (double s : service) {
            total += s;
        }
        return total / (cores * (arrival[id.length - 1] - arrival[0]));
    }

    // shared with the model, never changed: no copies on the hot path
    int[] memoryClasses() {
        return memoryClass;
    }

    double[] arrivals() {
        return arrival;
    }

    /** Collects jobs in any order; {@link #build()} sorts them by arrival, ties in the order they were added. */
    public static final class Builder {
        private long[] id = new long[256];
        private double[] arrival = new double[256];
        private double[] service = new double[256];
        private int[] memoryClass = new int[256];
        private int size;
        private double origin;

        private Builder() {}

        /**
         * Sets {@link #originSeconds()} (default 0): the arrivals added are relative to it.
         *
         * @throws IllegalArgumentException if it is negative or not finite
         */
        public Builder originSeconds(double originSeconds) {
            if (!(originSeconds >= 0) || !Double.isFinite(originSeconds)) {
                throw new IllegalArgumentException("origin " + originSeconds + " s, expected >= 0");
            }
            origin = originSeconds;
            return this;
        }

        /**
         * Adds one job.
         *
         * @throws IllegalArgumentException if a time is negative or not finite or the class is below 1
         */
        public Builder add(long jobId, double arrivalSeconds, double serviceSeconds, int jobClass) {
            if (!(arrivalSeconds >= 0) || !Double.isFinite(arrivalSeconds)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": arrival " + arrivalSeconds + " s, expected >= 0");
            }
            if (!(serviceSeconds >= 0) || !Double.isFinite(serviceSeconds)) {
                throw new IllegalArgumentException(
                        "job " + jobId + ": service " + serviceSeconds + " s, expected >= 0");
            }
            if (jobClass < 1) {
                throw new IllegalArgumentException("job " + jobId + ": class " + jobClass + ", expected >= 1");
            }
            id = GrowableArrays.ensure(id, size + 1);
            arrival = GrowableArrays.ensure(arrival, size + 1);
            service = GrowableArrays.ensure(service, size + 1);
            memoryClass = GrowableArrays.ensure(memoryClass, size + 1);
            id[size] = jobId;
            arrival[size] = arrivalSeconds;
            service[size] = serviceSeconds;
            memoryClass[size] = jobClass;
            size++;
            return this;
        }

        public int size() {
            return size;
        }

        public MemoryWorkload build() {
            boolean sorted = true;
            for (int i = 1; i < size && sorted; i++) {
                sorted = arrival[i - 1] <= arrival[i];
            }
            if (sorted) {
                return new MemoryWorkload(
                        Arrays.copyOf(id, size),
                        Arrays.copyOf(arrival, size),
                        Arrays.copyOf(service, size),
                        Arrays.copyOf(memoryClass, size),
                        origin);
            }
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Double.compare(arrival[x], arrival[y])); // stable: ties keep input order
            long[] i2 = new long[size];
            double[] a2 = new double[size];
            double[] s2 = new double[size];
            int[] c2 = new int[size];
            for (int i = 0; i < size; i++) {
                int k = order[i];
                i2[i] = id[k];
                a2[i] = arrival[k];
                s2[i] = service[k];
                c2[i] = memoryClass[k];
            }
            return new MemoryWorkload(i2, a2, s2, c2, origin);
        }
    }
}
