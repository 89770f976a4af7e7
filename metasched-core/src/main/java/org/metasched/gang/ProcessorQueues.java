package org.metasched.gang;

import java.util.Arrays;

/**
 * The processors' queues of waiting tasks, for the {@link Grid}: per processor an array of tasks, its length, a
 * version that changes with every change and the queued tasks' processing and latency seconds (JSEQ's estimate),
 * and per task its place in its queue, so that removing a task is O(1) (or O(log n)), not a search.
 *
 * <p>Without ranks the order inside a queue carries no meaning: a task is appended, and a removed task's place
 * takes the last one. With ranks (a job's position in a {@link PriorityOrder} that does not change with time,
 * {@link PriorityOrder#ranks}) each queue is a binary min-heap by its tasks' jobs' ranks, so the queue's head under
 * that order is its first task ({@link #headJob}), kept in O(log n) per change instead of found by a scan. With
 * {@link KineticHeads} (an order that changes with time) the queues are in no order and the kinetic heads follow
 * every slot's change of a queue longer than {@link #SHORT}; a shorter one's head is a cached scan ({@link
 * #headJob(int, double)}).
 */
final class ProcessorQueues {
    /**
     * The most tasks a queue with kinetic heads has without keeping its tree (headJob scans it). KTH-SP2 lxf-m on 50+50
     * processors, 10 runs, --threads 1, mean of 4 alternating rounds against the scans' build (2598633c): 4 tasks
     * 1.063, 8 1.044, 16 1.034, 32 1.030, 64 1.038 of its wall; SDSC-BLUE 40,000 jobs lxf the same within 2 % from 4
     * to 32.
     */
    static final int SHORT = 16;

    private final int[] taskJob;
    private final int[] rank;
    private final KineticHeads kinetic;
    private final int[][] queue;
    private final int[] size;
    private final long[] version;
    private final int[] place;
    private final GangJobs jobs;
    private final double[] latencySeconds;
    private final double[] queuedProcessing;
    private final double[] queuedLatency;
    private final int[] scannedHead; // with kinetic heads, per short queue: its head by the last scan
    private final long[] scannedVersion; // the queue's version at that scan
    private final double[] scannedUntil; // the time before which that head holds (headValidUntil)

    /**
     * @param taskJob every task's job
     * @param rank every job's rank, or null for queues in no order
     * @param latencySeconds every job's latency
     */
    ProcessorQueues(int processors, int[] taskJob, int[] rank, GangJobs jobs, double[] latencySeconds) {
        this(processors, taskJob, rank, null, jobs, latencySeconds);
    }

    /**
     * With {@code kinetic} non-null (and {@code rank} null) the queues are in no order and {@code kinetic} keeps
     * their heads under its order, which may change with time ({@link #headJob(int, double)}).
     */
    ProcessorQueues(
            int processors, int[] taskJob, int[] rank, KineticHeads kinetic, GangJobs jobs, double[] latencySeconds) {
        if (rank != null && kinetic != null) {
            throw new IllegalArgumentException("queues kept by rank keep their heads themselves");
        }
        this.taskJob = taskJob;
        this.rank = rank;
        this.kinetic = kinetic;
        this.jobs = jobs;
        this.latencySeconds = latencySeconds;
        queuedProcessing = new double[processors];
        queuedLatency = new double[processors];
        queue = new int[processors][4];
        size = new int[processors];
        version = new long[processors];
        place = new int[taskJob.length];
        Arrays.fill(place, -1);
        scannedHead = new int[kinetic != null ? processors : 0];
        scannedVersion = new long[kinetic != null ? processors : 0];
        Arrays.fill(scannedVersion, -1);
        scannedUntil = new double[kinetic != null ? processors : 0];
    }

    /** The ranks the queues are ordered by, or null. */
    int[] ranks() {
        return rank;
    }

    int length(int p) {
        return size[p];
    }

    long version(int p) {
        return version[p];
    }

    /** The sum of the processing seconds of {@code p}'s queued tasks' jobs. */
    double processingSeconds(int p) {
        return queuedProcessing[p];
    }

    /** The sum of the latency seconds of {@code p}'s queued tasks' jobs. */
    double latencySeconds(int p) {
        return queuedLatency[p];
    }

    /** The {@code i}-th task of {@code p}'s queue, {@code 0 <= i < length(p)}. */
    int task(int p, int i) {
        return queue[p][i];
    }

    /** The job of least rank in {@code p}'s queue, -1 when it is empty; only with ranks. */
    int headJob(int p) {
        if (rank == null) {
            throw new IllegalStateException("queues without an order have no head");
        }
        return size[p] == 0 ? -1 : taskJob[queue[p][0]];
    }

    /** The kinetic heads the queues keep, or null. */
    KineticHeads kinetic() {
        return kinetic;
    }

