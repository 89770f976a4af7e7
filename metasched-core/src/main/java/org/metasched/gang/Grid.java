package org.metasched.gang;

import java.util.Arrays;

/**
 * The state of the multicluster (spec 5.1): per processor its clock, the task it runs and its queue; per job its
 * cluster, state and how many of its tasks sit on busy processors; per task its processor and times. Plain arrays;
 * the {@link GangSimulation} changes it through the package-private operations below, the decision functions
 * read it through {@link GridView}.
 *
 * <p>A job can start exactly when none of its tasks is queued on a busy processor ({@link #blockedTasks}). Each
 * cluster keeps its candidates ({@link StartCandidates}), so a scheduling pass looks only at jobs that may start,
 * and the candidates answer the count: a recount of the job's tasks, asked only about the few jobs that may start,
 * or (the reference path) a count per job kept up to date as processors start and end tasks (O(queue) each).
 */
final class Grid implements GridView {
    // job states (0, the initial value, is "not arrived") and migration kinds (0: none, as MigrationKind)
    static final byte WAITING = 1;
    static final byte RUNNING = 2;
    static final byte DONE = 3;
    static final byte REJECTED = 4;
    static final byte LOCAL = 1;
    static final byte EXTERNAL = 2;

    private final GangJobs jobs;
    private final int[] firstProcessor;
    private final int[] clusterOf;
    private final double[] clockMHz;
    private final double[] slowdown;
    private final double[] latencySeconds;
    private final int[] firstTask;
    private final int[] taskJob;

    // per processor
    private final int[] running;
    private final double[] busyUntil;
    private final ProcessorQueues queues;

    // per cluster
    private final int[] idle;
    private final long[] load;
    private final WaitingSizes waiting;
    private final StartCandidates candidates;

    // per job
    final byte[] state;
    final byte[] migrated;
    private final int[] cluster;
    private final int[] unfinished;
    final double[] start;
    final double[] end;

    // per task
    private final int[] taskProcessor;
    final double[] taskStart;
    final double[] taskEnd;

    /** A grid on the reference path (no heads kept, counts kept by walking queues) under the adapted rule. */
    Grid(GangJobs jobs, int[] clusterSizes, double[] clockMHz, double referenceClockMHz, double[] latencySeconds) {
        this(jobs, clusterSizes, clockMHz, referenceClockMHz, latencySeconds, null, StartRule.ADAPTED, true);
    }

    /**
     * Unless {@code reference}, the queues keep their heads under {@code order}: by its ranks when it does not change
     * with time, else in {@link KineticHeads}; {@code rule} chooses how the candidates are kept ({@link
     * StartCandidates}). The reference path keeps no heads and counts blocked tasks by walking queues, as the model
     * did before these structures (tests compare the two).
     */
    Grid(
            GangJobs jobs,
            int[] clusterSizes,
            double[] clockMHz,
            double referenceClockMHz,
            double[] latencySeconds,
            PriorityOrder order,
            StartRule rule,
            boolean reference) {
        this.jobs = jobs;
        int m = clusterSizes.length;
        firstProcessor = new int[m + 1];
        for (int c = 0; c < m; c++) {
            firstProcessor[c + 1] = firstProcessor[c] + clusterSizes[c];
        }
        int n = firstProcessor[m];
        if (clockMHz.length != n) {
            throw new IllegalArgumentException(n + " processors but " + clockMHz.length + " clock rates");
        }
        clusterOf = new int[n];
        for (int c = 0; c < m; c++) {
            Arrays.fill(clusterOf, firstProcessor[c], firstProcessor[c + 1], c);
        }
        this.clockMHz = clockMHz.clone();
        slowdown = new double[n];
        for (int p = 0; p < n; p++) {
            slowdown[p] = referenceClockMHz / clockMHz[p];
        }
        this.latencySeconds = latencySeconds;
        int jobCount = jobs.size();
        firstTask = new int[jobCount + 1];
        for (int j = 0; j < jobCount; j++) {
            firstTask[j + 1] = Math.addExact(firstTask[j], jobs.tasks(j));
        }
        int tasks = firstTask[jobCount];
        taskJob = new int[tasks];
        for (int j = 0; j < jobCount; j++) {
            Arrays.fill(taskJob, firstTask[j], firstTask[j + 1], j);
        }
        running = new int[n];
        Arrays.fill(running, -1);
        busyUntil = new double[n];
        int[] rank = reference || order == null ? null : order.ranks();
        KineticHeads kinetic = reference || order == null || rank != null ? null : new KineticHeads(n, order);
        queues = new ProcessorQueues(n, taskJob, rank, kinetic, jobs, latencySeconds);
        idle = clusterSizes.clone();
        load = new long[m];
        waiting = new WaitingSizes(clusterSizes);
        candidates = new StartCandidates(this, m, jobCount, n, rule, reference, rank != null, kinetic);
        state = new byte[jobCount];
        migrated = new byte[jobCount];
        cluster = new int[jobCount];
        Arrays.fill(cluster, -1);
        unfinished = new int[jobCount];
        start = new double[jobCount];
        end = new double[jobCount];
        taskProcessor = new int[tasks];
        Arrays.fill(taskProcessor, -1);
        taskStart = new double[tasks];
        taskEnd = new double[tasks];
    }

