package org.metasched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;
import org.metasched.window.WindowSearches;

/**
 * Paper P000's Tables 2 and 3 (spec 2.7): conservative backfilling of a queue of N_Q jobs on 32 heterogeneous
 * nodes (performance U{2..16} by default, or U[2, 16]; idle; horizon 10 000) with the SSA scan under BFstart, BFfinish,
 * BFshort, PAST and CoP, every criterion on the same generated instance; jobs need n ~ U{1..8} nodes for a volume
 * V ~ U[60, 1200], budget unbounded. Table 2: all jobs queued at time 0, in generation order. Table 3: arrivals
 * r_j ~ U[0, M/2] where M is the instance's static BFfinish makespan, jobs taken in arrival order.
 *
 * <p>Instance r of queue length q draws from streams {@code nodes-q<q>}, {@code jobs-q<q>} and {@code
 * arrivals-q<q>}, replication r; results are averaged in replication order.
 */
public final class P000Experiment {
    /** The five criteria compared, in the paper's column order. */
    public static final List<String> CRITERIA = List.of("bf-start", "bf-finish", "bf-short", "past", "cop");

    /** The paper's queue lengths. */
    public static final List<Integer> QUEUE_LENGTHS = List.of(50, 100, 150, 200);

    /** P000 Table 2 (static queue): mean finish time per queue length, columns as {@link #CRITERIA}. */
    private static final double[][] PAPER_TABLE2 = {
        {318.8, 302.1, 298.8, 300.1, 298.0},
        {579.2, 555.0, 549.2, 556.1, 550.7},
        {836.8, 805.6, 796.8, 809.0, 800.6},
        {1112.0, 1072.7, 1060.3, 1083.3, 1072.2}
    };

    /** P000 Table 3 (arrivals). */
    private static final double[][] PAPER_TABLE3 = {
        {381.7, 375.4, 371.8, 371.8, 369.5},
        {672.5, 662.6, 656.9, 657.9, 653.4},
        {942.4, 922.6, 915.8, 921.0, 914.9},
        {1208.2, 1184.2, 1173.2, 1184.1, 1173.8}
    };

    /**
     * One experiment's parameters.
     *
     * @param arrivals false for Table 2, true for Table 3
     * @param runs independent instances per queue length (the paper: 2000)
     * @param seed master seed
     * @param queueLengths N_Q values
     * @param nodes domain size (the paper: 32)
     * @param horizon H1 (spec 2.3.1: 10 000)
     * @param integerPerformance node performance U{2..16} (true) or U[2, 16] (false); see docs/reproduction.md
     */
    public record Config(
            boolean arrivals,
            int runs,
            long seed,
            List<Integer> queueLengths,
            int nodes,
            double horizon,
            boolean integerPerformance) {
        public Config {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
            }
            if (nodes < 8) {
                throw new IllegalArgumentException("nodes must be >= 8 (jobs need up to 8), got " + nodes);
            }
            queueLengths = List.copyOf(queueLengths);
        }

        public static Config table2(int runs, long seed) {
            return new Config(false, runs, seed, QUEUE_LENGTHS, 32, 10_000, true);
        }

        public static Config table3(int runs, long seed) {
            return new Config(true, runs, seed, QUEUE_LENGTHS, 32, 10_000, true);
        }

        public Config withIntegerPerformance(boolean integer) {
            return new Config(arrivals, runs, seed, queueLengths, nodes, horizon, integer);
        }

