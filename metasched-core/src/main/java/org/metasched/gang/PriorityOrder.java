package org.metasched.gang;

/**
 * The total order of waiting jobs that a {@link QueuePolicy} defines: optionally sequential jobs first (the
 * {@code sequentialFirst} flag of spec 5.3), then the policy's key ascending, then arrival time, job id and job
 * index ascending. Sorting is a stable merge sort over int arrays (no boxing).
 *
 * <p>An order that does not change with time ({@link QueuePolicy#timeDependent} false: AFCFS, LJFS) is computed
 * once: every job gets its rank, its position in that total order (sorted with {@link #compareKeys}), and jobs
 * compare by rank, the same order by construction, on integers. A time-dependent order compares keys each time.
 */
public final class PriorityOrder {
    private final QueuePolicy policy;
    private final boolean sequentialFirst;
    private final GangJobs jobs;
    private int[] rank; // set once in the constructor, null for a time-dependent order
    private int[] scratch = new int[16];

    public PriorityOrder(QueuePolicy policy, boolean sequentialFirst, GangJobs jobs) {
        this.policy = policy;
        this.sequentialFirst = sequentialFirst;
        this.jobs = jobs;
        if (!policy.timeDependent()) {
            int n = jobs.size();
            int[] byOrder = new int[n];
            for (int j = 0; j < n; j++) {
                byOrder[j] = j;
            }
            sort(byOrder, n, 0.0); // rank is still null: by compareKeys; any time will do, the order is constant
            int[] r = new int[n];
            for (int i = 0; i < n; i++) {
                r[byOrder[i]] = i;
            }
            rank = r;
        }
    }

    public QueuePolicy policy() {
        return policy;
    }

    /**
     * The jobs' ranks when the order does not change with time ({@code compare(a, b, now)} is then {@code
     * Integer.compare(rank[a], rank[b])}), else null. Package-private: the grid keeps its queues by them.
     */
    int[] ranks() {
        return rank;
    }

    /** Negative if job {@code a} is served before job {@code b} at {@code now}, positive if after, 0 if a == b. */
    public int compare(int a, int b, double now) {
        if (rank != null) {
            return Integer.compare(rank[a], rank[b]);
        }
        return compareKeys(a, b, now);
    }

    /** {@link #compare} from the keys and tie-breaks themselves (the definition; the ranks are computed by it). */
    int compareKeys(int a, int b, double now) {
        if (a == b) {
            return 0;
        }
        if (sequentialFirst) {
            boolean sa = jobs.tasks(a) == 1;
            boolean sb = jobs.tasks(b) == 1;
            if (sa != sb) {
                return sa ? -1 : 1;
            }
        }
        int c = Double.compare(policy.priorityKey(jobs, a, now), policy.priorityKey(jobs, b, now));
        if (c != 0) {
            return c;
        }
        c = Double.compare(jobs.submitSeconds(a), jobs.submitSeconds(b));
        if (c != 0) {
            return c;
        }
        c = Long.compare(jobs.id(a), jobs.id(b));
        return c != 0 ? c : Integer.compare(a, b);
    }

    /**
     * A time before which job {@code other} cannot be served before job {@code first}, which is served first at
     * {@code now}; {@code +Infinity} for orders that do not change with time.
     */
    public double overtakeTime(int first, int other, double now) {
        if (sequentialFirst && (jobs.tasks(first) == 1) != (jobs.tasks(other) == 1)) {
            return Double.POSITIVE_INFINITY;
        }
        return policy.overtakeTime(jobs, first, other, now);
    }

    /** Sorts job indices {@code a[0..n)} into service order at {@code now}. */
    public void sort(int[] a, int n, double now) {
        if (n < 2) {
            return;
        }
        if (n < 16) {
            for (int i = 1; i < n; i++) {
                int v = a[i];
                int k = i - 1;
                while (k >= 0 && compare(v, a[k], now) < 0) {
                    a[k + 1] = a[k];
                    k--;
                }
                a[k + 1] = v;
            }
            return;
        }
        if (scratch.length < n) {
            scratch = new int[Math.max(n, 2 * scratch.length)];
        }
        int[] tmp = scratch;
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n; lo += width << 1) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + (width << 1), n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    tmp[k++] = compare(a[j], a[i], now) < 0 ? a[j++] : a[i++];
                }
                while (i < mid) {
                    tmp[k++] = a[i++];
                }
                while (j < hi) {
                    tmp[k++] = a[j++];
                }
            }
            System.arraycopy(tmp, 0, a, 0, n);
        }
    }
}
