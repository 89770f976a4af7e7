package org.metasched.metrics;

import java.util.Arrays;

/**
 * A model's state after each instant as a step function of time: rows of integer columns, each holding from its
 * time until the next row's. A row offered at the same time as the last one replaces it (another round of the same
 * instant); time never goes back. Time averages integrate every row offered, over [first row, last row]; before
 * the first row the columns are 0, after the last its state holds.
 *
 * <p>To keep plots light a series may keep at most {@code maxPoints} rows ({@link #DEFAULT_MAX_POINTS} for a
 * trace's series, {@link #EVERY_ROW} to keep them all): when full, every second row is dropped and the sampling
 * stride doubles, so the kept rows stay evenly spread over the instants. The first and the last instant offered are
 * always kept (the last one as one more row after the evenly spread ones), so the series spans the whole run. Reads
 * by row ({@link #value}, {@link #mean(int, double, double)}, {@link #binnedMeans}) see the kept rows; {@link
 * #mean(int)} sees every row offered.
 */
public final class TimeSeries {
    public static final int DEFAULT_MAX_POINTS = 5000;
    /** No thinning: every row is kept. */
    public static final int EVERY_ROW = Integer.MAX_VALUE;

    private final int columns;
    private final int maxPoints;
    private double[] time;
    private int[] values;
    private int size;
    private long stride = 1;
    private long offered;

    private double firstTime;
    /** The last row offered, and whether it is the last kept row (else it is appended on read). */
    private double lastTime;

    private final int[] last;
    private boolean lastKept;
    /** Per column, the integral of the rows offered up to the last one. */
    private final double[] area;

    public TimeSeries(int columns, int maxPoints) {
        if (columns < 1 || maxPoints < 2) {
            throw new IllegalArgumentException(
                    "a time series needs a column and room for 2 rows, got " + columns + " and " + maxPoints);
        }
        this.columns = columns;
        this.maxPoints = maxPoints;
        int capacity = Math.min(maxPoints, 1024);
        time = new double[capacity];
        values = new int[capacity * columns];
        last = new int[columns];
        area = new double[columns];
    }

    /**
     * Offers the row {@code row} (one value per column, copied) at {@code t}.
     *
     * @throws IllegalArgumentException if the time goes back
     */
    public void offer(double t, int[] row) {
        if (offered > 0) {
            if (t == lastTime) {
                System.arraycopy(row, 0, last, 0, columns);
                if (lastKept) {
                    System.arraycopy(row, 0, values, (size - 1) * columns, columns);
                }
                return;
            }
            if (!(t > lastTime)) {
                throw new IllegalArgumentException("time series row at " + t + " after a row at " + lastTime);
            }
            double dt = t - lastTime;
            for (int c = 0; c < columns; c++) {
                area[c] += last[c] * dt;
            }
        } else {
            firstTime = t;
        }
        lastTime = t;
        System.arraycopy(row, 0, last, 0, columns);
        lastKept = false;
        if (offered++ % stride != 0) {
            return;
        }
        if (size == maxPoints) {
            int kept = 0;
            for (int i = 0; i < size; i += 2) {
                time[kept] = time[i];
                System.arraycopy(values, i * columns, values, kept * columns, columns);
                kept++;
            }
            size = kept;
            stride *= 2;
            if ((offered - 1) % stride != 0) {
                return;
            }
        }
        if (size == time.length) {
            int capacity = (int) Math.min(maxPoints, 2L * size);
            time = Arrays.copyOf(time, capacity);
            values = Arrays.copyOf(values, capacity * columns);
        }
        time[size] = t;
        System.arraycopy(row, 0, values, size * columns, columns);
        size++;
        lastKept = true;
    }

    public int columns() {
        return columns;
    }

    /** The number of rows: the evenly spread ones, plus the last instant when it is not one of them. */
    public int size() {
        return size + (lastKept || offered == 0 ? 0 : 1);
    }

    public double timeSeconds(int row) {
        return row == size ? lastTime : time[row];
    }

    public int value(int row, int column) {
        return row == size ? last[column] : values[row * columns + column];
    }

    /** Last row's time minus the first's; 0 with fewer than two rows. */
    public double spanSeconds() {
        return offered < 2 ? 0 : lastTime - firstTime;
    }

    /** Time average of {@code column} over [first row, last row], every row offered; 0 over an empty span. */
    public double mean(int column) {
        double span = spanSeconds();
        return span > 0 ? area[column] / span : 0;
    }

    /** Time average of {@code column} over [{@code fromSeconds}, {@code toSeconds}]. */
    public double mean(int column, double fromSeconds, double toSeconds) {
        if (!(toSeconds > fromSeconds)) {
            throw new IllegalArgumentException("empty averaging window [" + fromSeconds + ", " + toSeconds + "]");
        }
        double sum = 0;
        int n = size();
        for (int i = 0; i < n; i++) {
            double a = Math.max(timeSeconds(i), fromSeconds);
            double b = Math.min(i + 1 < n ? timeSeconds(i + 1) : Double.POSITIVE_INFINITY, toSeconds);
            if (b > a) {
                sum += value(i, column) * (b - a);
            }
        }
        return sum / (toSeconds - fromSeconds);
    }

    /**
     * Time averages of every column over {@code bins} equal windows of [{@code from}, {@code to}], in one pass over
     * the rows from the first to the last: {@code [column][bin]}.
     */
    public double[][] binnedMeans(double from, double to, int bins) {
        double[][] sum = new double[columns][bins];
        double width = (to - from) / bins;
        int n = size();
        for (int i = 0; i + 1 < n; i++) {
            double a = timeSeconds(i);
            double b = timeSeconds(i + 1);
            while (b > a) {
                int bin = Math.min(bins - 1, (int) ((a - from) / width));
                double end = Math.min(b, bin == bins - 1 ? b : from + (bin + 1) * width);
                if (!(end > a)) { // rounding at a window edge: step into the next window
                    end = Math.min(b, from + (bin + 1) * width + Math.ulp(a));
                    if (!(end > a)) {
                        break;
                    }
                }
                double dt = end - a;
                for (int c = 0; c < columns; c++) {
                    sum[c][bin] += value(i, c) * dt;
                }
                a = end;
            }
        }
        for (double[] column : sum) {
            for (int b = 0; b < bins; b++) {
                column[b] /= width;
            }
        }
        return sum;
    }
}