        public String name() {
            return arrivals ? "p000-table3" : "p000-table2";
        }
    }

    /** One cell of the table: means over the runs of one queue length and criterion. */
    public record Row(
            int queueLength, String algorithm, double meanFinish, double meanCost, int runs, long unscheduled) {}

    private P000Experiment() {}

    /** The paper's value for a queue length and criterion, or NaN when it has none. */
    public static double paper(boolean arrivals, int queueLength, String algorithm) {
        int q = QUEUE_LENGTHS.indexOf(queueLength);
        int a = CRITERIA.indexOf(algorithm);
        if (q < 0 || a < 0) {
            return Double.NaN;
        }
        return (arrivals ? PAPER_TABLE3 : PAPER_TABLE2)[q][a];
    }

    /** Total number of instances the experiment runs (for progress reporting). */
    public static int instances(Config c) {
        return c.runs() * c.queueLengths().size();
    }

    /** Runs the experiment; {@code progress} receives 1 per finished instance, from worker threads. */
    public static List<Row> run(Config c, int threads, IntConsumer progress) {
        int qs = c.queueLengths().size();
        List<double[]> results = Replications.run(
                instances(c), threads, i -> instance(c, c.queueLengths().get(i / c.runs()), i % c.runs()), progress);
        int k = CRITERIA.size();
        List<Row> rows = new ArrayList<>(qs * k);
        for (int q = 0; q < qs; q++) {
            for (int a = 0; a < k; a++) {
                double finish = 0;
                double cost = 0;
                long unscheduled = 0;
                for (int r = 0; r < c.runs(); r++) {
                    double[] res = results.get(q * c.runs() + r);
                    finish += res[3 * a];
                    cost += res[3 * a + 1];
                    unscheduled += (long) res[3 * a + 2];
                }
                rows.add(new Row(
                        c.queueLengths().get(q),
                        CRITERIA.get(a),
                        finish / c.runs(),
                        cost / c.runs(),
                        c.runs(),
                        unscheduled));
            }
        }
        return rows;
    }

    /** A generated instance: the idle domain and the queue (with arrivals in Table 3). */
    public record Instance(ResourceDomain domain, List<ResourceRequest> queue) {}

    /** Generates instance {@code run} of queue length {@code queueLength}. */
    public static Instance generate(Config c, int queueLength, int run) {
        RandomStreams streams = new RandomStreams(c.seed());
        String suffix = "-q" + queueLength;
        ResourceDomain domain = new DomainGenerator(c.nodes(), 2, 16, c.horizon(), 0, 0, 0.2, c.integerPerformance())
                .generate(streams.stream("nodes" + suffix, run));
        UniformRandomProvider jobs = streams.stream("jobs" + suffix, run);
        List<ResourceRequest> queue = new ArrayList<>(queueLength);
        for (int j = 0; j < queueLength; j++) {
            int n = 1 + jobs.nextInt(8);
            double v = 60 + 1140 * jobs.nextDouble();
            queue.add(ResourceRequest.of(n, v));
        }
        if (c.arrivals()) {
            double makespan =
                    backfilling("bf-finish").schedule(domain.copy(), queue).makespan();
            UniformRandomProvider arrivals = streams.stream("arrivals" + suffix, run);
            List<ResourceRequest> arriving = new ArrayList<>(queueLength);
            for (ResourceRequest r : queue) {
                arriving.add(r.withArrival(makespan / 2 * arrivals.nextDouble()));
            }
            queue = arriving;
        }
        return new Instance(domain, queue);
    }

    /** The schedule one criterion makes of an instance (for Gantt charts and inspection). */
    public static WindowBackfilling.Schedule schedule(Config c, Instance instance, String criterion) {
        WindowBackfilling b = backfilling(criterion);
        ResourceDomain d = instance.domain().copy();
        return c.arrivals() ? b.scheduleByArrival(d, instance.queue()) : b.schedule(d, instance.queue());
    }

    /** One instance: {mean finish, mean cost, unscheduled} per criterion, flattened. */
    static double[] instance(Config c, int queueLength, int run) {
        Instance instance = generate(c, queueLength, run);
        double[] out = new double[3 * CRITERIA.size()];
        for (int a = 0; a < CRITERIA.size(); a++) {
            WindowBackfilling.Schedule s = schedule(c, instance, CRITERIA.get(a));
            out[3 * a] = s.meanFinish();
            out[3 * a + 1] = s.meanCost();
            out[3 * a + 2] = s.unscheduled();
        }
        return out;
    }

    private static WindowBackfilling backfilling(String criterion) {
        return new WindowBackfilling(WindowSearches.create(criterion), Geometry.COMMON);
    }
}
