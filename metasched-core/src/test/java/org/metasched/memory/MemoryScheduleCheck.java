package org.metasched.memory;

import java.util.Arrays;
import java.util.List;
import org.metasched.model.Tolerance;

/**
 * Verifies a memory-cluster run against the invariants every policy must keep, from what the run writes: the
 * per-job records ({@code jobs.csv}), the time series ({@code timeseries.csv}) and, when available, the designation
 * log. Throws {@link AssertionError} naming the first violation. Times are compared with {@link Tolerance#EPS}
 * within the job records and exactly between records and series (write times so that they read back exactly, e.g.
 * with {@link Double#toString}).
 *
 * <ul>
 *   <li>every job completes once: ids unique, {@code submit <= start <= end}, wait and flowtime consistent, machine,
 *       core and class in range (and as many jobs as expected);
 *   <li>no core runs two jobs at once;
 *   <li>the memory of the jobs running on a machine never exceeds R;
 *   <li>each queue is served in FCFS order (per class, by submit time, ties in record order);
 *   <li>the series agrees with the records: at every row, busy cores, used memory and each queue are what the
 *       records say, each pool holds at least the cores running its class, pools fit the cores and the memory;
 *   <li>with the designation log: the designated memory of a machine never exceeds R, and a running job's core
 *       never changes pool (its core is designated to the job's class, or lent to it, for the whole run).
 * </ul>
 */
public final class MemoryScheduleCheck {
    private final int machines;
    private final int coresPerMachine;
    private final int memoryGiB;
    private final int[] classGiB;

    /** A checker for a cluster of this shape. */
    public MemoryScheduleCheck(int machines, int coresPerMachine, int memoryGiB, List<Integer> classesGiB) {
        this.machines = machines;
        this.coresPerMachine = coresPerMachine;
        this.memoryGiB = memoryGiB;
        this.classGiB = new int[classesGiB.size() + 1];
        for (int k = 1; k < classGiB.length; k++) {
            classGiB[k] = classesGiB.get(k - 1);
        }
    }

    /** Every check of a finished run, the FCFS order across classes too when its policy is {@code shared}. */
    public static void verify(MemoryCluster run, List<Integer> classesGiB) {
        MemoryScheduleCheck check =
                new MemoryScheduleCheck(run.machines(), run.coresPerMachine(), run.memoryGiB(), classesGiB);
        List<MemoryJobRecord> jobs = run.jobRecords();
        check.jobs(jobs, run.workload().size());
        check.series(jobs, run.timeSeries());
        check.designations(jobs, run.designations());
        if (run.policyName().equals(MemoryPolicy.SHARED.name())) {
            fcfsAcrossClasses(jobs);
        }
    }

