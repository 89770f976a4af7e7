package org.metasched.gang;

import java.util.ArrayList;
import java.util.List;

/**
 * What one gang run produced: the summary metrics ({@link #summary()}), ART and AWT after the first k executed
 * jobs (the x axis of P001 Tables 3 and 4), utilization per interaction (Figures 13, 14), and the per-job,
 * per-task and per-migration records. Job and task records list accepted jobs in submit order.
 *
 * <p>On a trace whose first arrival is late enough to cost precision the model ran on a clock that starts at the
 * first arrival ({@link GangJobs#fromFirstArrival}): every metric is a difference of its times, and the records and
 * the summary keep that clock's times and its origin (their times on the trace's clock are the sums), so results
 * there are those on origin 0, shifted, and a writer can add the origin exactly.
 */
public final class GangResult {
    private final String run;
    private final GangJobs trace;
    private final double origin;
    private final int[] clusterSizes;
    private final Grid grid;
    private final GangTally tally;
    private final int[] completionOrder;
    private final int rejected;
    private final int localMigrations;
    private final int externalMigrations;
    private final MigrationLog migrations;
    private final double firstArrival;
    private final double lastCompletion;
    private final double firstStart;

    GangResult(
            String run,
            GangJobs trace,
            int[] clusterSizes,
            Grid grid,
            GangTally tally,
            int[] completionOrder,
            int rejected,
            int localMigrations,
            int externalMigrations,
            MigrationLog migrations) {
        this.run = run;
        this.trace = trace;
        // what the model's clock was shifted by (0 unless GangJobs.fromFirstArrival rebased it)
        this.origin =
                trace.size() == 0 ? 0 : trace.submitSeconds(0) - grid.jobs().submitSeconds(0);
        this.clusterSizes = clusterSizes;
        this.grid = grid;
        this.tally = tally;
        this.completionOrder = completionOrder;
        this.rejected = rejected;
        this.localMigrations = localMigrations;
        this.externalMigrations = externalMigrations;
        this.migrations = migrations;
        GangJobs jobs = grid.jobs();
        this.firstArrival = jobs.size() == 0 ? 0 : jobs.submitSeconds(0);
        double last = firstArrival;
        double first = Double.POSITIVE_INFINITY;
        for (int j : completionOrder) {
            last = Math.max(last, grid.end[j]);
            first = Math.min(first, grid.start[j]);
        }
        this.lastCompletion = last;
        this.firstStart = completionOrder.length == 0 ? firstArrival : first;
    }

    /** The jobs as given (their submit times on the trace's clock). */
    public GangJobs jobs() {
        return trace;
    }

    /** Jobs that ran. */
    public int executedJobs() {
        return completionOrder.length;
    }

    /** Jobs rejected by the grid dispatcher (larger than every cluster). */
    public int rejectedJobs() {
        return rejected;
    }

    /** ART over the first {@code k} executed jobs in completion order (ties in event order). */
    public double artSeconds(int k) {
        return mean(k, true);
    }

    /** AWT over the first {@code k} executed jobs in completion order. */
    public double awtSeconds(int k) {
        return mean(k, false);
    }

    private double mean(int k, boolean response) {
        if (k < 1 || k > completionOrder.length) {
            throw new IllegalArgumentException("k must be 1.." + completionOrder.length + ", got " + k);
        }
        double sum = 0;
        for (int i = 0; i < k; i++) {
            int j = completionOrder[i];
            sum += (response ? grid.end[j] : grid.start[j]) - grid.jobs().submitSeconds(j);
        }
        return sum / k;
    }

