package org.metasched.gang;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies a finished gang schedule from its records alone (what jobs.csv and tasks.csv hold), so the same checks
 * run on a result in memory and on files read back; throws {@link AssertionError} naming the first violation.
 * Times are compared with a tolerance (default {@value #DEFAULT_TOLERANCE_SECONDS} s, enough for times printed with
 * microseconds). The invariants (issue 11):
 *
 * <ul>
 *   <li>every task of a job starts at the same instant, on distinct processors of one cluster;
 *   <li>a processor runs one task at a time;
 *   <li>every accepted job completes exactly once (each task number 0..s-1 once) and each task's {@code end -
 *       start} is its service time on its processor (when the service times are given);
 *   <li>migration never moves a running task: each migration happens no later than the task's start, the moves of
 *       a task chain from queue to queue, and the last one ends where the task ran.
 * </ul>
 */
public final class GangScheduleCheck {
    /** The default tolerance for comparing times, in seconds. */
    public static final double DEFAULT_TOLERANCE_SECONDS = 1e-6;

    /** The service time of a task of job {@code job} on processor {@code processor} of cluster {@code cluster}. */
    @FunctionalInterface
    public interface ServiceTimes {
        double seconds(long job, int cluster, int processor);
    }

    private GangScheduleCheck() {}

    /** The service times of {@code r}'s run, by job id. */
    public static ServiceTimes serviceTimes(GangResult r) {
        GangJobs jobs = r.jobs();
        Map<Long, Integer> index = new HashMap<>();
        for (int j = 0; j < jobs.size(); j++) {
            index.putIfAbsent(jobs.id(j), j);
        }
        return (id, cluster, processor) -> {
            Integer j = index.get(id);
            if (j == null) {
                throw new AssertionError("no job " + id + " in this run");
            }
            return r.serviceSeconds(j, cluster, processor);
        };
    }

    /** Every check on a result in memory, with its exact service times. */
    public static void result(GangResult r) {
        List<GangTaskRecord> tasks = r.taskRecords();
        tasks(tasks, r.clusterSizes(), serviceTimes(r), DEFAULT_TOLERANCE_SECONDS);
        jobs(r.jobRecords(), tasks, DEFAULT_TOLERANCE_SECONDS);
        migrations(r.migrations(), tasks, r.jobRecords(), DEFAULT_TOLERANCE_SECONDS);
    }

    /**
     * The task invariants. {@code clusterSizes} (processors per cluster) and {@code service} may be null to skip
     * the range and service-time checks.
     */
    public static void tasks(List<GangTaskRecord> tasks, int[] clusterSizes, ServiceTimes service, double tol) {
        List<GangTaskRecord> byJob = new ArrayList<>(tasks);
        byJob.sort(Comparator.comparingLong(GangTaskRecord::job).thenComparingInt(GangTaskRecord::task));
        int i = 0;
        while (i < byJob.size()) {
            int k = i;
            GangTaskRecord first = byJob.get(i);
            List<Long> processors = new ArrayList<>();
            while (k < byJob.size() && byJob.get(k).job() == first.job()) {
                GangTaskRecord t = byJob.get(k);
                int expected = k - i;
                if (t.task() != expected) {
                    throw new AssertionError("job " + first.job() + ": task " + expected + " is "
                            + (t.task() < expected ? "listed twice" : "missing") + " (found task " + t.task() + ")");
                }
                if (t.cluster() != first.cluster()) {
                    throw new AssertionError("job " + first.job() + ": task " + t.task() + " ran in cluster "
                            + t.cluster() + ", task 0 in cluster " + first.cluster());
                }
                if (!near(t.startSeconds(), first.startSeconds(), tol)) {
                    throw new AssertionError("job " + first.job() + ": task " + t.task() + " starts at "
                            + t.startSeconds() + ", task 0 at " + first.startSeconds() + " (no gang start)");
                }
                if (clusterSizes != null
                        && (t.cluster() < 0
                                || t.cluster() >= clusterSizes.length
                                || t.processor() < 0
                                || t.processor() >= clusterSizes[t.cluster()])) {
                    throw new AssertionError("job " + first.job() + ": task " + t.task() + " on processor "
                            + t.processor() + " of cluster " + t.cluster() + ", which does not exist");
                }
                if (!(t.endSeconds() > t.startSeconds())) {
                    throw new AssertionError("job " + first.job() + ": task " + t.task() + " ends at " + t.endSeconds()
                            + ", not after its start " + t.startSeconds());
                }
                if (service != null) {
                    double st = service.seconds(t.job(), t.cluster(), t.processor());
                    if (!near(t.endSeconds() - t.startSeconds(), st, tol)) {
                        throw new AssertionError("job " + t.job() + ": task " + t.task() + " ran "
                                + (t.endSeconds() - t.startSeconds()) + " s on processor " + t.processor()
                                + " of cluster " + t.cluster() + ", its service time there is " + st + " s");
                    }
                }
                processors.add(((long) t.cluster() << 32) | t.processor());
                k++;
            }
            processors.sort(null);
            for (int a = 1; a < processors.size(); a++) {
                if (processors.get(a).equals(processors.get(a - 1))) {
                    throw new AssertionError("job " + first.job() + ": two tasks on processor "
                            + (processors.get(a) & 0xffffffffL) + " of cluster " + first.cluster());
                }
            }
            i = k;
        }
        oneTaskAtATime(tasks, tol);
    }

