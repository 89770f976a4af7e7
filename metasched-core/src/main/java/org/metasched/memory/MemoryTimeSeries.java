package org.metasched.memory;

import org.metasched.metrics.TimeSeries;

/**
 * The cluster's state after every instant, the rows of {@code timeseries.csv}: {@code time, busyCores, usedMemory,
 * queue1..queueK, pool1..poolK}. A row holds from its time until the next row's; the model's first row is time 0
 * (the initial pools, unless a job arrives at 0) and its last row is the last completion. Every instant is kept (no thinning), so the series is exact and can be checked against the per-job
 * records ({@code MemoryScheduleCheck}, a test oracle). Time averages integrate the rows over [first row, last row].
 * The rows are a {@link TimeSeries} (columns busy, used, queues, pools) with no thinning; this class names them.
 *
 * <p>Under the shared policies a core owns memory only while it runs a job, so {@code pool k} there is the number
 * of cores running class-k jobs.
 */
public final class MemoryTimeSeries {
    private final int classes;
    private final TimeSeries rows;
    private final int[] buffer;

    public MemoryTimeSeries(int classes) {
        if (classes < 1) {
            throw new IllegalArgumentException("a time series needs at least one class, got " + classes);
        }
        this.classes = classes;
        this.rows = new TimeSeries(2 + 2 * classes, TimeSeries.EVERY_ROW);
        this.buffer = new int[2 + 2 * classes];
    }

    /**
     * Appends a row ({@code queues[k-1]}, {@code pools[k-1]} for class k). A row at the same time as the last one
     * replaces it (another round of the same instant).
     *
     * @throws IllegalArgumentException if the time goes back
     */
    public void add(double t, int busyCores, int usedMemoryGiB, int[] queues, int[] pools) {
        buffer[0] = busyCores;
        buffer[1] = usedMemoryGiB;
        System.arraycopy(queues, 0, buffer, 2, classes);
        System.arraycopy(pools, 0, buffer, 2 + classes, classes);
        rows.offer(t, buffer);
    }

    /** Appends the state of {@code cluster} at {@code t}. */
    void record(double t, ClusterView cluster) {
        buffer[0] = cluster.busyCores();
        buffer[1] = cluster.usedMemoryGiB();
        for (int k = 1; k <= classes; k++) {
            buffer[queue(k)] = cluster.queueLength(k);
            buffer[pool(k)] = cluster.poolSize(k);
        }
        rows.offer(t, buffer);
    }

    private static int queue(int k) {
        return 1 + k;
    }

    private int pool(int k) {
        return 1 + classes + k;
    }

    public int classes() {
        return classes;
    }

    public int size() {
        return rows.size();
    }

    public double timeSeconds(int row) {
        return rows.timeSeconds(row);
    }

    public int busyCores(int row) {
        return rows.value(row, 0);
    }

    public int usedMemoryGiB(int row) {
        return rows.value(row, 1);
    }

    /** Queue length of class {@code k} (1..K) in row {@code row}. */
    public int queueLength(int row, int k) {
        return rows.value(row, queue(k));
    }

    /** Pool size of class {@code k} (1..K) in row {@code row}. */
    public int poolSize(int row, int k) {
        return rows.value(row, pool(k));
    }

    /** Last row's time minus the first's; 0 with fewer than two rows. */
    public double spanSeconds() {
        return rows.spanSeconds();
    }

    public double meanBusyCores() {
        return rows.mean(0);
    }

    public double meanUsedMemoryGiB() {
        return rows.mean(1);
    }

    public double meanQueueLength(int k) {
        return rows.mean(queue(k));
    }

    public double meanPoolSize(int k) {
        return rows.mean(pool(k));
    }

    /**
     * Time average of the busy cores over [{@code from}, {@code to}]: each row holds until the next; before the first
     * row nothing runs, after the last row its state holds.
     */
    public double meanBusyCores(double fromSeconds, double toSeconds) {
        return rows.mean(0, fromSeconds, toSeconds);
    }

    /** Time average of the memory used by running jobs over [{@code from}, {@code to}], as {@link #meanBusyCores}. */
    public double meanUsedMemoryGiB(double fromSeconds, double toSeconds) {
        return rows.mean(1, fromSeconds, toSeconds);
    }

    /** Time average of queue {@code k}'s length over [{@code from}, {@code to}], as {@link #meanBusyCores}. */
    public double meanQueueLength(int k, double fromSeconds, double toSeconds) {
        return rows.mean(queue(k), fromSeconds, toSeconds);
    }

    /**
     * Time average of pool {@code k}'s size over [{@code from}, {@code to}], as {@link #meanBusyCores} (0 before the
     * first row).
     */
    public double meanPoolSize(int k, double fromSeconds, double toSeconds) {
        return rows.mean(pool(k), fromSeconds, toSeconds);
    }

    /**
     * Time averages of every column (busy cores, used memory, queues 1..K, pools 1..K) over {@code bins} equal
     * windows of [from, to]: {@link TimeSeries#binnedMeans}.
     */
    public double[][] binnedMeans(double fromSeconds, double toSeconds, int bins) {
        return rows.binnedMeans(fromSeconds, toSeconds, bins);
    }
}
