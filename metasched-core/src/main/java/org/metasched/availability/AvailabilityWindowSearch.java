package org.metasched.availability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.metasched.model.Sizes;
import org.metasched.random.RandomStreams;

/**
 * Chooses the window most likely to really be there (paper P003, spec 4.3-4.5): a static selection (knapsack or a
 * greedy rule) at each start time a time scan visits, the best start time overall. Start from {@link #create}.
 */
public final class AvailabilityWindowSearch {
    private final AvailabilityStrategy strategy;
    private final AvailabilityOptions options;

    public AvailabilityWindowSearch(AvailabilityStrategy strategy, AvailabilityOptions options) {
        this.strategy = strategy;
        this.options = options;
    }

    /**
     * The search called {@code name} ({@link AvailabilityStrategy#names()}).
     *
     * @throws IllegalArgumentException naming the unknown name and the known ones
     */
    public static AvailabilityWindowSearch create(String name, AvailabilityOptions options) {
        AvailabilityStrategy s = AvailabilityStrategy.byName(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown strategy '" + name + "', expected one of "
                    + String.join(", ", AvailabilityStrategy.names()));
        }
        return new AvailabilityWindowSearch(s, options);
    }

    public String name() {
        return strategy.name();
    }

    public AvailabilityStrategy strategy() {
        return strategy;
    }

    public AvailabilityOptions options() {
        return options;
    }

    /**
     * Searches {@code domain}. A full scan needs every row of availabilities, so they are computed first, on all
     * cores when there are many ({@link AvailabilityTable#computeAllInParallel()}); a scan from starting points
     * computes only the rows it visits.
     */
    public AvailabilityWindow find(AvailabilityDomain domain, AvailabilityRequest request) {
        AvailabilityTable table = AvailabilityTable.of(domain, request);
        if (options.fullScan() && (long) table.candidates() * table.startTimes() >= PARALLEL_CELLS) {
            table.computeAllInParallel();
        }
        return find(table, request);
    }

    /**
     * The most start times a full scan takes, and the most evaluations a search from starting points may make: the
     * bounded full scan of examples/select-availability.json took 1.8 s over 10^7 start times here, so 10^8 is
     * about half a minute, and a static problem on many nodes takes longer.
     */
    public static final long MAX_START_TIMES = 100_000_000;

    /**
     * Memory a full scan keeps per start time with {@code candidates} candidate nodes: the row of availabilities
     * (16 + 8 x candidates bytes and its reference, 4) and, bounded, the upper bound (8), the visiting order (a
     * reference and a boxed offset, 20) and the sort's buffer (2). Measured: 576 MB live for 10^7 start times of 5
     * candidates before the bounds.
     */
    static double fullScanBytesPerStartTime(int candidates, boolean bounded) {
        return 20 + 8.0 * candidates + (bounded ? 30 : 0);
    }

    /**
     * Memory a search from starting points keeps per evaluation (an entry of its memo, about 72 bytes) or starting
     * point (its offset, and a drawn point's entry in the shuffle's map).
     */
    static final double BYTES_PER_EVALUATION = 100;

    /**
     * Fails before any work when the search of {@code domain} cannot finish in the heap or in reasonable time: a full
     * scan keeps a row of availabilities for every start time of the horizon ({@link #fullScanBytesPerStartTime});
     * a search from K starting points keeps what it evaluates, at most 3 per starting point and, for the gradient
     * walks, two every {@code step} start times of the horizon (a walk stops at the next starting point, but the
     * walks from both ends of a gap may climb into it).
     *
     * @param horizon where the horizon comes from, e.g. {@code "p.json: horizon"}
     * @throws InputFormatException (a {@link org.metasched.model.ParameterException}) naming the horizon, the need,
     *     the limit and the way out
     */
    public void requireFits(String horizon, AvailabilityDomain domain, AvailabilityRequest request) {
        long count = domain.startTimeCount();
        int candidates = 0;
        for (AvailabilityNode node : domain.nodes()) {
            if (node.node().performance() >= request.minPerformance()) {
                candidates++;
            }
        }
        String what = String.format(
                java.util.Locale.ROOT,
                "%s [%s, %s]",
                horizon,
                Sizes.count(domain.horizonStart()),
                Sizes.count(domain.horizonEnd()));
        if (options.fullScan()) {
            int m = candidates;
            Sizes.atMost(
                    n -> what + " (" + m + " candidate nodes, " + strategy.name() + " scanning every start time)",
                    "start times",
                    count,
                    MAX_START_TIMES,
                    fullScanBytesPerStartTime(candidates, options.bounded()),
                    n -> "give a shorter horizon or " + n.apply("start-points")
                            + " K (memory for the start times it evaluates, not for the horizon)");
            return;
        }
        int k = options.startPoints();
        int step = options.step();
        double evaluations = 3.0 * Math.min(k, count) + Math.ceil(2.0 * count / step);
        Sizes.atMost(
                n -> what + " (" + n.apply("start-points") + " " + k + ", " + n.apply("step") + " " + step
                        + ": up to 3 evaluations a starting point and, climbing, 2 every " + step + " start times)",
                "evaluations",
                evaluations,
                MAX_START_TIMES,
                BYTES_PER_EVALUATION,
                n -> "give a shorter horizon or a longer " + n.apply("step"));
        // the scan numbers start times with an int
        Sizes.atMost(what, "start times", count, Integer.MAX_VALUE, 0, "give a shorter horizon");
    }

    /** Node x start-time cells from which a full scan computes its availabilities in parallel. */
    static final long PARALLEL_CELLS = 20_000;

    /** Searches a prepared table (rows already computed are reused). */
    public AvailabilityWindow find(AvailabilityTable table, AvailabilityRequest request) {
        int m = table.candidates();
        int n = request.nodes();
        int count = table.startTimes();
        if (count == 0 || m < n) {
            return AvailabilityWindow.none(request.runtime(), 0);
        }
        StaticSelection selection = strategy.selection(options);
        double[] costs = table.costs();
        double budget = request.budget();
        int[] chosen = new int[n];
        int[] best = new int[n];
        double[] bestValue = {Double.NEGATIVE_INFINITY};
        int[] bestOffset = {-1};
        // the bounded scan revisits rows and keeps them; the others visit each start time once
        boolean keepRows = options.fullScan() && options.bounded();
        double[] buffer = new double[m];
        boolean[] exact = {true};
        // every scan answers with the greatest value, ties to the earliest offset: keep that set as it goes
        IntToDoubleFunction f = k -> {
            double[] row = keepRows ? table.at(k) : table.row(k, buffer);
            double v = selection.select(row, costs, m, n, budget, chosen);
            exact[0] &= selection.lastExact();
            if (!(v > 0)) {
                return 0;
            }
            if (v > bestValue[0] || (v == bestValue[0] && k < bestOffset[0])) {
                bestValue[0] = v;
                bestOffset[0] = k;
                System.arraycopy(chosen, 0, best, 0, n);
            }
            return v;
        };
        TimeScan.Result r;
        if (!options.fullScan()) {
            int[] starts = options.placement()
                    .points(count, options.startPoints(), new RandomStreams(options.seed()).stream("start-points"));
            r = TimeScan.fromStartPoints(count, starts, options.step(), f);
        } else if (options.bounded()) {
            r = TimeScan.fullBounded(count, upperBounds(table, n), k -> Arrays.equals(table.at(k), table.at(k - 1)), f);
        } else {
            r = TimeScan.full(count, f);
        }
        if (!r.found()) {
            return AvailabilityWindow.none(request.runtime(), r.evaluations(), exact[0]);
        }
        List<Integer> nodes = new ArrayList<>(n);
        double cost = 0;
        for (int c : best) {
            nodes.add(table.domainIndex(c));
            cost += costs[c];
        }
        return new AvailabilityWindow(
                true,
                table.firstStart() + r.offset(),
                request.runtime(),
                nodes,
                r.value(),
                cost,
                r.evaluations(),
                exact[0]);
    }

    /**
     * For every start time, the product of the n highest availabilities, inflated by the worst relative rounding
     * of an n-fold product: no selection's product can exceed it.
     */
    static double[] upperBounds(AvailabilityTable table, int n) {
        int count = table.startTimes();
        double[] bound = new double[count];
        int[] chosen = new int[n];
        double slack = 1 + 1e-12 + 4e-16 * n;
        for (int k = 0; k < count; k++) {
            double v = GreedySelection.topProbabilities(table.at(k), table.candidates(), n, chosen);
            bound[k] = v > 0 ? v * slack : 0;
        }
        return bound;
    }
}
