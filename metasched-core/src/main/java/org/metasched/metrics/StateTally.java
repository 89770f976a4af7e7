package org.metasched.metrics;

/**
 * Integrates the machine state between scheduling instants: loss of capacity and the sampled {@link TimeSeries}
 * (columns {@link #BUSY}, {@link #WAITING}, {@link #RUNNING}).
 * The state reported at one instant holds until the next one. The machine simulation feeds it as its {@code
 * MachineObserver}.
 */
public final class StateTally {
    /** The series' columns: busy processors, waiting jobs, running jobs. */
    public static final int BUSY = 0, WAITING = 1, RUNNING = 2;

    private final int processors;
    private final LossOfCapacity lossOfCapacity;
    private final TimeSeries series;
    private boolean started;
    private long previousTime;
    private int previousIdle;
    private boolean previousFits;
    private final int[] row = new int[3];

    public StateTally(int processors, int maxSeriesPoints) {
        this.processors = processors;
        this.lossOfCapacity = new LossOfCapacity(processors);
        this.series = new TimeSeries(3, maxSeriesPoints);
    }

    /** The state that holds from {@code now} until the next instant. */
    public void afterInstant(long now, int busy, int waiting, int running, int smallestWaitingJob) {
        if (started) {
            lossOfCapacity.interval((double) previousTime, (double) now, previousIdle, previousFits);
        }
        started = true;
        previousTime = now;
        previousIdle = processors - busy;
        previousFits = waiting > 0 && smallestWaitingJob <= previousIdle;
        row[BUSY] = busy;
        row[WAITING] = waiting;
        row[RUNNING] = running;
        series.offer(now, row);
    }

    public LossOfCapacity lossOfCapacity() {
        return lossOfCapacity;
    }

    public TimeSeries series() {
        return series;
    }
}
