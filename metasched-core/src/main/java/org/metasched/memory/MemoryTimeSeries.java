package org.metasched.memory;

import org.metasched.metrics.TimeSeries;

/**
 * The cluster's state after every instant, the rows of {@code timeseries.csv}: {@code time, busyCores, usedMemory,
 * queue1..queueK, pool1..poolK}. A row holds from its time until the next row's; the model's first row is time 0
 * (the initial pools, unless a job arrives at 0) and its last row is the last completion. The rows are a {@link
 * TimeSeries} that keeps every instant (no thinning), so the series is exact and can be checked against the per-job
 * records ({@code MemoryScheduleCheck}, a test oracle); this class names its columns. Time averages over [first row,
 * last row] or any window: {@code rows().mean(column[, from, to])}.
 *
 * <p>{@link #rows()} is on the model's clock; {@link #timeSeconds(int)} adds {@link #originSeconds()}, the trace time
 * of the model's 0 (0 unless a trace on a late clock was rebased: {@link MemoryWorkload#originSeconds()}).
 *
 * <p>Under the shared policies a core owns memory only while it runs a job, so {@code pool k} there is the number
 * of cores running class-k jobs.
 */
public final class MemoryTimeSeries {
    /** Columns of {@link #rows}: busy cores, used memory; then {@link #queue(int)}, {@link #pool(int)}. */
    public static final int BUSY = 0, USED = 1;

    private final int classes;
    private final TimeSeries rows;
    private final int[] buffer;
    private final double origin;

    public MemoryTimeSeries(int classes) {
        this(classes, 0);
    }

    /** An empty series whose model time 0 is {@code originSeconds} on the trace's clock. */
    public MemoryTimeSeries(int classes, double originSeconds) {
        if (classes < 1) {
            throw new IllegalArgumentException("a time series needs at least one class, got " + classes);
        }
        this.classes = classes;
        this.rows = new TimeSeries(2 + 2 * classes, TimeSeries.EVERY_ROW);
        this.buffer = new int[2 + 2 * classes];
        this.origin = originSeconds;
    }

    /**
     * Appends a row ({@code queues[k-1]}, {@code pools[k-1]} for class k). A row at the same time as the last one
     * replaces it (another round of the same instant).
     *
     * @throws IllegalArgumentException if the time goes back
     */
    public void add(double t, int busyCores, int usedMemoryGiB, int[] queues, int[] pools) {
        buffer[BUSY] = busyCores;
        buffer[USED] = usedMemoryGiB;
        System.arraycopy(queues, 0, buffer, 2, classes);
        System.arraycopy(pools, 0, buffer, 2 + classes, classes);
        rows.offer(t, buffer);
    }

    /** Appends the state of {@code cluster} at {@code t}. */
    void record(double t, ClusterView cluster) {
        buffer[BUSY] = cluster.busyCores();
        buffer[USED] = cluster.usedMemoryGiB();
        for (int k = 1; k <= classes; k++) {
            buffer[queue(k)] = cluster.queueLength(k);
            buffer[pool(k)] = cluster.poolSize(k);
        }
        rows.offer(t, buffer);
    }

    /** Column of queue {@code k} (1..K) in {@link #rows}. */
    public static int queue(int k) {
        return 1 + k;
    }

    /** Column of pool {@code k} (1..K) in {@link #rows}. */
    public int pool(int k) {
        return 1 + classes + k;
    }

    public int classes() {
        return classes;
    }

    public int size() {
        return rows.size();
    }

    /** The time of row {@code row} on the trace's clock: the model's plus {@link #originSeconds()}. */
    public double timeSeconds(int row) {
        return rows.timeSeconds(row) + origin;
    }

    /** The time of row {@code row} on the model's clock (add {@link #originSeconds()} for the trace's). */
    public double modelTimeSeconds(int row) {
        return rows.timeSeconds(row);
    }

    /** The trace time of the model's time 0 (0 unless a trace on a late clock was rebased). */
    public double originSeconds() {
        return origin;
    }

    public int busyCores(int row) {
        return rows.value(row, BUSY);
    }

    public int usedMemoryGiB(int row) {
        return rows.value(row, USED);
    }

    /** Queue length of class {@code k} (1..K) in row {@code row}. */
    public int queueLength(int row, int k) {
        return rows.value(row, queue(k));
    }

    /** Pool size of class {@code k} (1..K) in row {@code row}. */
    public int poolSize(int row, int k) {
        return rows.value(row, pool(k));
    }

    /** The rows on the model's clock, for time averages ({@link TimeSeries#mean(int, double, double)}) by column. */
    public TimeSeries rows() {
        return rows;
    }
}