    /** The metrics of the whole run. */
    public GangSummary summary() {
        int n = completionOrder.length;
        int processors = 0;
        List<Integer> sizes = new ArrayList<>();
        for (int m : clusterSizes) {
            processors += m;
            sizes.add(m);
        }
        double span = lastCompletion - firstArrival;
        List<Double> perCluster = new ArrayList<>();
        for (int c = 0; c < clusterSizes.length; c++) {
            perCluster.add(percent(tally.lostCluster(c), clusterSizes[c], span));
        }
        double service = 0;
        double response = 0;
        double busy = 0;
        GangJobs jobs = grid.jobs();
        for (int j : completionOrder) {
            service += jobs.tasks(j) * (grid.end[j] - grid.start[j]);
            response += jobs.tasks(j) * (grid.end[j] - jobs.submitSeconds(j));
            for (int t = grid.firstTask(j); t < grid.firstTask(j + 1); t++) {
                busy += grid.taskEnd[t] - grid.taskStart[t];
            }
        }
        double makespan = n == 0 ? 0 : lastCompletion - firstStart;
        double capacity = makespan * processors;
        int moved = migrations.size();
        return new GangSummary(
                run,
                sizes,
                jobs.size(),
                n,
                rejected,
                n == 0 ? 0 : awtSeconds(n),
                n == 0 ? 0 : artSeconds(n),
                percent(tally.lostGrid(), processors, span),
                perCluster,
                percent(tally.lostClusterSum(), processors, span),
                capacity > 0 ? service / capacity : 0,
                capacity > 0 ? response / capacity : 0,
                capacity > 0 ? busy / capacity : 0,
                makespan,
                origin,
                firstArrival,
                lastCompletion,
                localMigrations,
                externalMigrations,
                moved);
    }

    private static double percent(double lost, int processors, double span) {
        return span > 0 ? 100.0 * lost / (processors * span) : 0.0;
    }

    /** The time of each interaction (arrival or job completion), in order. */
    public double[] interactionTimes() {
        double[] times = tally.sampleTimes();
        for (int i = 0; i < times.length; i++) {
            times[i] += origin;
        }
        return times;
    }

    /** The busy-processor fraction of the grid after each interaction (P001 Figures 13 and 14). */
    public double[] interactionUtilization() {
        return tally.sampleBusyFractions();
    }

    /** Clock rate of processor {@code processor} (0-based) of cluster {@code cluster}, MHz. */
    public double clockMHz(int cluster, int processor) {
        return grid.clockMHz(grid.firstProcessor(cluster) + processor);
    }

    /** Processors per cluster (a copy). */
    public int[] clusterSizes() {
        return clusterSizes.clone();
    }

    /** One record per accepted job, in submit order. */
    public List<GangJobRecord> jobRecords() {
        GangJobs jobs = trace;
        List<GangJobRecord> out = new ArrayList<>(completionOrder.length);
        for (int j = 0; j < jobs.size(); j++) {
            if (grid.state[j] != Grid.DONE) {
                continue;
            }
            out.add(new GangJobRecord(
                    jobs.id(j),
                    grid.jobCluster(j),
                    origin,
                    grid.jobs().submitSeconds(j),
                    grid.start[j],
                    grid.end[j],
                    jobs.tasks(j),
                    MigrationKind.values()[grid.migrated[j]]));
        }
        return out;
    }

    /** One record per task of every accepted job: job by job in submit order, tasks in order. */
    public List<GangTaskRecord> taskRecords() {
        GangJobs jobs = grid.jobs();
        List<GangTaskRecord> out = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            if (grid.state[j] != Grid.DONE) {
                continue;
            }
            int c = grid.jobCluster(j);
            int first = grid.firstProcessor(c);
            for (int k = 0; k < jobs.tasks(j); k++) {
                int t = grid.firstTask(j) + k;
                out.add(new GangTaskRecord(
                        jobs.id(j), k, c, grid.taskProcessor(t) - first, origin, grid.taskStart[t], grid.taskEnd[t]));
            }
        }
        return out;
    }

    /** Every task moved by a migration, in the order they moved. */
    public List<TaskMigration> migrations() {
        GangJobs jobs = grid.jobs();
        List<TaskMigration> out = new ArrayList<>(migrations.size());
        for (int i = 0; i < migrations.size(); i++) {
            int t = migrations.task(i);
            int j = grid.taskJob(t);
            int from = migrations.from(i);
            int to = migrations.to(i);
            int fc = grid.clusterOf(from);
            int tc = grid.clusterOf(to);
            out.add(new TaskMigration(
                    jobs.id(j),
                    t - grid.firstTask(j),
                    migrations.time(i) + origin,
                    migrations.external(i) ? MigrationKind.EXTERNAL : MigrationKind.LOCAL,
                    fc,
                    from - grid.firstProcessor(fc),
                    tc,
                    to - grid.firstProcessor(tc)));
        }
        return out;
    }

    /**
     * How long a task of job {@code j} (its index in {@link #jobs()}) runs on processor {@code processor} (0-based)
     * of cluster {@code cluster}: {@code pt f_ref / f + lat}, seconds.
     */
    public double serviceSeconds(int j, int cluster, int processor) {
        return grid.serviceSeconds(j, grid.firstProcessor(cluster) + processor);
    }
}
