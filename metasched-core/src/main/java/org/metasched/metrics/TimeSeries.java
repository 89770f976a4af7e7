package org.metasched.metrics;

import java.util.Arrays;

/**
 * The machine state sampled after scheduling instants, for plots: time, busy-processor fraction, waiting jobs and
 * running jobs. Each sample holds from its time until the next. To keep plots light the series keeps at most
 * about {@link #DEFAULT_MAX_POINTS} points: when full, every second point is dropped and the sampling stride
 * doubles, so the kept points stay evenly spread over the instants. The first and the last instant offered are
 * always kept (the last one as one more point after the evenly spread ones), so the series spans the whole run.
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
    /** The last instant offered, and whether it is the last kept point (else it is appended on read). */
    private long lastTime;

    private double lastUtilization;
    private int lastWaiting;
    private int lastRunning;
    private boolean lastKept;

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
        lastTime = timeSeconds;
        lastUtilization = utilizationFraction;
        lastWaiting = waitingJobs;
        lastRunning = runningJobs;
        lastKept = false;
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
        lastKept = true;
    }

    /** The number of points: the evenly spread ones, plus the last instant when it is not one of them. */
    public int size() {
        return size + (lastKept || offered == 0 ? 0 : 1);
    }

    public long timeSeconds(int i) {
        return i == size ? lastTime : time[i];
    }

    public double utilization(int i) {
        return i == size ? lastUtilization : utilization[i];
    }

    public int waitingJobs(int i) {
        return i == size ? lastWaiting : waiting[i];
    }

    public int runningJobs(int i) {
        return i == size ? lastRunning : running[i];
    }

    /** The sample times (a copy). */
    public long[] times() {
        long[] out = Arrays.copyOf(time, size());
        if (out.length > size) {
            out[size] = lastTime;
        }
        return out;
    }
}
