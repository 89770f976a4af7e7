package org.metasched.gang;

/**
 * External migration {@code m_e} (P001 Algorithm 9, spec 5.5), tried only after local migration found nothing in
 * every cluster. B = the jobs at the heads of idle processors' queues, over all clusters, that cannot start. The
 * one with the fewest tasks (then arrival, id) moves whole to another cluster with at least that many idle
 * processors: the one with the fewest idle (best fit, ties by index), onto its first idle processors by index, and
 * starts at once. If that job fits no other cluster, nothing moves. A decision function.
 */
public final class ExternalMigration {
    private final QueueHeads heads;

    public ExternalMigration() {
        this(new QueueHeads());
    }

    ExternalMigration(QueueHeads heads) {
        this.heads = heads;
    }

    /** The external migration at {@code now}, or null when none is possible. */
    public Migration decide(GridView grid, PriorityOrder order, double now) {
        if (!anyJobFitsElsewhere(grid)) {
            return null;
        }
        GangJobs jobs = grid.jobs();
        int job = -1;
        for (int c = 0; c < grid.clusters(); c++) {
            if (grid.idleProcessors(c) == 0) {
                continue;
            }
            int first = grid.firstProcessor(c);
            for (int p = first; p < first + grid.clusterSize(c); p++) {
                if (grid.busy(p)) {
                    continue;
                }
                int j = heads.head(grid, p, order, now);
                if (j >= 0 && (job < 0 || fewerTasks(jobs, j, job)) && grid.blockedTasks(j) > 0) { // count last
                    job = j;
                }
            }
        }
        if (job < 0) {
            return null;
        }
        int s = jobs.tasks(job);
        int target = -1;
        for (int c = 0; c < grid.clusters(); c++) {
            int free = grid.idleProcessors(c);
            if (c != grid.jobCluster(job) && free >= s && (target < 0 || free < grid.idleProcessors(target))) {
                target = c;
            }
        }
        if (target < 0) {
            return null;
        }
        int[] tasks = new int[s];
        int[] targets = new int[s];
        int p = grid.firstProcessor(target);
        for (int i = 0; i < s; i++) {
            while (grid.busy(p)) {
                p++;
            }
            tasks[i] = grid.firstTask(job) + i;
            targets[i] = p++;
        }
        return new Migration(job, true, tasks, targets);
    }

    /** Whether some cluster has as many idle processors as the smallest job waiting in another cluster. */
    private static boolean anyJobFitsElsewhere(GridView grid) {
        int m = grid.clusters();
        for (int target = 0; target < m; target++) {
            int free = grid.idleProcessors(target);
            for (int c = 0; c < m && free > 0; c++) {
                if (c != target && grid.smallestWaitingTasks(c) <= free) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean fewerTasks(GangJobs jobs, int a, int b) {
        int c = Integer.compare(jobs.tasks(a), jobs.tasks(b));
        return c != 0 ? c < 0 : earlier(jobs, a, b);
    }

    /** Arrival, then id, then index: the tie-break of both migrations. */
    static boolean earlier(GangJobs jobs, int a, int b) {
        int c = Double.compare(jobs.submitSeconds(a), jobs.submitSeconds(b));
        if (c != 0) {
            return c < 0;
        }
        c = Long.compare(jobs.id(a), jobs.id(b));
        return c != 0 ? c < 0 : a < b;
    }
}
