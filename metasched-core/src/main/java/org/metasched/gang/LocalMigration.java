package org.metasched.gang;

/**
 * Local migration {@code m_l(C)} (P001 Algorithm 8, spec 5.5, reconstructed semantics). Let S be the idle
 * processors of the cluster and B the jobs at the heads of their queues that cannot start (some task on a busy
 * processor). For a job J of B, {@code inPlace(J)} are the processors of S holding a task of J, {@code need(J) =
 * s_J - |inPlace(J)|} the tasks on busy processors and {@code targets(J) = S \ inPlace(J)}. Among the jobs with
 * {@code need(J) <= |targets(J)|}, the one with the fewest tasks to move (then arrival, id) moves each task on a
 * busy processor to the unused target with the shortest queue (ties by index), and starts at once. Called until it
 * finds nothing. A decision function: it reads the grid and answers a {@link Migration} or null.
 */
public final class LocalMigration {
    private int[] idle = new int[0];
    private int[] blockedHeads = new int[0];
    private boolean[] used = new boolean[0];
    private final QueueHeads heads;

    public LocalMigration() {
        this(new QueueHeads());
    }

    LocalMigration(QueueHeads heads) {
        this.heads = heads;
    }

    /** The local migration in cluster {@code cluster} at {@code now}, or null when none is possible. */
    public Migration decide(GridView grid, int cluster, PriorityOrder order, double now) {
        if (grid.idleProcessors(cluster) < grid.smallestWaitingTasks(cluster)) {
            return null; // a candidate needs s_J <= |S|: no waiting job is that small
        }
        int s = idleProcessors(grid, cluster);
        if (s == 0) {
            return null;
        }
        GangJobs jobs = grid.jobs();
        int b = blockedHeads(grid, idle, s, order, now);
        int best = -1;
        for (int i = 0; i < b; i++) {
            int j = blockedHeads[i];
            int need = grid.blockedTasks(j);
            int targets = s - (jobs.tasks(j) - need);
            if (need > targets) {
                continue;
            }
            if (best < 0 || lessByNeed(grid, j, best)) {
                best = j;
            }
        }
        if (best < 0) {
            return null;
        }
        int need = grid.blockedTasks(best);
        int[] tasks = new int[need];
        int[] targets = new int[need];
        int first = grid.firstProcessor(cluster);
        int m = grid.clusterSize(cluster);
        if (used.length < m) {
            used = new boolean[m];
        }
        for (int t = grid.firstTask(best); t < grid.firstTask(best) + jobs.tasks(best); t++) {
            used[grid.taskProcessor(t) - first] = true; // its processors in place are not targets
        }
        int k = 0;
        for (int t = grid.firstTask(best); t < grid.firstTask(best) + jobs.tasks(best); t++) {
            if (!grid.busy(grid.taskProcessor(t))) {
                continue;
            }
            int target = -1;
            for (int i = 0; i < s; i++) {
                int p = idle[i];
                if (!used[p - first] && (target < 0 || grid.queueLength(p) < grid.queueLength(target))) {
                    target = p;
                }
            }
            used[target - first] = true;
            tasks[k] = t;
            targets[k++] = target;
        }
        for (int p = first; p < first + m; p++) {
            used[p - first] = false;
        }
        return new Migration(best, false, tasks, targets);
    }

    private static boolean lessByNeed(GridView grid, int a, int b) {
        int c = Integer.compare(grid.blockedTasks(a), grid.blockedTasks(b));
        return c != 0 ? c < 0 : ExternalMigration.earlier(grid.jobs(), a, b);
    }

    /** Fills {@code idle} with the cluster's idle processors in index order; returns how many. */
    private int idleProcessors(GridView grid, int cluster) {
        int first = grid.firstProcessor(cluster);
        int m = grid.clusterSize(cluster);
        if (idle.length < m) {
            idle = new int[m];
            blockedHeads = new int[m];
        }
        int s = 0;
        for (int p = first; p < first + m; p++) {
            if (!grid.busy(p)) {
                idle[s++] = p;
            }
        }
        return s;
    }

    /** The distinct jobs at the heads of the queues of {@code idle[0..s)} that cannot start; returns how many. */
    private int blockedHeads(GridView grid, int[] idle, int s, PriorityOrder order, double now) {
        int b = 0;
        for (int i = 0; i < s; i++) {
            int j = heads.head(grid, idle[i], order, now);
            if (j < 0 || grid.blockedTasks(j) == 0) {
                continue;
            }
            boolean seen = false;
            for (int k = 0; k < b && !seen; k++) {
                seen = blockedHeads[k] == j;
            }
            if (!seen) {
                blockedHeads[b++] = j;
            }
        }
        return b;
    }
}
