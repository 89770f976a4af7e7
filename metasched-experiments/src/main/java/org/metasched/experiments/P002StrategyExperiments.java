package org.metasched.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.SlotList;
import org.metasched.window.CsaCriterion;
import org.metasched.window.CsaWindowSearch;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * Paper P002's experiments on one job (spec 3.10): the AEP strategies' windows (Figure 5) and
 * their working time (Figure 6). Every run draws its domain from its own stream, every strategy of a run searches
 * the same domain, and results are aggregated in run order, so the tables do not depend on the thread count. The
 * batch experiments are {@link P002BatchExperiments}.
 */
public final class P002StrategyExperiments {
    /** The AEP strategies of Figure 5, in the table's order. */
    public static final List<String> STRATEGIES =
            List.of("amp", "alp", "min-cost", "min-runtime", "min-finish", "min-proc-time", "csa");

    /** Figure 6: node counts (interval 600) and interval lengths (100 nodes). */
    public static final List<Integer> WORKING_TIME_NODES = List.of(50, 100, 200, 300, 400);

    public static final List<Integer> WORKING_TIME_INTERVALS = List.of(600, 1200, 1800, 2400, 3000, 3600);

    /** Section 6.1's job: 5 slots for 150 time units on the slowest node (V = 300), budget 1 500. */
    public static final ResourceRequest STRATEGY_JOB = new ResourceRequest(5, 300, 0, 1500, 0, 6);

    private P002StrategyExperiments() {}

    // ---------------------------------------------------------------- Figure 5

    /** Figure 5 columns. */
    public static final List<String> STRATEGY_COLUMNS =
            List.of("strategy", "start", "runtime", "finish", "processorTime", "cost", "runs");

    /**
     * Figure 5 (section 6.1): one job (n = 5, V = 300, C = 1 500; ALP's unit-price cap 6, the market price of a
     * mid-range node) on 100 nodes with 10-50 % local load over [0, 600], every strategy on the same domain. CSA is
     * judged per criterion (spec 3.10 v2): each column holds its best alternative on that column's criterion. {@code
     * runs} counts the cycles where the strategy found a window; the means are over those.
     */
    public static P002Table strategies(int runs, long seed, int threads, IntConsumer progress) {
        List<double[][]> results = Replications.run(runs, threads, r -> strategyRun(seed, r), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int s = 0; s < STRATEGIES.size(); s++) {
            Mean[] m = Mean.array(5);
            for (double[][] run : results) {
                for (int k = 0; k < 5; k++) {
                    m[k].add(run[s][k]);
                }
            }
            rows.add(List.of(
                    STRATEGIES.get(s), m[0].value(), m[1].value(), m[2].value(), m[3].value(), m[4].value(), (int)
                            m[0].count()));
        }
        return new P002Table(STRATEGY_COLUMNS, rows);
    }

    /** One cycle of {@link #strategies}: per strategy start, runtime, finish, processor time and cost (NaN: none). */
    public static double[][] strategyRun(long seed, int run) {
        SlotList slots = DomainGenerator.p002(100, 600)
                .generate(new RandomStreams(seed).stream("p002-strategies", run))
                .slots();
        double[][] out = new double[STRATEGIES.size()][];
        for (int s = 0; s < STRATEGIES.size(); s++) {
            if (STRATEGIES.get(s).equals("csa")) {
                out[s] = csaPerCriterion(slots);
                continue;
            }
            WindowSearch search =
                    WindowSearches.create(STRATEGIES.get(s), WindowSearches.DEFAULTS.withSeed(seed ^ run));
            out[s] = search.find(slots, STRATEGY_JOB, Geometry.ROUGH)
                    .map(P002StrategyExperiments::metrics)
                    .orElse(nanRow(5));
        }
        return out;
    }

    /** CSA's row of Figure 5: per column, the value of its best alternative on that column's criterion. */
    static double[] csaPerCriterion(SlotList slots) {
        List<Window> alternatives =
                new CsaWindowSearch(CsaCriterion.COST).alternatives(slots, STRATEGY_JOB, Geometry.ROUGH);
        if (alternatives.isEmpty()) {
            return nanRow(5);
        }
        CsaCriterion[] columns = {
            CsaCriterion.START, CsaCriterion.RUNTIME, CsaCriterion.FINISH, CsaCriterion.PROC_TIME, CsaCriterion.COST
        };
        double[] out = new double[columns.length];
        for (int k = 0; k < columns.length; k++) {
            out[k] = metrics(CsaWindowSearch.best(alternatives, columns[k]).orElseThrow())[k];
        }
        return out;
    }

    private static double[] metrics(Window w) {
        return new double[] {w.start(), w.runtime(), w.finish(), w.processorTime(), w.cost()};
    }

    // ---------------------------------------------------------------- Figure 6

    /** Figure 6 columns. */
    public static final List<String> WORKING_TIME_COLUMNS =
            List.of("strategy", "nodes", "interval", "meanMicros", "runs");

    /** The figure's points: node counts at interval 600, then intervals above 600 at 100 nodes. */
    public static List<int[]> workingTimePoints() {
        List<int[]> points = new ArrayList<>();
        for (int n : WORKING_TIME_NODES) {
            points.add(new int[] {n, 600});
        }
        for (int t : WORKING_TIME_INTERVALS) {
            if (t != 600) {
                points.add(new int[] {100, t});
            }
        }
        return points;
    }

    /**
     * Figure 6: the mean time of one search, per strategy and point, measured in this JVM with {@code
     * System.nanoTime} around each call (wall-clock: it varies from machine to machine and run to run, unlike
     * every other column of these tables). {@code runs} domains per point.
     */
    public static P002Table workingTime(int runs, long seed, int threads, IntConsumer progress) {
        List<int[]> points = workingTimePoints();
        List<double[]> results = Replications.run(
                runs * points.size(), threads, i -> workingTimeRun(seed, points.get(i / runs), i % runs), progress);
        List<List<Object>> rows = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            for (int s = 0; s < STRATEGIES.size(); s++) {
                Mean m = new Mean();
                for (double[] r : results.subList(p * runs, (p + 1) * runs)) {
                    m.add(r[s]);
                }
                rows.add(List.of(STRATEGIES.get(s), points.get(p)[0], points.get(p)[1], m.value() / 1e3, runs));
            }
        }
        return new P002Table(WORKING_TIME_COLUMNS, rows);
    }

    static double[] workingTimeRun(long seed, int[] point, int run) {
        SlotList slots = DomainGenerator.p002(point[0], point[1])
                .generate(new RandomStreams(seed).stream("p002-working-time-" + point[0] + "-" + point[1], run))
                .slots();
        double[] nanos = new double[STRATEGIES.size()];
        for (int s = 0; s < STRATEGIES.size(); s++) {
            WindowSearch search =
                    WindowSearches.create(STRATEGIES.get(s), WindowSearches.DEFAULTS.withSeed(seed ^ run));
            long t0 = System.nanoTime();
            search.find(slots, STRATEGY_JOB, Geometry.ROUGH);
            nanos[s] = System.nanoTime() - t0;
        }
        return nanos;
    }

    private static double[] nanRow(int n) {
        double[] d = new double[n];
        Arrays.fill(d, Double.NaN);
        return d;
    }
}
