package org.metasched.memory;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.metasched.random.RandomStreams;

/**
 * The Poisson job streams of paper P004 (spec 6.6, its FLAG defaults), in [0, duration):
 *
 * <ul>
 *   <li>{@code stable}: Poisson arrivals at the total rate {@code lambda = load * N*S / E[S]}, every class equally
 *       likely, exponential service times of mean E[S];
 *   <li>{@code peak}: the same, except that in the second quarter of the window, [D/4, D/2) (5-10 s of the default
 *       20 s), the rate is 1.25 times the base rate and the largest class takes 60 % of the jobs (the others share
 *       the rest equally). The base rate is {@code lambda / (1 + 0.25 * 0.25)}, so that the average offered load
 *       over the window is the target load, as in the stable stream (the spec's "same average load").
 * </ul>
 *
 * <p>Replication {@code r} draws arrivals, classes and services from the streams {@code memory-arrivals}, {@code
 * memory-classes} and {@code memory-services} of the master seed, replication r; both workloads use the same
 * streams (common random numbers), and every policy runs on the same generated jobs. Job ids are 1, 2, ...
 */
public final class MemoryStreams {
    public static final String STABLE = "stable";
    public static final String PEAK = "peak";

    /** Where the peak starts and ends, as fractions of the arrival window. */
    public static final double PEAK_START_FRACTION = 0.25;

    public static final double PEAK_END_FRACTION = 0.5;

    /** Arrival rate during the peak relative to the base rate. */
    public static final double PEAK_RATE_FACTOR = 1.25;

    /** Share of the largest class among the jobs arriving during the peak. */
    public static final double PEAK_CLASS_SHARE = 0.6;

    private MemoryStreams() {}

    /** The workload {@code config.workload()} ({@code stable} or {@code peak}), replication {@code replication}. */
    public static MemoryWorkload generate(MemoryConfig config, int replication) {
        return switch (config.workload()) {
            case STABLE -> generate(config, replication, false);
            case PEAK -> generate(config, replication, true);
            default ->
                throw new IllegalArgumentException(
                        "workload '" + config.workload() + "' is a trace, not a generated stream");
        };
    }

    /** Start of the peak in seconds. */
    public static double peakStartSeconds(MemoryConfig config) {
        return PEAK_START_FRACTION * config.durationSeconds();
    }

    /** End of the peak in seconds. */
    public static double peakEndSeconds(MemoryConfig config) {
        return PEAK_END_FRACTION * config.durationSeconds();
    }

    /** Total arrival rate, jobs per second, that keeps {@code load} of the cores busy on average. */
    public static double meanRate(MemoryConfig config) {
        return config.load() * config.totalCores() / config.meanServiceSeconds();
    }

    private static MemoryWorkload generate(MemoryConfig c, int replication, boolean peak) {
        RandomStreams streams = new RandomStreams(c.seed());
        UniformRandomProvider arrivals = streams.stream("memory-arrivals", replication);
        UniformRandomProvider classes = streams.stream("memory-classes", replication);
        ContinuousSampler unitGap = ZigguratSampler.Exponential.of(arrivals);
        ContinuousSampler service =
                ZigguratSampler.Exponential.of(streams.stream("memory-services", replication), c.meanServiceSeconds());
        double d = c.durationSeconds();
        double peakStart = peak ? peakStartSeconds(c) : d;
        double peakEnd = peak ? peakEndSeconds(c) : d;
        double lambda = meanRate(c);
        double base = peak ? lambda / (1 + (PEAK_RATE_FACTOR - 1) * (PEAK_END_FRACTION - PEAK_START_FRACTION)) : lambda;
        int k = c.classes();
        MemoryWorkload.Builder b = MemoryWorkload.builder();
        double t = 0;
        while (true) {
            boolean inPeak = t >= peakStart && t < peakEnd;
            double rate = inPeak ? base * PEAK_RATE_FACTOR : base;
            double boundary = t < peakStart ? peakStart : (inPeak ? peakEnd : d);
            double next = t + unitGap.sample() / rate;
            if (next >= boundary) {
                if (boundary >= d) {
                    break;
                }
                t = boundary; // the rate changes here; exponential gaps are memoryless, so draw afresh
                continue;
            }
            t = next;
            int memoryClass;
            if (t >= peakStart && t < peakEnd && k > 1) {
                memoryClass = classes.nextDouble() < PEAK_CLASS_SHARE ? k : 1 + classes.nextInt(k - 1);
            } else {
                memoryClass = 1 + classes.nextInt(k);
            }
            b.add(b.size() + 1, t, service.sample(), memoryClass);
        }
        return b.build();
    }
}