    // ---- operations (the model's) ----

    /** Job {@code j} arrives and is dispatched to cluster {@code c}; its tasks are queued next. */
    void dispatch(int j, int c) {
        state[j] = WAITING;
        cluster[j] = c;
        waiting.add(c, jobs.tasks(j));
    }

    /** Job {@code j} arrives and fits no cluster. */
    void reject(int j) {
        state[j] = REJECTED;
    }

    /** Appends task {@code t} of a waiting job to processor {@code p}'s queue (in the job's cluster). */
    void enqueue(int t, int p) {
        int j = taskJob[t];
        if (clusterOf[p] != cluster[j] || state[j] != WAITING || taskProcessor[t] != -1) {
            throw new IllegalStateException("task " + t + " of job " + jobs.id(j) + " cannot be queued on processor "
                    + p + " (cluster " + clusterOf[p] + ")");
        }
        queues.add(t, p);
        taskProcessor[t] = p;
        load[clusterOf[p]]++;
        candidates.queued(j, p);
    }

    /** Adds job {@code j} to its cluster's candidates if it waits and nothing blocks it (when kept by job). */
    void offerCandidate(int j) {
        candidates.offer(j);
    }

    /** Moves cluster {@code c}'s candidates that can still start at {@code now} into {@code out}; empties the list. */
    int takeCandidates(int c, int[] out, double now) {
        return candidates.take(c, out, now);
    }

    /** After a pass over the candidates {@code passed[0..n)}: those that did not start are kept as they need. */
    void passedCandidates(int[] passed, int n) {
        candidates.passed(passed, n);
    }

    /** Starts waiting job {@code j} at {@code now} on the processors holding its tasks, all idle. */
    void startJob(int j, double now) {
        if (state[j] != WAITING || blockedTasks(j) != 0) {
            throw new IllegalStateException("job " + jobs.id(j) + " cannot start at " + now + ": state " + state[j]
                    + ", " + blockedTasks(j) + " tasks on busy processors");
        }
        int c = cluster[j];
        for (int t = firstTask[j]; t < firstTask[j + 1]; t++) {
            int p = taskProcessor[t];
            if (running[p] >= 0) {
                throw new IllegalStateException(
                        "job " + jobs.id(j) + " would start on busy processor " + p + " at " + now);
            }
            running[p] = t; // first: its queue's change need not mark it (its end will)
            removeFromQueue(t, p);
            candidates.started(p);
            double e = now + serviceSeconds(j, p);
            busyUntil[p] = e;
            taskStart[t] = now;
            taskEnd[t] = e;
            idle[c]--;
            load[c]++;
        }
        candidates.jobStarted(j);
        state[j] = RUNNING;
        unfinished[j] = jobs.tasks(j);
        start[j] = now;
        waiting.remove(c, jobs.tasks(j));
    }

    /**
     * Processor {@code p}'s task ends at {@code now}; the jobs it blocked may become candidates.
     *
     * @return the task's job if this was its last task, else -1
     */
    int endTask(int p, double now) {
        int t = running[p];
        if (t < 0) {
            throw new IllegalStateException("processor " + p + " ends a task at " + now + " but runs none");
        }
        running[p] = -1;
        int c = clusterOf[p];
        idle[c]++;
        load[c]--;
        candidates.ended(p);
        int j = taskJob[t];
        if (--unfinished[j] == 0) {
            state[j] = DONE;
            end[j] = now;
            return j;
        }
        return -1;
    }

