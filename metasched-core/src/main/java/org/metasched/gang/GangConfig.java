package org.metasched.gang;

import java.util.List;
import java.util.function.Consumer;
import org.metasched.model.InputFormatException;
import org.metasched.model.Sizes;
import org.metasched.registry.Registration;

/**
 * One gang-scheduling run's parameters (spec 5.1-5.5), built from flags, a file or a test; {@link #DEFAULTS}
 * documents every default. Invalid values are bad input ({@link InputFormatException}, one line naming the field).
 *
 * @param clusterProcessors processors of each cluster, in cluster order (default 128, 256: P001's platform)
 * @param clocks homogeneous or heterogeneous clock rates (default heterogeneous, as in P001's experiment)
 * @param referenceClockMHz {@code f_ref}: a task runs {@code pt f_ref / f} on a processor of rate {@code f}
 *     (default 2000 MHz; the paper gives none, spec 5.1 FLAG)
 * @param dispatch local dispatcher, an entry of {@link GangRegistries#DISPATCHERS} (default {@code olb})
 * @param policy queue policy, an entry of {@link GangRegistries#POLICIES} (default {@code afcfs})
 * @param tieBreak grid dispatcher ties among least-loaded clusters (default random)
 * @param latencyAlphaSeconds {@code alpha} of the latency {@code alpha + z / rho} added to every task's service
 *     time (default 0: the paper gives no value)
 * @param bandwidthMegabytesPerSecond {@code rho} (default 1000; with job sizes of 0 MB it has no effect)
 * @param sequentialFirst sequential jobs before parallel ones in every policy order (default false, spec 5.3 FLAG)
 * @param startRule when a waiting job may start, an entry of {@link GangRegistries#START_RULES} (default {@code
 *     queue-heads}, the spec's D13 v2; {@code adapted} is D13 v1)
 * @param seed master seed of the random streams {@code clocks} and {@code dispatch} (default 2019)
 */
