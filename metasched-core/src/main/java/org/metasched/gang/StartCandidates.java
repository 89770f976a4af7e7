package org.metasched.gang;

/**
 * Per cluster, the jobs a scheduling pass must look at: a superset of those that can start, so a pass need not look
 * at every waiting job. Two ways to keep them, chosen when the grid is made:
 *
 * <ul>
 *   <li>By job (the default): a job is offered when nothing blocks it any more ({@link Grid#blockedTasks} fell to
 *       0, or 0 at arrival); the pass takes every offered job that still waits unblocked, and under {@link
 *       StartRule#QUEUE_HEADS} offers again those that did not start (they may head their queues later).
 *   <li>By changed queue, for {@link StartRule#QUEUE_HEADS} on queues kept in a time-independent order's ranks: a
 *       job can start exactly when each of its processors is idle and has it at the head of its queue, and that
 *       can become true only through a change on one of those processors (a task queued or removed there, or its
 *       task ending). So every change marks its processor, and a pass takes the heads of the marked processors
 *       that are idle (and unmarks them first, so changes during the pass count for the next): by induction over
 *       the passes of a cluster, every job that can start at a pass is among them, and a job that does not start
 *       need not be offered again. Jobs are offered nothing else.
 * </ul>
 *
 * <p>Either way a pass starts exactly the jobs that can start at its beginning (which are disjoint: two jobs
 * heading the same queue are one), in the policy's order, so both give the same schedule.
 *
 * <p>Kept by changed queue, the grid does not count every job's tasks on busy processors as processors start and
 * end tasks (O(queue) each): it asks {@link #recountBlocked}, which counts one job's tasks, and is asked only
 * about jobs that head an idle queue (the candidates, and the jobs the migrations consider). A recount stays valid
 * until the next change on any processor (every change calls {@link #changed}, after it is made), so the
 * migrations, which ask again and again between changes, count each job once.
 */
final class StartCandidates {
    private final Grid grid;
    private final CandidateLists jobs;
    private final CandidateLists changed; // processors; null when kept by job
    private final int[] marked;
    private final int[] recounted;
    private final long[] recountedAt;
    private long changes = 1;

    /** By changed queue when the grid's queues are kept in ranks and the rule is QUEUE_HEADS, else by job. */
    StartCandidates(Grid grid, int clusters, int jobCount, int processors, StartRule rule) {
        this.grid = grid;
        boolean byChangedQueue = rule == StartRule.QUEUE_HEADS && grid.queueRanks() != null;
        this.jobs = new CandidateLists(clusters, jobCount);
        this.changed = byChangedQueue ? new CandidateLists(clusters, processors) : null;
        this.marked = byChangedQueue ? new int[processors] : null;
        this.recounted = byChangedQueue ? new int[jobCount] : null;
        this.recountedAt = byChangedQueue ? new long[jobCount] : null;
    }

    /** Whether they are kept by changed queue (then the pass offers nothing again). */
    boolean byChangedQueue() {
        return changed != null;
    }

    /** Job {@code j} may start now (it arrived, or nothing blocks it any more); ignored when kept by queue. */
    void offer(int j) {
        if (changed == null && grid.waiting(j) && grid.blockedTasks(j) == 0) {
            jobs.offer(grid.jobCluster(j), j);
        }
    }

    /** Processor {@code p}'s queue changed, or it started or ended a task; called after the change. */
    void changed(int p) {
        if (changed != null) {
            changed.offer(grid.clusterOf(p), p);
            changes++;
        }
    }

    /** Tasks of waiting job {@code j} queued on busy processors, counted (kept by changed queue only). */
    int recountBlocked(int j) {
        if (!grid.waiting(j)) {
            return 0;
        }
        if (recountedAt[j] == changes) {
            return recounted[j];
        }
        int n = 0;
        for (int t = grid.firstTask(j); t < grid.firstTask(j) + grid.jobs().tasks(j); t++) {
            int p = grid.taskProcessor(t);
            n += p >= 0 && grid.busy(p) ? 1 : 0; // -1: not queued yet
        }
        recounted[j] = n;
        recountedAt[j] = changes;
        return n;
    }

    /** Moves cluster {@code c}'s candidates that can still start into {@code out}; empties the lists. */
    int take(int c, int[] out) {
        if (changed != null) {
            int n = changed.drain(c, marked);
            for (int i = 0; i < n; i++) {
                int p = marked[i];
                int j = grid.busy(p) ? -1 : grid.headJob(p);
                if (j >= 0) {
                    jobs.offer(c, j);
                }
            }
        }
        int n = jobs.drain(c, out);
        int k = 0;
        for (int i = 0; i < n; i++) {
            int j = out[i];
            if (grid.waiting(j) && grid.blockedTasks(j) == 0) {
                out[k++] = j;
            }
        }
        return k;
    }
}