    private static void oneTaskAtATime(List<GangTaskRecord> tasks, double tol) {
        List<GangTaskRecord> byProcessor = new ArrayList<>(tasks);
        byProcessor.sort(Comparator.comparingInt(GangTaskRecord::cluster)
                .thenComparingInt(GangTaskRecord::processor)
                .thenComparingDouble(GangTaskRecord::startSeconds)
                .thenComparingDouble(GangTaskRecord::endSeconds));
        for (int i = 1; i < byProcessor.size(); i++) {
            GangTaskRecord a = byProcessor.get(i - 1);
            GangTaskRecord b = byProcessor.get(i);
            if (a.cluster() == b.cluster()
                    && a.processor() == b.processor()
                    && b.startSeconds() < a.endSeconds() - tol) {
                throw new AssertionError("processor " + b.processor() + " of cluster " + b.cluster() + " runs job "
                        + b.job() + " task " + b.task() + " from " + b.startSeconds() + " while job " + a.job()
                        + " task " + a.task() + " runs until " + a.endSeconds());
            }
        }
    }

    /** Each job record agrees with its tasks (cluster, size, gang start, completion) and starts after its submit. */
    public static void jobs(List<GangJobRecord> jobs, List<GangTaskRecord> tasks, double tol) {
        Map<Long, double[]> seen = new HashMap<>(); // job -> {count, cluster, start, max end}
        for (GangTaskRecord t : tasks) {
            double[] s = seen.computeIfAbsent(t.job(), x -> new double[] {0, t.cluster(), t.startSeconds(), 0});
            s[0]++;
            s[3] = Math.max(s[3], t.endSeconds());
        }
        Map<Long, Boolean> listed = new HashMap<>();
        for (GangJobRecord j : jobs) {
            if (listed.put(j.id(), Boolean.TRUE) != null) {
                throw new AssertionError("job " + j.id() + " is listed twice");
            }
            double[] s = seen.get(j.id());
            if (s == null || (int) s[0] != j.tasks()) {
                throw new AssertionError("job " + j.id() + " has " + j.tasks() + " tasks but "
                        + (s == null ? 0 : (int) s[0]) + " task records");
            }
            if ((int) s[1] != j.cluster()) {
                throw new AssertionError("job " + j.id() + " ran in cluster " + j.cluster() + ", its tasks in " + s[1]);
            }
            if (!near(j.startSeconds(), s[2], tol) || !near(j.endSeconds(), s[3], tol)) {
                throw new AssertionError("job " + j.id() + " runs " + j.startSeconds() + ".." + j.endSeconds()
                        + ", its tasks " + s[2] + ".." + s[3]);
            }
            if (j.startSeconds() < j.submitSeconds() - tol) {
                throw new AssertionError(
                        "job " + j.id() + " starts at " + j.startSeconds() + " before its submit " + j.submitSeconds());
            }
        }
        for (Long id : seen.keySet()) {
            if (!listed.containsKey(id)) {
                throw new AssertionError("tasks of job " + id + " but no job record");
            }
        }
    }

    /**
     * Migrations never move a running task: each move of a task happens no later than its start, leaves the queue
     * the previous move (if any) reached, stays in one cluster if local and changes cluster if external; the last
     * move ends where the task ran; a job that moved says so in its record.
     */
    public static void migrations(
            List<TaskMigration> migrations, List<GangTaskRecord> tasks, List<GangJobRecord> jobs, double tol) {
        Map<String, GangTaskRecord> byTask = new HashMap<>();
        for (GangTaskRecord t : tasks) {
            byTask.put(t.job() + "/" + t.task(), t);
        }
        Map<String, TaskMigration> last = new HashMap<>();
        Map<Long, MigrationKind> kinds = new HashMap<>();
        for (TaskMigration m : migrations) {
            String key = m.job() + "/" + m.task();
            GangTaskRecord t = byTask.get(key);
            if (t == null) {
                throw new AssertionError("migration of job " + m.job() + " task " + m.task() + ", which never ran");
            }
            if (m.timeSeconds() > t.startSeconds() + tol) {
                throw new AssertionError("job " + m.job() + " task " + m.task() + " moved at " + m.timeSeconds()
                        + " after it started at " + t.startSeconds());
            }
            boolean sameCluster = m.fromCluster() == m.toCluster();
            if ((m.kind() == MigrationKind.LOCAL) != sameCluster || m.kind() == MigrationKind.NONE) {
                throw new AssertionError("job " + m.job() + " task " + m.task() + ": a "
                        + m.kind().label() + " migration from cluster " + m.fromCluster() + " to cluster "
                        + m.toCluster());
            }
            TaskMigration before = last.put(key, m);
            if (before != null
                    && (before.toCluster() != m.fromCluster()
                            || before.toProcessor() != m.fromProcessor()
                            || m.timeSeconds() < before.timeSeconds() - tol)) {
                throw new AssertionError("job " + m.job() + " task " + m.task() + " moves from a queue it was not in");
            }
            kinds.merge(m.job(), m.kind(), (a, b) -> a == MigrationKind.EXTERNAL ? a : b);
        }
        for (Map.Entry<String, TaskMigration> e : last.entrySet()) {
            TaskMigration m = e.getValue();
            GangTaskRecord t = byTask.get(e.getKey());
            if (t.cluster() != m.toCluster() || t.processor() != m.toProcessor()) {
                throw new AssertionError("job " + m.job() + " task " + m.task() + " moved to processor "
                        + m.toProcessor() + " of cluster " + m.toCluster() + " but ran on processor "
                        + t.processor() + " of cluster " + t.cluster());
            }
        }
        for (GangJobRecord j : jobs) {
            MigrationKind k = kinds.getOrDefault(j.id(), MigrationKind.NONE);
            if (k != j.migrated()) {
                throw new AssertionError("job " + j.id() + " says migrated="
                        + j.migrated().label() + " but its tasks" + " moved " + k.label());
            }
        }
    }

    private static boolean near(double a, double b, double tol) {
        return Math.abs(a - b) <= tol + 1e-12 * Math.max(Math.abs(a), Math.abs(b));
    }
}
