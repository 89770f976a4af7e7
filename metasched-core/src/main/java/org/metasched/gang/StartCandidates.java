package org.metasched.gang;

import java.util.Arrays;

/**
 * Per cluster, the jobs a scheduling pass must look at: a superset of those that can start, so a pass need not look
 * at every waiting job, and the count of a waiting job's tasks on busy processors ({@link #blockedTasks}). Three
 * ways to keep them, chosen when the grid is made:
 *
 * <ul>
 *   <li>By changed queue, for {@link StartRule#QUEUE_HEADS} on queues that keep their heads (in a time-independent
 *       order's ranks, or in {@link KineticHeads} for LXF): a job can start exactly when each of its processors is
 *       idle and has it at the head of its queue, and that can become true only through a change on one of those
 *       processors (a task queued or removed there, or its task ending) or, for an order that changes with time, a
 *       new head of an idle queue with the same tasks, which cannot happen before the time its kinetic heads give
 *       ({@link ProcessorQueues#headValidUntil}). So every change marks its processor, as does that time once it has
 *       come ({@link HeadExpiries}, for the idle processors whose heads a pass looked at), and a pass takes the heads
 *       of the marked processors that are idle (and unmarks them first, so changes during the pass count for the
 *       next): by induction over the passes of a cluster, every job that can start at a pass is among them, and a
 *       job that does not start need not be offered again. Three marks are left out, as they cannot matter: of a
 *       busy processor (its task's end marks it; a pass skips busy processors), of an empty queue (a task queued
 *       there marks it), and of a queue that was empty and gets a task (the task's job is then the only one it
 *       could make a head, and that job is offered at its arrival, or starts at once after a migration; so a pass
 *       takes an arriving job once rather than through each of its processors). Jobs are offered only so.
 *   <li>By watch, for {@link StartRule#ADAPTED}: a job can start exactly when none of its tasks sits on a busy
 *       processor. A waiting job that cannot start watches one busy processor of its own ({@link Watches}, {@link
 *       BusyMasks#busyProcessor}), and is offered when that processor's task ends, as is a job
 *       when it arrives. The pass looks again at each offered job: one that can start is a candidate, one that
 *       cannot watches a busy processor again, as does a candidate that did not start (an earlier one took a
 *       processor of its). So every waiting job either watches a busy processor, and cannot start, or is offered,
 *       and every job that can start at a pass is a candidate.
 *   <li>By counts, the reference the two above are checked against (and the grid of the worked examples): every
 *       job's count is kept as processors start and end tasks, walking their whole queues (O(queue) each); a job is
 *       offered when its count falls to 0 (or is 0 at arrival), and under {@link StartRule#QUEUE_HEADS} offered
 *       again when it does not start (it may head its queues later).
 * </ul>
 *
 * <p>Each way a pass starts exactly the jobs that can start at its beginning (which are disjoint: two jobs heading
 * the same queue are one, and under the adapted rule the pass starts them one by one in the policy's order, skipping
 * those an earlier one blocked), in the policy's order, so all three give the same schedule.
 *
 * <p>Except by counts, a job's count is a recount of its tasks, asked only about jobs that head an idle queue or are
 * offered (the candidates, the watchers and the jobs the migrations consider). A recount stays valid until a processor
 * of the job's cluster starts or ends a task or a task of the job moves, so the migrations, which ask again and
 * again between such changes, count each job once.
 */
final class StartCandidates {
    private final Grid grid;
    private final CandidateLists jobs;
    private final CandidateLists changed; // processors; null unless kept by changed queue
    private final int[] marked;
    private final HeadExpiries expiries; // null unless kept by changed queue with kinetic heads
    private final Watches watches; // null unless kept by watch
    private final BusyMasks masks; // null when kept by counts
    private final int[] blocked; // null unless kept by counts
    private final boolean reoffer;
    private final int[] recounted;
    private final long[] recountedAt;
    private final long[] taken; // by changed queue: per job the last take that took it
    private long takes;
    private final long[] busyChanges; // per cluster: its processors' starts and ends so far, from 1 (not by counts)