    /** Checks the per-job records alone; {@code expectedJobs} < 0 skips the count. */
    public void jobs(List<MemoryJobRecord> jobs, int expectedJobs) {
        int n = jobs.size();
        if (expectedJobs >= 0 && n != expectedJobs) {
            throw new AssertionError(n + " job records, expected " + expectedJobs + " (every job completes once)");
        }
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            MemoryJobRecord r = jobs.get(i);
            ids[i] = r.id();
            if (!Tolerance.ge(r.startSeconds(), r.submitSeconds()) || !Tolerance.ge(r.endSeconds(), r.startSeconds())) {
                throw new AssertionError("job " + r.id() + ": submit " + r.submitSeconds() + ", start "
                        + r.startSeconds() + ", end " + r.endSeconds() + " are not in order");
            }
            if (r.machine() < 0 || r.machine() >= machines || r.core() < 0 || r.core() >= coresPerMachine) {
                throw new AssertionError("job " + r.id() + ": machine " + r.machine() + " core " + r.core()
                        + " outside " + machines + " x " + coresPerMachine);
            }
            if (r.memoryClass() < 1 || r.memoryClass() >= classGiB.length) {
                throw new AssertionError("job " + r.id() + ": class " + r.memoryClass());
            }
        }
        Arrays.sort(ids);
        for (int i = 1; i < n; i++) {
            if (ids[i] == ids[i - 1]) {
                throw new AssertionError("job " + ids[i] + " appears twice (every job completes once)");
            }
        }
        oneJobPerCore(jobs);
        machineMemory(jobs);
        for (int k = 1; k < classGiB.length; k++) {
            fcfs(jobs, k);
        }
    }

    private void oneJobPerCore(List<MemoryJobRecord> jobs) {
        Integer[] order = order(jobs.size());
        Arrays.sort(order, (a, b) -> {
            MemoryJobRecord x = jobs.get(a);
            MemoryJobRecord y = jobs.get(b);
            int c = Integer.compare(x.machine() * coresPerMachine + x.core(), y.machine() * coresPerMachine + y.core());
            c = c != 0 ? c : Double.compare(x.startSeconds(), y.startSeconds());
            // a zero-length job and a job starting at the same instant on one core: the zero-length one came first
            return c != 0 ? c : Double.compare(x.endSeconds(), y.endSeconds());
        });
        for (int i = 1; i < order.length; i++) {
            MemoryJobRecord p = jobs.get(order[i - 1]);
            MemoryJobRecord q = jobs.get(order[i]);
            if (p.machine() == q.machine() && p.core() == q.core() && Tolerance.lt(q.startSeconds(), p.endSeconds())) {
                throw new AssertionError(
                        "machine " + p.machine() + " core " + p.core() + " runs job " + p.id() + " [" + p.startSeconds()
                                + ", " + p.endSeconds() + ") and job " + q.id() + " from " + q.startSeconds());
            }
        }
    }

    private void machineMemory(List<MemoryJobRecord> jobs) {
        // sweep keys per machine: ends before starts at one time
        int n = jobs.size();
        Integer[] order = order(2 * n);
        Arrays.sort(order, (a, b) -> {
            MemoryJobRecord x = jobs.get(a >> 1);
            MemoryJobRecord y = jobs.get(b >> 1);
            int c = Integer.compare(x.machine(), y.machine());
            if (c != 0) {
                return c;
            }
            double tx = (a & 1) == 0 ? x.endSeconds() : x.startSeconds();
            double ty = (b & 1) == 0 ? y.endSeconds() : y.startSeconds();
            c = Double.compare(tx, ty);
            return c != 0 ? c : Integer.compare(a & 1, b & 1);
        });
        int machine = -1;
        int used = 0;
        for (int e : order) {
            MemoryJobRecord r = jobs.get(e >> 1);
            if (r.machine() != machine) {
                machine = r.machine();
                used = 0;
            }
            used += ((e & 1) == 1 ? 1 : -1) * classGiB[r.memoryClass()];
            if (used > memoryGiB) {
                throw new AssertionError("machine " + machine + " runs jobs needing " + used + " GiB at "
                        + r.startSeconds() + ", more than its " + memoryGiB + " GiB");
            }
        }
    }

    private static void fcfs(List<MemoryJobRecord> jobs, int k) {
        Integer[] order = order(jobs.size());
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(jobs.get(a).submitSeconds(), jobs.get(b).submitSeconds());
            return c != 0 ? c : Integer.compare(a, b);
        });
        double lastStart = Double.NEGATIVE_INFINITY;
        long lastId = 0;
        for (int i : order) {
            MemoryJobRecord r = jobs.get(i);
            if (k > 0 && r.memoryClass() != k) {
                continue;
            }
            if (Tolerance.lt(r.startSeconds(), lastStart)) {
                throw new AssertionError((k > 0 ? "queue " + k : "the shared queue") + " is not FCFS: job " + r.id()
                        + " starts at " + r.startSeconds() + ", before job " + lastId + " (start " + lastStart
                        + "), which arrived earlier");
            }
            lastStart = r.startSeconds();
            lastId = r.id();
        }
    }

    /** The {@code shared} policy's stronger order: jobs start in arrival order across all classes. */
    public static void fcfsAcrossClasses(List<MemoryJobRecord> jobs) {
        fcfs(jobs, 0);
    }

    private static Integer[] order(int n) {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        return order;
    }

    /** Checks the series on its own and against the per-job records. */
    public void series(List<MemoryJobRecord> jobs, MemoryTimeSeries series) {
        SeriesCheck.check(jobs, series, machines, coresPerMachine, memoryGiB, classGiB);
    }

    /** Replays the designation log against the records. */
    public void designations(List<MemoryJobRecord> jobs, DesignationLog log) {
        SeriesCheck.designations(jobs, log, machines, coresPerMachine, memoryGiB, classGiB);
    }
}
