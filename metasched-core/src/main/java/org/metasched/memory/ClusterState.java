package org.metasched.memory;

import java.util.Arrays;

/**
 * The state of the memory cluster in plain arrays: per core its designation, whether the designation is lent (the
 * shared pool: the core owns memory only while its job runs) and its job; per machine the designated memory and
 * idle cores; per class the pool, its idle cores and the FCFS queue (a ring buffer of power-of-two size, with the sum
 * of the queued jobs' arrival times so that W_k costs O(1)). Mutators are package-private and used by
 * {@link MemoryCluster}; they check the physical invariants (designated memory within R, a busy core keeps its
 * designation) and throw {@link IllegalStateException} when a decision breaks one.
 */
final class ClusterState implements ClusterView {
    private final int machines;
    private final int coresPerMachine;
    private final int memoryGiB;
    private final int[] classGiB;
    private final int[] jobClass;
    private final double[] arrival;

    private final int[] designation;
    private final boolean[] lent;
    private final int[] job;
    private final int[] machineGiB;
    private final int[] machineIdle;
    private final int[] pool;
    private final int[] idlePool;
    private int busyCores;
    private int usedGiB;

    private final int[][] queue;
    private final int[] head;
    private final int[] length;
    private final double[] arrivalSum;
    private double now;

    ClusterState(MemoryConfig c, MemoryWorkload w) {
        machines = c.machines();
        coresPerMachine = c.coresPerMachine();
        memoryGiB = c.memoryGiB();
        int k = c.classes();
        classGiB = new int[k + 1];
        for (int i = 1; i <= k; i++) {
            classGiB[i] = c.classesGiB().get(i - 1);
        }
        jobClass = w.memoryClasses();
        arrival = w.arrivals();
        int n = machines * coresPerMachine;
        designation = new int[n];
        lent = new boolean[n];
        job = new int[n];
        Arrays.fill(job, -1);
        machineGiB = new int[machines];
        machineIdle = new int[machines];
        Arrays.fill(machineIdle, coresPerMachine);
        pool = new int[k + 1];
        idlePool = new int[k + 1];
        pool[0] = n;
        idlePool[0] = n;
        queue = new int[k + 1][16];
        head = new int[k + 1];
        length = new int[k + 1];
        arrivalSum = new double[k + 1];
        now = Double.NEGATIVE_INFINITY;
    }

    void setNow(double t) {
        now = t;
    }

    /** Changes the designation of idle core {@code core} to {@code k}, checking the machine's memory. */
    void designate(int core, int k) {
        if (job[core] >= 0) {
            throw new IllegalStateException("core " + core + " runs job " + job[core] + ": its designation "
                    + designation[core] + " cannot change to " + k);
        }
        int old = designation[core];
        if (old == k) {
            return;
        }
        int m = core / coresPerMachine;
        machineGiB[m] += classGiB[k] - classGiB[old];
        pool[old]--;
        idlePool[old]--;
        pool[k]++;
        idlePool[k]++;
        designation[core] = k;
        lent[core] = false;
        if (machineGiB[m] > memoryGiB) {
            throw new IllegalStateException("machine " + m + " would own " + machineGiB[m] + " GiB, more than its "
                    + memoryGiB + " GiB, after core " + core + " is designated to class " + k);
        }
    }

    /** Starts job {@code j} of class {@code k} on idle core {@code core}, lending the memory if undesignated. */
    void occupy(int core, int j, int k) {
        if (job[core] >= 0) {
            throw new IllegalStateException("core " + core + " already runs job " + job[core] + ", cannot start " + j);
        }
        if (designation[core] == 0) {
            designate(core, k);
            lent[core] = true;
        } else if (designation[core] != k) {
            throw new IllegalStateException("core " + core + " is designated to class " + designation[core]
                    + ", cannot run job " + j + " of class " + k);
        }
        job[core] = j;
        machineIdle[core / coresPerMachine]--;
        idlePool[k]--;
        busyCores++;
        usedGiB += classGiB[k];
    }

    /** Ends the job on {@code core}; a lent designation is given back. Returns the job. */
    int release(int core) {
        int j = job[core];
        int k = designation[core];
        job[core] = -1;
        machineIdle[core / coresPerMachine]++;
        idlePool[k]++;
        busyCores--;
        usedGiB -= classGiB[k];
        if (lent[core]) {
            designate(core, 0);
        }
        return j;
    }

    void enqueue(int j) {
        int k = jobClass[j];
        int[] q = queue[k];
        if (length[k] == q.length) {
            int[] grown = new int[q.length * 2];
            for (int i = 0; i < length[k]; i++) {
                grown[i] = q[(head[k] + i) & (q.length - 1)];
            }
            queue[k] = grown;
            head[k] = 0;
            q = grown;
        }
        q[(head[k] + length[k]) & (q.length - 1)] = j;
        length[k]++;
        arrivalSum[k] += arrival[j];
    }

    /** Removes the head of queue {@code k}. */
    int dequeue(int k) {
        int[] q = queue[k];
        int j = q[head[k]];
        head[k] = (head[k] + 1) & (q.length - 1);
        length[k]--;
        // an empty queue restarts its sum at exactly 0, so rounding cannot pile up across busy periods
        arrivalSum[k] = length[k] == 0 ? 0 : arrivalSum[k] - arrival[j];
        return j;
    }

    /** The job on {@code core}, -1 if idle. */
    int jobOn(int core) {
        return job[core];
    }

    /** True if the designation of {@code core} lasts only while its job runs. */
    boolean lent(int core) {
        return lent[core];
    }

    @Override
    public int machines() {
        return machines;
    }

    @Override
    public int coresPerMachine() {
        return coresPerMachine;
    }

    @Override
    public int cores() {
        return designation.length;
    }

    @Override
    public int memoryGiB() {
        return memoryGiB;
    }

    @Override
    public int classes() {
        return classGiB.length - 1;
    }

    @Override
    public int classGiB(int k) {
        return classGiB[k];
    }

    @Override
    public int designation(int core) {
        return designation[core];
    }

    @Override
    public boolean busy(int core) {
        return job[core] >= 0;
    }

    @Override
    public int designatedGiB(int machine) {
        return machineGiB[machine];
    }

    @Override
    public int idleCores(int machine) {
        return machineIdle[machine];
    }

    @Override
    public int poolSize(int k) {
        return pool[k];
    }

    @Override
    public int idlePoolCores(int k) {
        return idlePool[k];
    }

    @Override
    public int busyCores() {
        return busyCores;
    }

    @Override
    public int usedMemoryGiB() {
        return usedGiB;
    }

    @Override
    public int queueLength(int k) {
        return length[k];
    }

    @Override
    public int queuedJob(int k, int position) {
        if (position < 0 || position >= length[k]) {
            throw new IndexOutOfBoundsException("queue " + k + " has " + length[k] + " jobs, no position " + position);
        }
        int[] q = queue[k];
        return q[(head[k] + position) & (q.length - 1)];
    }

    @Override
    public int jobClass(int j) {
        return jobClass[j];
    }

    @Override
    public double arrivalSeconds(int j) {
        return arrival[j];
    }

    @Override
    public double waitingSeconds(int k) {
        int n = length[k];
        // FCFS: the head arrived first; if it arrived now, every queued job did, and W_k is exactly 0
        if (n == 0 || arrival[queue[k][head[k]]] == now) {
            return 0;
        }
        return Math.max(0, n * now - arrivalSum[k]);
    }

    @Override
    public double now() {
        return now;
    }
}