    /**
     * By changed queue when the rule is QUEUE_HEADS and the grid's queues keep their heads (by {@code rank} or in
     * {@code kinetic}), by watch when the rule is ADAPTED, by counts when {@code byCounts} (or neither applies).
     */
    StartCandidates(
            Grid grid,
            int clusters,
            int jobCount,
            int processors,
            StartRule rule,
            boolean byCounts,
            boolean rank,
            KineticHeads kinetic) {
        this.grid = grid;
        boolean byChangedQueue = !byCounts && rule == StartRule.QUEUE_HEADS && (rank || kinetic != null);
        boolean byWatch = !byCounts && rule == StartRule.ADAPTED;
        boolean counts = !byChangedQueue && !byWatch;
        this.jobs = new CandidateLists(clusters, jobCount);
        this.changed = byChangedQueue ? new CandidateLists(clusters, processors) : null;
        this.marked = byChangedQueue ? new int[processors] : null;
        this.taken = byChangedQueue ? new long[jobCount] : null;
        this.expiries = byChangedQueue && kinetic != null ? new HeadExpiries(processors) : null;
        this.watches = byWatch ? new Watches(jobCount, processors) : null;
        this.masks = counts ? null : new BusyMasks(grid, clusters, jobCount);
        this.blocked = counts ? new int[jobCount] : null;
        this.reoffer = counts && rule == StartRule.QUEUE_HEADS;
        this.recounted = counts ? null : new int[jobCount];
        this.recountedAt = counts ? null : new long[jobCount];
        this.busyChanges = counts ? null : new long[clusters];
        if (busyChanges != null) {
            Arrays.fill(busyChanges, 1);
        }
    }

    /** Whether they are kept by changed queue (then the pass offers nothing again). */
    boolean byChangedQueue() {
        return changed != null;
    }

    /**
     * Job {@code j} may start now (it arrived, or nothing blocks it any more). Every job whose tasks were queued is
     * offered (at its arrival) or starts in the same instant (after a migration): when kept by changed queue, a queue
     * that had no task is not marked when one comes (its only task is the offered job's), so a pass takes the job
     * instead of looking at each of its processors.
     */
    void offer(int j) {
        if (changed != null) {
            if (grid.waiting(j)) {
                jobs.offer(grid.jobCluster(j), j);
            }
        } else if (grid.waiting(j) && (watches != null || blocked[j] == 0)) {
            jobs.offer(grid.jobCluster(j), j);
        }
    }

    /** Task {@code t} of job {@code j} was queued on processor {@code p} (after the change). */
    void queued(int j, int p) {
        if (changed != null && grid.queueLength(p) > 1) {
            mark(p); // else j heads p's queue alone: j is offered or starts (offer)
        }
        if (masks != null) {
            masks.queued(j, p);
            recountedAt[j] = 0; // its tasks moved
        }
        if (blocked != null && grid.busy(p)) {
            blocked[j]++;
        }
    }

    /** Task of job {@code j} is about to leave the queue of processor {@code p} (a migration). */
    void leaving(int j, int p) {
        if (masks != null) {
            masks.leaving(j);
            recountedAt[j] = 0;
        }
        if (blocked != null && grid.busy(p)) {
            blocked[j]--;
        }
    }

    /** A task was removed from {@code p}'s queue (after the change). */
    void removed(int p) {
        if (changed != null) {
            mark(p);
        }
    }

    /** Processor {@code p} started a task (after the change). */
    void started(int p) {
        if (masks != null) { // not marked: it is busy (its end marks it)
            masks.busy(p, true);
            busyChanges[grid.clusterOf(p)]++;
        }
        if (blocked != null) {
            for (int i = 0; i < grid.queueLength(p); i++) {
                blocked[grid.taskJob(grid.queuedTask(p, i))]++;
            }
        }
    }

    /** Waiting job {@code j} started. */
    void jobStarted(int j) {
        if (masks != null) {
            masks.started(j);
        }
        if (watches != null) {
            watches.unwatch(j);
        }
    }

