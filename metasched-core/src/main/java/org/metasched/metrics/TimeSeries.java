package org.metasched.metrics;

import java.util.Arrays;

/**
 * The machine state sampled after scheduling instants, for plots: time, busy-processor fraction, waiting jobs and
 * running jobs. Each sample holds from its time until the next. To keep plots light the series keeps at most
 * about {@link #DEFAULT_MAX_POINTS} points: when full, every second point is dropped and the sampling stride
 * doubles, so the kept points stay evenly spread over the instants.
 */
public final class TimeSeries {
    public static final int DEFAULT_MAX_POINTS = 5000;

    private final int maxPoints;
    private long[] time;
    private double[] utilization;
    private int[] waiting;
    private int[] running;
    private int size;
    private long stride = 1;
    private long offered;

    public TimeSeries() {
        this(DEFAULT_MAX_POINTS);
    }

    public TimeSeries(int maxPoints) {
        if (maxPoints < 2) {
            throw new IllegalArgumentException("a time series needs room for at least 2 points, got " + maxPoints);
        }
        this.maxPoints = maxPoints;
        time = new long[maxPoints];
        utilization = new double[maxPoints];
        waiting = new int[maxPoints];
        running = new int[maxPoints];
    }

    /** Offers one instant; kept if it falls on the current stride. */
    public void offer(long timeSeconds, double utilizationFraction, int waitingJobs, int runningJobs) {
        if (offered++ % stride != 0) {
            return;
        }
        if (size == maxPoints) {
            int kept = 0;
            for (int i = 0; i < size; i += 2) {
                time[kept] = time[i];
                utilization[kept] = utilization[i];
                waiting[kept] = waiting[i];
                running[kept] = running[i];
                kept++;
            }
            size = kept;
            stride *= 2;
            if ((offered - 1) % stride != 0) {
                return;
            }
        }
        time[size] = timeSeconds;
        utilization[size] = utilizationFraction;
        waiting[size] = waitingJobs;
        running[size] = runningJobs;
        size++;
    }

    public int size() {
        return size;
    }

    public long timeSeconds(int i) {
        return time[i];
    }

    public double utilization(int i) {
        return utilization[i];
    }

    public int waitingJobs(int i) {
        return waiting[i];
    }

    public int runningJobs(int i) {
        return running[i];
    }

    /** The sample times (a copy). */
    public long[] times() {
        return Arrays.copyOf(time, size);
    }
}
