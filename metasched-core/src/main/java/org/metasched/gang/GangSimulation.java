package org.metasched.gang;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.random.RandomStreams;
import org.metasched.sim.Model;
import org.metasched.sim.Simulation;
import org.metasched.sim.SimulationObserver;

/**
 * The multicore multicluster gang model of P001 (spec 5.1-5.6) on the event engine. Start from {@link #run}.
 *
 * <p>An arrival goes to the grid dispatcher ({@link LeastLoadedCluster}; a job larger than every cluster is
 * rejected and counted). A parallel job's tasks are queued on distinct processors of that cluster by the local
 * dispatcher; a sequential job follows {@link SequentialJobRule} and starts at once on an idle processor. At the
 * end of every instant (task ends first, then arrivals) the scheduling hierarchy runs: a pass of the queue policy
 * in every cluster (in the policy's order, a job starts when each of its tasks heads its processor's queue and
 * those processors are idle, D13 v2; under {@link StartRule#ADAPTED}, D13 v1, as soon as its processors are idle,
 * a job that cannot start being skipped); with migration, then {@link LocalMigration} in each cluster until it finds
 * nothing (a pass after each), then {@link ExternalMigration} until it finds nothing (passes after each). A task
 * runs {@code pt f_ref / f + alpha + z / rho} on its processor, which is released when that task ends; the job
 * completes with its last task.
 *
 * <p>Randomness: clock rates from stream {@code clocks}, dispatching (OLB shuffles, tie-breaks, sequential jobs'
 * clusters) from stream {@code dispatch}, both of replication {@code r} of the configuration's seed; so every
 * policy of replication r runs on the same processors.
 */
public final class GangSimulation implements Model<GangEvent> {
    private final GangJobs trace; // as given; the model runs on jobs, whose clock starts at the first arrival
    private final GangJobs jobs;
    private final Grid grid;
    private final int[] clusterSizes;
    private final LeastLoadedCluster gridDispatcher;
    private final LocalDispatcher localDispatcher;
    private final GangPolicy policy;
    private final PriorityOrder order;
    private final LocalMigration localMigration;
    private final ExternalMigration externalMigration;
    private final QueueHeads heads;
    private final boolean gridHeads; // the grid's queues keep their heads under the order (else the heads scan)
    private final StartRule startRule;
    private final UniformRandomProvider rng;
    private final GangTally tally;
    private final String description;
    private final int[] placement;
    private final int[] passBuffer;
    private final int[] completionOrder;
    private int completed;
    private int rejected;
    private int interactions;
    private int localMigrations;
    private int externalMigrations;
    private final MigrationLog migrations = new MigrationLog();
    private double now;

    GangSimulation(
            GangJobs jobs,
            int[] clusterSizes,
            double[] clockMHz,
            double referenceClockMHz,
            double[] latencySeconds,
            LeastLoadedCluster gridDispatcher,
            LocalDispatcher localDispatcher,
            GangPolicy policy,
            boolean sequentialFirst,
            StartRule startRule,
            UniformRandomProvider rng,
            String description) {
        this(
                jobs,
                clusterSizes,
                clockMHz,
                referenceClockMHz,
                latencySeconds,
                gridDispatcher,
                localDispatcher,
                policy,
                sequentialFirst,
                startRule,
                rng,
                description,
                false);
    }

    GangSimulation(
            GangJobs jobs,
            int[] clusterSizes,
            double[] clockMHz,
            double referenceClockMHz,
            double[] latencySeconds,
            LeastLoadedCluster gridDispatcher,
            LocalDispatcher localDispatcher,
            GangPolicy policy,
            boolean sequentialFirst,
            StartRule startRule,
            UniformRandomProvider rng,
            String description,
            boolean reference) {
        this.trace = jobs;
        this.jobs = jobs.fromFirstArrival();
        this.clusterSizes = clusterSizes.clone();
        this.order = new PriorityOrder(policy.queuePolicy(), sequentialFirst, this.jobs);
        this.grid = new Grid(
                this.jobs, clusterSizes, clockMHz, referenceClockMHz, latencySeconds, order, startRule, reference);
        this.gridDispatcher = gridDispatcher;
        this.localDispatcher = localDispatcher;
        this.policy = policy;
        this.heads = new QueueHeads(); // shared: both migrations look at the same heads
        this.gridHeads = grid.keepsHeadsOf(order);
        this.localMigration = new LocalMigration(heads);
        this.externalMigration = new ExternalMigration(heads);
        this.startRule = startRule;
        this.rng = rng;
        this.tally = new GangTally(clusterSizes);
        this.description = description;
        int largest = 0;
        for (int m : clusterSizes) {
            largest = Math.max(largest, m);
        }
        this.placement = new int[largest];
        this.passBuffer = new int[this.jobs.size()];
        this.completionOrder = new int[this.jobs.size()];
    }

