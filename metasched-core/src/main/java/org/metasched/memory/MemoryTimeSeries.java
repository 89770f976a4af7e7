package org.metasched.memory;

import java.util.Arrays;

/**
 * The cluster's state after every instant, the rows of {@code timeseries.csv}: {@code time, busyCores, usedMemory,
 * queue1..queueK, pool1..poolK}. A row holds from its time until the next row's; the model's first row is time 0
 * (the initial pools, unless a job arrives at 0) and its last row is the last completion. Every instant is kept (no thinning), so the series is exact and can be checked against the per-job
 * records ({@code MemoryScheduleCheck}, a test oracle). Time averages integrate the rows over [first row, last row].
 *
 * <p>Under the shared policies a core owns memory only while it runs a job, so {@code pool k} there is the number
 * of cores running class-k jobs.
 */
public final class MemoryTimeSeries {
    private final int classes;
    private double[] time = new double[1024];
    private int[] busy = new int[1024];
    private int[] used = new int[1024];
    private int[] queue;
    private int[] pool;
    private int size;

    private double busyArea;
    private double usedArea;
    private final double[] queueArea;
    private final double[] poolArea;

    public MemoryTimeSeries(int classes) {
        if (classes < 1) {
            throw new IllegalArgumentException("a time series needs at least one class, got " + classes);
        }
        this.classes = classes;
        queue = new int[1024 * classes];
        pool = new int[1024 * classes];
        queueArea = new double[classes];
        poolArea = new double[classes];
    }

    /**
     * Appends a row ({@code queues[k-1]}, {@code pools[k-1]} for class k). A row at the same time as the last one
     * replaces it (another round of the same instant).
     *
     * @throws IllegalArgumentException if the time goes back
     */
    public void add(double t, int busyCores, int usedMemoryGiB, int[] queues, int[] pools) {
        int at = open(t);
        busy[at] = busyCores;
        used[at] = usedMemoryGiB;
        System.arraycopy(queues, 0, queue, at * classes, classes);
        System.arraycopy(pools, 0, pool, at * classes, classes);
    }

    /** Appends the state of {@code cluster} at {@code t}. */
    void record(double t, ClusterView cluster) {
        int at = open(t);
        busy[at] = cluster.busyCores();
        used[at] = cluster.usedMemoryGiB();
        int base = at * classes;
        for (int k = 1; k <= classes; k++) {
            queue[base + k - 1] = cluster.queueLength(k);
            pool[base + k - 1] = cluster.poolSize(k);
        }
    }

    /** Index of the row for {@code t}: the last one if it has that time, else a new one (integrating the last). */
    private int open(double t) {
        if (size > 0) {
            double last = time[size - 1];
            if (t == last) {
                return size - 1;
            }
            if (!(t > last)) {
                throw new IllegalArgumentException("time series row at " + t + " after a row at " + last);
            }
            int p = size - 1;
            double dt = t - last;
            busyArea += busy[p] * dt;
            usedArea += used[p] * dt;
            for (int k = 0; k < classes; k++) {
                queueArea[k] += queue[p * classes + k] * dt;
                poolArea[k] += pool[p * classes + k] * dt;
            }
        }
        if (size == time.length) {
            int c = size * 2;
            time = Arrays.copyOf(time, c);
            busy = Arrays.copyOf(busy, c);
            used = Arrays.copyOf(used, c);
            queue = Arrays.copyOf(queue, c * classes);
            pool = Arrays.copyOf(pool, c * classes);
        }
        time[size] = t;
        return size++;
    }

    public int classes() {
        return classes;
    }

    public int size() {
        return size;
    }

    public double timeSeconds(int row) {
        return time[row];
    }

    public int busyCores(int row) {
        return busy[row];
    }

    public int usedMemoryGiB(int row) {
        return used[row];
    }

    /** Queue length of class {@code k} (1..K) in row {@code row}. */
    public int queueLength(int row, int k) {
        return queue[row * classes + k - 1];
    }

    /** Pool size of class {@code k} (1..K) in row {@code row}. */
    public int poolSize(int row, int k) {
        return pool[row * classes + k - 1];
    }

    /** Last row's time minus the first's; 0 with fewer than two rows. */
    public double spanSeconds() {
        return size < 2 ? 0 : time[size - 1] - time[0];
    }

    public double meanBusyCores() {
        return average(busyArea);
    }

    public double meanUsedMemoryGiB() {
        return average(usedArea);
    }

    public double meanQueueLength(int k) {
        return average(queueArea[k - 1]);
    }

    public double meanPoolSize(int k) {
        return average(poolArea[k - 1]);
    }

    /**
     * Time average of the busy cores over [{@code from}, {@code to}]: each row holds until the next; before the first
     * row nothing runs, after the last row its state holds.
     */
    public double meanBusyCores(double fromSeconds, double toSeconds) {
        return windowAverage(busy, 1, 0, fromSeconds, toSeconds);
    }

    /** Time average of the memory used by running jobs over [{@code from}, {@code to}], as {@link #meanBusyCores}. */
    public double meanUsedMemoryGiB(double fromSeconds, double toSeconds) {
        return windowAverage(used, 1, 0, fromSeconds, toSeconds);
    }

    /** Time average of queue {@code k}'s length over [{@code from}, {@code to}], as {@link #meanBusyCores}. */
    public double meanQueueLength(int k, double fromSeconds, double toSeconds) {
        return windowAverage(queue, classes, k - 1, fromSeconds, toSeconds);
    }

    /**
     * Time average of pool {@code k}'s size over [{@code from}, {@code to}], as {@link #meanBusyCores} (0 before the
     * first row).
     */
    public double meanPoolSize(int k, double fromSeconds, double toSeconds) {
        return windowAverage(pool, classes, k - 1, fromSeconds, toSeconds);
    }

    private double windowAverage(int[] column, int stride, int offset, double from, double to) {
        if (!(to > from)) {
            throw new IllegalArgumentException("empty averaging window [" + from + ", " + to + "]");
        }
        double area = 0;
        for (int i = 0; i < size; i++) {
            double a = Math.max(time[i], from);
            double b = Math.min(i + 1 < size ? time[i + 1] : Double.POSITIVE_INFINITY, to);
            if (b > a) {
                area += column[i * stride + offset] * (b - a);
            }
        }
        return area / (to - from);
    }

    private double average(double area) {
        double span = spanSeconds();
        return span > 0 ? area / span : 0;
    }
}