    /**
     * The job heading {@code p}'s queue at {@code now} under the kinetic heads' order, -1 when it is empty. A queue of
     * at most {@link #SHORT} tasks keeps no tree: its head is found by a scan, kept until the queue changes or another
     * of its jobs may overtake it ({@link PriorityOrder#overtakeTime}, as {@link QueueHeads} does), which on a few
     * tasks costs less than the tree's upkeep. The tree is kept only while the queue is longer (below that its first
     * {@code SHORT} leaves may be stale, every other leaf being empty, and they are set again when the queue grows
     * past it).
     */
    int headJob(int p, double now) {
        if (kinetic == null) {
            return headJob(p);
        }
        int n = size[p];
        if (n <= 1) {
            return n == 0 ? -1 : taskJob[queue[p][0]];
        }
        if (n > SHORT) {
            return kinetic.head(p, now);
        }
        if (scannedVersion[p] == version[p] && now < scannedUntil[p]) {
            return scannedHead[p];
        }
        PriorityOrder order = kinetic.order();
        int[] q = queue[p];
        int best = taskJob[q[0]];
        for (int i = 1; i < n; i++) {
            int j = taskJob[q[i]];
            if (order.compare(j, best, now) < 0) {
                best = j;
            }
        }
        double until = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int j = taskJob[q[i]];
            if (j != best) {
                until = Math.min(until, order.overtakeTime(best, j, now));
            }
        }
        scannedHead[p] = best;
        scannedVersion[p] = version[p];
        // a bound not after now is looked at again at any later time, never at this one: the scan at now is exact
        scannedUntil[p] = Math.max(until, Math.nextUp(now));
        return best;
    }

    /**
     * After {@link #headJob(int, double)} at some time, with kinetic heads: a time before which {@code p}'s head
     * cannot change unless its queue does (+Infinity for a queue of at most one task).
     */
    double headValidUntil(int p) {
        int n = size[p];
        return n <= 1 ? Double.POSITIVE_INFINITY : n <= SHORT ? scannedUntil[p] : kinetic.validUntil(p);
    }

    /** Adds task {@code t}, queued nowhere, to {@code p}'s queue. */
    void add(int t, int p) {
        if (place[t] >= 0) {
            throw new IllegalStateException("task " + t + " is already queued");
        }
        int n = size[p];
        if (n == queue[p].length) {
            queue[p] = Arrays.copyOf(queue[p], 2 * n);
        }
        size[p] = n + 1;
        version[p]++;
        int j = taskJob[t];
        queuedProcessing[p] += jobs.processingSeconds(j);
        queuedLatency[p] += latencySeconds[j];
        if (rank == null) {
            set(queue[p], n, t);
            if (kinetic != null && n >= SHORT) { // a short queue keeps no tree (headJob)
                if (n == SHORT) {
                    for (int i = 0; i < SHORT; i++) {
                        kinetic.set(p, i, taskJob[queue[p][i]]); // not kept while the queue was short
                    }
                }
                kinetic.set(p, n, j);
            }
        } else {
            siftUp(queue[p], n, t);
        }
    }

    /** Removes task {@code t} from {@code p}'s queue. */
    void remove(int t, int p) {
        int i = place[t];
        int[] q = queue[p];
        int n = size[p];
        if (i < 0 || i >= n || q[i] != t) {
            throw new IllegalStateException("task " + t + " is not queued on processor " + p);
        }
        place[t] = -1;
        n--;
        size[p] = n;
        version[p]++;
        if (n == 0) {
            queuedProcessing[p] = 0; // exact zero, so rounding never accumulates across busy periods
            queuedLatency[p] = 0;
        } else {
            queuedProcessing[p] -= jobs.processingSeconds(taskJob[t]);
            queuedLatency[p] -= latencySeconds[taskJob[t]];
        }
        boolean tree = kinetic != null && n >= SHORT; // it had a tree: it is kept to the end of this change
        if (tree) {
            kinetic.set(p, n, -1); // the last slot empties; the last task, if not t, fills t's
        }
        if (i == n) {
            return;
        }
        int last = q[n];
        if (rank == null) {
            set(q, i, last);
            if (tree) {
                kinetic.set(p, i, taskJob[last]);
            }
        } else if (i > 0 && key(last) < key(q[(i - 1) >>> 1])) {
            siftUp(q, i, last);
        } else {
            siftDown(q, n, i, last);
        }
    }

    private int key(int t) {
        return rank[taskJob[t]];
    }

    private void set(int[] q, int i, int t) {
        q[i] = t;
        place[t] = i;
    }

    /** Puts {@code t} into the hole at {@code i}, moving it towards the root while its parent ranks after it. */
    private void siftUp(int[] q, int i, int t) {
        int k = key(t);
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (key(q[parent]) <= k) {
                break;
            }
            set(q, i, q[parent]);
            i = parent;
        }
        set(q, i, t);
    }

    /** Puts {@code t} into the hole at {@code i} of a heap of {@code n}, moving it down past smaller children. */
    private void siftDown(int[] q, int n, int i, int t) {
        int k = key(t);
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && key(q[child + 1]) < key(q[child])) {
                child++;
            }
            if (key(q[child]) >= k) {
                break;
            }
            set(q, i, q[child]);
            i = child;
        }
        set(q, i, t);
    }
}