    /** The model for replication {@code replication} of {@code config} (streams of the configuration's seed). */
    public static GangSimulation of(GangJobs jobs, GangConfig config, int replication) {
        return of(jobs, config, replication, false);
    }

    /**
     * With {@code reference}, on the path without kept heads, recounts or candidates by queue or watch: every
     * queue's head by a (cached) scan, every job's blocked count kept as processors start and end tasks (tests
     * compare the schedules of the two).
     */
    static GangSimulation of(GangJobs jobs, GangConfig config, int replication, boolean reference) {
        RandomStreams streams = new RandomStreams(config.seed());
        int m = config.clusterProcessors().size();
        int[] sizes = new int[m];
        for (int c = 0; c < m; c++) {
            sizes[c] = config.clusterSize(c);
        }
        double[] clocks = config.clocks()
                .draw(config.totalProcessors(), config.referenceClockMHz(), streams.stream("clocks", replication));
        double[] latency = new double[jobs.size()];
        for (int j = 0; j < latency.length; j++) {
            latency[j] = config.latencyAlphaSeconds() + jobs.sizeMegabytes(j) / config.bandwidthMegabytesPerSecond();
        }
        return new GangSimulation(
                jobs,
                sizes,
                clocks,
                config.referenceClockMHz(),
                latency,
                new LeastLoadedCluster(config.tieBreak()),
                config.dispatch().create(null),
                config.policy().create(null),
                config.sequentialFirst(),
                config.startRule().create(null),
                streams.stream("dispatch", replication),
                config.dispatch().name() + "/" + config.policy().name(),
                reference);
    }

    /** Runs replication {@code replication} of {@code config} on {@code jobs} to the end. */
    public static GangResult run(GangJobs jobs, GangConfig config, int replication) {
        return of(jobs, config, replication).run();
    }

    /** Runs the model to the end on a new engine: every accepted job starts and completes exactly once. */
    public GangResult run() {
        return run(null);
    }

    /** Runs with {@code observer} (may be null) watching the engine: tests check the state after every instant. */
    GangResult run(SimulationObserver<GangEvent> observer) {
        Simulation<GangEvent> engine = new Simulation<>(this);
        if (observer != null) {
            engine.addObserver(observer);
        }
        engine.run();
        return new GangResult(
                description,
                trace,
                clusterSizes,
                grid,
                tally,
                Arrays.copyOf(completionOrder, completed),
                rejected,
                localMigrations,
                externalMigrations,
                migrations);
    }

    @Override
    public void start(Simulation<GangEvent> sim) {
        if (jobs.size() > 0) {
            sim.schedule(jobs.submitSeconds(0), new JobArrived(0));
        }
    }

    @Override
    public void handle(GangEvent event, Simulation<GangEvent> sim) {
        now = sim.now();
        if (event instanceof TaskEnded ended) {
            if (grid.runningTask(ended.processor()) != ended.task()) {
                throw new IllegalStateException(
                        "processor " + ended.processor() + " does not run task " + ended.task() + " at " + now);
            }
            int j = grid.endTask(ended.processor(), now);
            if (j >= 0) {
                completionOrder[completed++] = j;
                interactions++;
            }
        } else if (event instanceof JobArrived arrived) {
            int j = arrived.job();
            if (j + 1 < jobs.size()) {
                sim.schedule(jobs.submitSeconds(j + 1), new JobArrived(j + 1));
            }
            interactions++;
            arrive(j, sim);
        } else {
            throw new IllegalStateException("unhandled event " + event);
        }
    }

    private void arrive(int j, Simulation<GangEvent> sim) {
        int s = jobs.tasks(j);
        int c = gridDispatcher.choose(grid, s, rng);
        if (c == LeastLoadedCluster.REJECT) {
            grid.reject(j);
            rejected++;
            return;
        }
        grid.dispatch(j, c);
        int t0 = grid.firstTask(j);
        if (s == 1) {
            int p = SequentialJobRule.choose(grid, c, now);
            grid.enqueue(t0, p);
            if (!grid.busy(p)) {
                start(j, sim);
            } else {
                grid.offerCandidate(j); // to watch its processor under the adapted rule (else nothing: it is blocked)
            }
            return;
        }
        localDispatcher.place(grid, c, s, now, rng, placement);
        for (int i = 0; i < s; i++) {
            grid.enqueue(t0 + i, placement[i]);
        }
        grid.offerCandidate(j);
    }

