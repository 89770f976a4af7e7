package org.metasched.gang;

/**
 * What the decision functions (dispatchers, migrations) may read of the grid's state (spec 5.1); read-only.
 * Processors are numbered globally, cluster by cluster: cluster {@code c} owns {@code firstProcessor(c) ..
 * firstProcessor(c) + clusterSize(c) - 1}. Tasks are numbered globally, job by job: job {@code j} owns {@code
 * firstTask(j) .. firstTask(j) + tasks(j) - 1}.
 */
public interface GridView {
    GangJobs jobs();

    int clusters();

    /** Processors of cluster {@code c} ({@code M_c}). */
    int clusterSize(int c);

    /** Global index of cluster {@code c}'s first processor. */
    int firstProcessor(int c);

    /** The cluster of processor {@code p}. */
    int clusterOf(int p);

    /** Clock rate of processor {@code p} in MHz. */
    double clockMHz(int p);

    /** True while processor {@code p} runs a task. */
    boolean busy(int p);

    /** Idle processors of cluster {@code c}. */
    int idleProcessors(int c);

    /** The fewest tasks of a job waiting in cluster {@code c}; {@code Integer.MAX_VALUE} when none waits. */
    int smallestWaitingTasks(int c);

    /** {@code sum over processors of (queued tasks + 1 if running)}: the numerator of {@code LC_c} (eq. 1). */
    long loadTasks(int c);

    /** Tasks waiting in processor {@code p}'s queue. */
    int queueLength(int p);

    /** Changes whenever processor {@code p}'s queue changes (to cache what depends on it). */
    long queueVersion(int p);

    /** The {@code i}-th task in processor {@code p}'s queue (the order inside a queue carries no meaning). */
    int queuedTask(int p, int i);

    /** JSEQ's estimate for processor {@code p}: remaining time of its running task plus its queued service. */
    double estimatedWorkSeconds(int p, double now);

    /** The service time of a task of job {@code j} on processor {@code p}: {@code pt f_ref / f_p + lat(j)}. */
    double serviceSeconds(int j, int p);

    /** Global index of job {@code j}'s first task. */
    int firstTask(int j);

    /** The job of task {@code t}. */
    int taskJob(int t);

    /** The processor whose queue holds task {@code t}, or that runs or ran it. */
    int taskProcessor(int t);

    /** The cluster job {@code j} was dispatched to, -1 before dispatch or when rejected. */
    int jobCluster(int j);

    /** True while job {@code j} is dispatched and not started. */
    boolean waiting(int j);

    /** Tasks of waiting job {@code j} queued on busy processors (0: every processor it needs is idle). */
    int blockedTasks(int j);
}