    /** Moves queued task {@code t} to the queue of processor {@code target} (a migration). */
    void moveTask(int t, int target) {
        int j = taskJob[t];
        int from = taskProcessor[t];
        int oldCluster = cluster[j];
        int newCluster = clusterOf[target];
        candidates.leaving(j, from);
        removeFromQueue(t, from);
        taskProcessor[t] = -1;
        if (newCluster != oldCluster) {
            waiting.remove(oldCluster, jobs.tasks(j));
            cluster[j] = newCluster;
            waiting.add(newCluster, jobs.tasks(j));
        }
        enqueue(t, target);
    }

    private void removeFromQueue(int t, int p) {
        queues.remove(t, p);
        load[clusterOf[p]]--;
        candidates.removed(p);
    }

    /** Jobs waiting per cluster, by size. */
    WaitingSizes waitingSizes() {
        return waiting;
    }

    /** The job heading {@code p}'s queue at {@code now} under the order the queues keep, -1 for an empty queue. */
    int headJob(int p, double now) {
        return queues.headJob(p, now);
    }

    /** After {@link #headJob}, with kinetic heads: a time before which {@code p}'s head cannot change by time alone. */
    double headValidUntil(int p) {
        return queues.headValidUntil(p);
    }

    /** Whether the queues keep their heads under {@code order} ({@link #headJob} then answers for it). */
    boolean keepsHeadsOf(PriorityOrder order) {
        int[] rank = queues.ranks();
        KineticHeads kinetic = queues.kinetic();
        return rank != null ? order.ranks() == rank : kinetic != null && kinetic.order() == order;
    }

    /** When processor {@code p}'s running task ends (meaningless when it is idle). */
    double busyUntil(int p) {
        return busyUntil[p];
    }

    /** The task processor {@code p} runs, or -1. */
    int runningTask(int p) {
        return running[p];
    }

    // ---- GridView ----

    @Override
    public GangJobs jobs() {
        return jobs;
    }

    @Override
    public int clusters() {
        return idle.length;
    }

    @Override
    public int clusterSize(int c) {
        return firstProcessor[c + 1] - firstProcessor[c];
    }

    @Override
    public int firstProcessor(int c) {
        return firstProcessor[c];
    }

    @Override
    public int clusterOf(int p) {
        return clusterOf[p];
    }

    @Override
    public double clockMHz(int p) {
        return clockMHz[p];
    }

    @Override
    public boolean busy(int p) {
        return running[p] >= 0;
    }

    @Override
    public int idleProcessors(int c) {
        return idle[c];
    }

    @Override
    public int smallestWaitingTasks(int c) {
        return waiting.smallest(c);
    }

    @Override
    public long loadTasks(int c) {
        return load[c];
    }

    @Override
    public int queueLength(int p) {
        return queues.length(p);
    }

    @Override
    public long queueVersion(int p) {
        return queues.version(p);
    }

    @Override
    public int queuedTask(int p, int i) {
        return queues.task(p, i);
    }

    @Override
    public double estimatedWorkSeconds(int p, double now) {
        double remaining = running[p] >= 0 ? busyUntil[p] - now : 0.0;
        return remaining + queues.processingSeconds(p) * slowdown[p] + queues.latencySeconds(p);
    }

    @Override
    public double serviceSeconds(int j, int p) {
        return jobs.processingSeconds(j) * slowdown[p] + latencySeconds[j];
    }

    @Override
    public int firstTask(int j) {
        return firstTask[j];
    }

    @Override
    public int taskJob(int t) {
        return taskJob[t];
    }

    @Override
    public int taskProcessor(int t) {
        return taskProcessor[t];
    }

    @Override
    public int jobCluster(int j) {
        return cluster[j];
    }

    @Override
    public boolean waiting(int j) {
        return state[j] == WAITING;
    }

    @Override
    public int blockedTasks(int j) {
        return candidates.blockedTasks(j);
    }
}