public record GangConfig(
        List<Integer> clusterProcessors,
        ClockModel clocks,
        double referenceClockMHz,
        Registration<LocalDispatcher, Void> dispatch,
        Registration<GangPolicy, Void> policy,
        TieBreak tieBreak,
        double latencyAlphaSeconds,
        double bandwidthMegabytesPerSecond,
        boolean sequentialFirst,
        Registration<StartRule, Void> startRule,
        long seed) {

    /**
     * P001's platform with OLB and AFCFS. The fields a user gives ({@code metasched gang}'s options, a sweep's
     * parameters) take their defaults from {@link GangParameters}, declared there once; the others are here.
     */
    public static final GangConfig DEFAULTS = new GangConfig(
            GangParameters.CLUSTERS.otherwise(),
            GangParameters.CLOCK.otherwise(),
            2000,
            GangParameters.DISPATCH.otherwise(),
            GangParameters.POLICY.otherwise(),
            TieBreak.RANDOM,
            0,
            1000,
            false,
            GangParameters.START_RULE.otherwise(),
            2019);

    public GangConfig {
        GangParameters.CLUSTERS.require(clusterProcessors);
        clusterProcessors = List.copyOf(clusterProcessors);
        checkSizes(clusterProcessors);
        if (clocks == null || dispatch == null || policy == null || tieBreak == null || startRule == null) {
            throw new InputFormatException("clocks, dispatcher, policy, tie-break and start rule must be given");
        }
        if (!(referenceClockMHz > 0) || Double.isInfinite(referenceClockMHz)) {
            throw new InputFormatException(
                    "reference clock: expected a positive rate in MHz, got " + referenceClockMHz);
        }
        if (!(latencyAlphaSeconds >= 0) || Double.isInfinite(latencyAlphaSeconds)) {
            throw new InputFormatException("latency alpha: expected seconds >= 0, got " + latencyAlphaSeconds);
        }
        if (!(bandwidthMegabytesPerSecond > 0)) {
            throw new InputFormatException("bandwidth: expected MB/s > 0, got " + bandwidthMegabytesPerSecond);
        }
    }

    /**
     * The most processors of a grid: every processor has its queue, its row in processors.csv and its clock, and the
     * dispatchers look at all of them for every job (2 x 10^6 processors replay examples/small.swf in about 30 s and
     * 1.7 GiB here).
     */
    public static final long MAX_PROCESSORS = 2_000_000;

    /** Memory a processor takes while a run keeps its state and records (measured as above). */
    private static final double BYTES_PER_PROCESSOR = 900;

    /**
     * Every size checked before any work (issue 22): the grid's processors against what they would allocate.
     *
     * @throws InputFormatException naming the clusters, the memory they would need and the limit
     */
    public static void checkSizes(List<Integer> clusterProcessors) {
        long total = 0;
        StringBuilder sizes = new StringBuilder();
        for (int m : clusterProcessors) {
            total += m;
            sizes.append(sizes.length() == 0 ? "" : ",").append(m);
        }
        Sizes.atMost(
                n -> n.apply("clusters") + " " + sizes,
                "processors",
                total,
                MAX_PROCESSORS,
                BYTES_PER_PROCESSOR,
                n -> "give fewer or smaller clusters");
    }

    /** Processors of cluster {@code c}. */
    public int clusterSize(int c) {
        return clusterProcessors.get(c);
    }

    /** Processors of all clusters. */
    public int totalProcessors() {
        int n = 0;
        for (int m : clusterProcessors) {
            n += m;
        }
        return n;
    }

    /** The largest cluster's size: a job with more tasks is rejected. */
    public int largestCluster() {
        int n = 0;
        for (int m : clusterProcessors) {
            n = Math.max(n, m);
        }
        return n;
    }

    public GangConfig withClusters(List<Integer> sizes) {
        return edit(b -> b.clusterProcessors = sizes);
    }

    public GangConfig withClocks(ClockModel c) {
        return edit(b -> b.clocks = c);
    }

    public GangConfig withDispatch(Registration<LocalDispatcher, Void> d) {
        return edit(b -> b.dispatch = d);
    }

    public GangConfig withPolicy(Registration<GangPolicy, Void> p) {
        return edit(b -> b.policy = p);
    }

    public GangConfig withTieBreak(TieBreak t) {
        return edit(b -> b.tieBreak = t);
    }

    public GangConfig withLatency(double alphaSeconds, double bandwidthMegabytesPerSecond) {
        return edit(b -> {
            b.latencyAlphaSeconds = alphaSeconds;
            b.bandwidthMegabytesPerSecond = bandwidthMegabytesPerSecond;
        });
    }

    public GangConfig withSequentialFirst(boolean first) {
        return edit(b -> b.sequentialFirst = first);
    }

    public GangConfig withStartRule(Registration<StartRule, Void> rule) {
        return edit(b -> b.startRule = rule);
    }

    public GangConfig withSeed(long s) {
        return edit(b -> b.seed = s);
    }

    /** A copy of this run with the fields {@code change} sets (each {@code with} method is one such change). */
    private GangConfig edit(Consumer<Copy> change) {
        Copy b = new Copy(this);
        change.accept(b);
        return b.build();
    }

    /** The fields of a run being copied; {@link #build} validates them as a new run. */
    private static final class Copy {
        private List<Integer> clusterProcessors;
        private ClockModel clocks;
        private double referenceClockMHz;
        private Registration<LocalDispatcher, Void> dispatch;
        private Registration<GangPolicy, Void> policy;
        private TieBreak tieBreak;
        private double latencyAlphaSeconds;
        private double bandwidthMegabytesPerSecond;
        private boolean sequentialFirst;
        private Registration<StartRule, Void> startRule;
        private long seed;

        Copy(GangConfig c) {
            clusterProcessors = c.clusterProcessors;
            clocks = c.clocks;
            referenceClockMHz = c.referenceClockMHz;
            dispatch = c.dispatch;
            policy = c.policy;
            tieBreak = c.tieBreak;
            latencyAlphaSeconds = c.latencyAlphaSeconds;
            bandwidthMegabytesPerSecond = c.bandwidthMegabytesPerSecond;
            sequentialFirst = c.sequentialFirst;
            startRule = c.startRule;
            seed = c.seed;
        }

        GangConfig build() {
            return new GangConfig(
                    clusterProcessors,
                    clocks,
                    referenceClockMHz,
                    dispatch,
                    policy,
                    tieBreak,
                    latencyAlphaSeconds,
                    bandwidthMegabytesPerSecond,
                    sequentialFirst,
                    startRule,
                    seed);
        }
    }
}