    @Override
    public void instantEnded(Simulation<GangEvent> sim) {
        int m = clusterSizes.length;
        for (int c = 0; c < m; c++) {
            pass(c, sim);
        }
        if (policy.migration()) {
            for (int c = 0; c < m; c++) {
                Migration move;
                while ((move = localMigration.decide(grid, c, order, now)) != null) {
                    apply(move, sim);
                    pass(c, sim);
                }
            }
            Migration move;
            while ((move = externalMigration.decide(grid, order, now)) != null) {
                apply(move, sim);
                for (int c = 0; c < m; c++) {
                    pass(c, sim);
                }
            }
        }
        tally.afterInstant(now, grid, interactions);
        interactions = 0;
    }

    /**
     * The policy pass of cluster {@code c}: start, in the policy's order, every job whose processors are idle and,
     * under {@link StartRule#QUEUE_HEADS}, that heads all their queues (the candidates that did not start are kept as
     * {@link StartCandidates} needs them). One sweep is the spec's "repeat until nothing
     * starts": a job that starts makes its processors busy, so no job behind it in those queues can start in the
     * same instant.
     */
    private void pass(int c, Simulation<GangEvent> sim) {
        int n = grid.takeCandidates(c, passBuffer, now);
        order.sort(passBuffer, n, now);
        boolean atHeads = startRule == StartRule.QUEUE_HEADS;
        for (int i = 0; i < n; i++) {
            int j = passBuffer[i];
            if (grid.waiting(j) && grid.blockedTasks(j) == 0 && (!atHeads || headsEveryQueue(j))) {
                start(j, sim);
            }
        }
        grid.passedCandidates(passBuffer, n);
    }

    /** Whether job {@code j} heads the queue of every processor holding one of its tasks. */
    boolean headsEveryQueue(int j) {
        for (int t = grid.firstTask(j); t < grid.firstTask(j) + jobs.tasks(j); t++) {
            int p = grid.taskProcessor(t);
            if ((gridHeads ? grid.headJob(p, now) : heads.head(grid, p, order, now)) != j) {
                return false;
            }
        }
        return true;
    }

    StartRule startRule() {
        return startRule;
    }

    private void apply(Migration move, Simulation<GangEvent> sim) {
        int j = move.job();
        if (!grid.waiting(j)) {
            throw new IllegalStateException("migration of job " + jobs.id(j) + ", which is not waiting, at " + now);
        }
        for (int i = 0; i < move.moves(); i++) {
            int t = move.task(i);
            int from = grid.taskProcessor(t);
            int to = move.target(i);
            if (grid.busy(to) || grid.taskJob(t) != j) {
                throw new IllegalStateException("migration of job " + jobs.id(j) + " to busy processor " + to);
            }
            migrations.add(t, from, to, now, move.external());
            grid.moveTask(t, to);
        }
        grid.migrated[j] = move.external() ? Grid.EXTERNAL : Grid.LOCAL;
        if (move.external()) {
            externalMigrations++;
        } else {
            localMigrations++;
        }
        start(j, sim);
    }

    private void start(int j, Simulation<GangEvent> sim) {
        grid.startJob(j, now);
        for (int t = grid.firstTask(j); t < grid.firstTask(j) + jobs.tasks(j); t++) {
            sim.schedule(grid.taskEnd[t], new TaskEnded(grid.taskProcessor(t), t));
        }
    }

    @Override
    public void finished(Simulation<GangEvent> sim) {
        for (int j = 0; j < jobs.size(); j++) {
            if (grid.state[j] != Grid.DONE && grid.state[j] != Grid.REJECTED) {
                throw new IllegalStateException(
                        "job " + jobs.id(j) + " never completed (state " + grid.state[j] + ") under " + description);
            }
        }
    }

    /** The cached queue heads and the order (tests compare them with full scans). */
    int cachedHead(int p) {
        return heads.head(grid, p, order, now);
    }

    /** The head by a scan that compares the policy's keys (not the ranks the order and the grid may keep). */
    int scannedHead(int p) {
        int best = -1;
        for (int i = 0; i < grid.queueLength(p); i++) {
            int j = grid.taskJob(grid.queuedTask(p, i));
            if (best < 0 || order.compareKeys(j, best, now) < 0) {
                best = j;
            }
        }
        return best;
    }

    /** The grid's state (tests inspect it). */
    Grid grid() {
        return grid;
    }
}
