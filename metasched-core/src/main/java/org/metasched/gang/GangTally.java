package org.metasched.gang;

import java.util.Arrays;
import org.metasched.metrics.LossOfCapacity;

/**
 * Integrates the grid's state between instants (spec 5.6): the loss of capacity grid-wide (D15: idle processors of
 * the whole grid, {@code delta} tested against every waiting job), per cluster (each cluster's idle processors
 * against its own waiting jobs) and the per-cluster variant of the grid figure ({@code sum_C n_C delta_C}); and
 * the busy-processor fraction after every interaction (an arrival at the grid dispatcher or a job completion, the
 * x axis of P001 Figures 13 and 14). The state reported at the end of an instant holds until the next one.
 */
final class GangTally {
    private final int processors;
    private final int clusters;
    private final LossOfCapacity grid;
    private final LossOfCapacity clusterSum;
    private final LossOfCapacity[] perCluster;
    private final int[] idle;
    private final boolean[] fits;
    private boolean started;
    private double previous;
    private int previousIdle;
    private boolean previousFits;
    private int previousSum;
    private double[] sampleTime = new double[256];
    private double[] sampleBusy = new double[256];
    private int samples;

    GangTally(int[] clusterSizes) {
        clusters = clusterSizes.length;
        int n = 0;
        perCluster = new LossOfCapacity[clusters];
        for (int c = 0; c < clusters; c++) {
            n += clusterSizes[c];
            perCluster[c] = new LossOfCapacity(clusterSizes[c]);
        }
        processors = n;
        grid = new LossOfCapacity(n);
        clusterSum = new LossOfCapacity(n);
        idle = new int[clusters];
        fits = new boolean[clusters];
    }

    /** The state after the instant {@code now}, in which {@code interactions} arrivals and completions happened. */
    void afterInstant(double now, Grid g, int interactions) {
        if (started) {
            grid.interval(previous, now, previousIdle, previousFits);
            clusterSum.interval(previous, now, previousSum, true);
            for (int c = 0; c < clusters; c++) {
                perCluster[c].interval(previous, now, idle[c], fits[c]);
            }
        }
        started = true;
        previous = now;
        WaitingSizes waiting = g.waitingSizes();
        int totalIdle = 0;
        int smallest = Integer.MAX_VALUE;
        int sum = 0;
        for (int c = 0; c < clusters; c++) {
            idle[c] = g.idleProcessors(c);
            int s = waiting.smallest(c);
            fits[c] = s <= idle[c];
            totalIdle += idle[c];
            smallest = Math.min(smallest, s);
            sum += fits[c] ? idle[c] : 0;
        }
        previousIdle = totalIdle;
        previousFits = smallest <= totalIdle;
        previousSum = sum;
        double busy = (double) (processors - totalIdle) / processors;
        for (int i = 0; i < interactions; i++) {
            if (samples == sampleTime.length) {
                sampleTime = Arrays.copyOf(sampleTime, 2 * samples);
                sampleBusy = Arrays.copyOf(sampleBusy, 2 * samples);
            }
            sampleTime[samples] = now;
            sampleBusy[samples++] = busy;
        }
    }

    /** Lost processor-seconds, grid-wide (D15). */
    double lostGrid() {
        return grid.lostProcessorSeconds();
    }

    /** Lost processor-seconds, summed over clusters each tested against its own jobs. */
    double lostClusterSum() {
        return clusterSum.lostProcessorSeconds();
    }

    /** Lost processor-seconds of cluster {@code c}. */
    double lostCluster(int c) {
        return perCluster[c].lostProcessorSeconds();
    }

    double[] sampleTimes() {
        return Arrays.copyOf(sampleTime, samples);
    }

    double[] sampleBusyFractions() {
        return Arrays.copyOf(sampleBusy, samples);
    }
}