    /** Processor {@code p}'s task ended (after the change): the jobs it blocked may start. */
    void ended(int p) {
        if (changed != null) {
            mark(p);
        }
        if (masks != null) {
            masks.busy(p, false);
            busyChanges[grid.clusterOf(p)]++;
        }
        if (blocked != null) {
            for (int i = 0; i < grid.queueLength(p); i++) {
                int k = grid.taskJob(grid.queuedTask(p, i));
                if (--blocked[k] == 0) {
                    offer(k);
                }
            }
        } else if (watches != null) {
            for (int j = watches.release(p); j >= 0; j = watches.release(p)) {
                jobs.offer(grid.jobCluster(j), j);
            }
        }
    }

    /**
     * Marks {@code p} for the next pass of its cluster if it is idle and its queue is not empty: a busy processor is
     * marked when its task ends, an empty queue when a task is queued there, and a pass looks only at idle processors'
     * heads.
     */
    private void mark(int p) {
        if (!grid.busy(p) && grid.queueLength(p) > 0) {
            changed.offer(grid.clusterOf(p), p);
        }
    }

    /** Tasks of waiting job {@code j} queued on busy processors. */
    int blockedTasks(int j) {
        if (blocked != null) {
            return blocked[j];
        }
        if (!grid.waiting(j)) {
            return 0;
        }
        long at = busyChanges[grid.jobCluster(j)];
        if (recountedAt[j] == at) {
            return recounted[j];
        }
        int n = masks.blocked(j);
        recounted[j] = n;
        recountedAt[j] = at;
        return n;
    }

    /** Moves cluster {@code c}'s candidates that can still start at {@code now} into {@code out}; empties the lists. */
    int take(int c, int[] out, double now) {
        if (changed != null) {
            return takeHeads(c, out, now);
        }
        int n = jobs.drain(c, out);
        int k = 0;
        for (int i = 0; i < n; i++) {
            int j = out[i];
            if (!grid.waiting(j)) {
                continue;
            }
            if (watches != null) {
                int p = masks.busyProcessor(j);
                if (p < 0) {
                    out[k++] = j;
                } else {
                    watches.watch(j, p);
                }
            } else if (blockedTasks(j) == 0) {
                out[k++] = j;
            }
        }
        return k;
    }

    /** By changed queue: the offered jobs and the marked idle processors' heads that nothing blocks, each once. */
    private int takeHeads(int c, int[] out, double now) {
        while (expiries != null && expiries.due(now)) {
            mark(expiries.pop());
        }
        takes++;
        int k = 0;
        int offered = jobs.drain(c, out);
        for (int i = 0; i < offered; i++) {
            int j = out[i];
            if (grid.waiting(j) && taken[j] != takes && blockedTasks(j) == 0) {
                taken[j] = takes;
                out[k++] = j;
            }
        }
        int n = changed.drain(c, marked);
        for (int i = 0; i < n; i++) {
            int p = marked[i];
            int j = grid.busy(p) ? -1 : grid.headJob(p, now);
            if (j < 0) {
                continue;
            }
            if (expiries != null) {
                expiries.push(p, grid.headValidUntil(p));
            }
            if (taken[j] != takes && blockedTasks(j) == 0) {
                taken[j] = takes;
                out[k++] = j;
            }
        }
        return k;
    }

    /** After a pass over {@code passed[0..n)} (from {@link #take}): what the jobs that did not start need. */
    void passed(int[] passed, int n) {
        for (int i = 0; i < n; i++) {
            int j = passed[i];
            if (reoffer) {
                offer(j); // still idle everywhere but behind another job: next pass
            } else if (watches != null && grid.waiting(j)) {
                int p = masks.busyProcessor(j); // an earlier candidate took one of its processors
                if (p < 0) {
                    throw new IllegalStateException("job " + grid.jobs().id(j) + " could start but did not");
                }
                watches.watch(j, p);
            }
        }
    }
}
