package org.metasched.memory;

/**
 * What a {@link MemoryProvisioner} or {@link MemoryDispatcher} may read of the cluster: its shape, every core's
 * designation and whether it runs a job, the pools, the queues and the clock. Read only; decisions go through
 * {@link MemoryDecisions}. Cores are numbered {@code machine * coresPerMachine + i}; classes 1..K, 0 meaning
 * undesignated.
 */
public interface ClusterView {
    int machines();

    int coresPerMachine();

    /** N * S. */
    int cores();

    /** R, the memory one machine's cores share. */
    int memoryGiB();

    /** K, the number of memory classes. */
    int classes();

    /** Memory of class {@code k} (1..K); 0 for {@code k = 0}. */
    int classGiB(int k);

    /** The class core {@code core} is designated to, 0 if none. */
    int designation(int core);

    /** True while the core runs a job. */
    boolean busy(int core);

    /** Memory owned by the designated cores of machine {@code machine}. */
    int designatedGiB(int machine);

    /** Idle cores of machine {@code machine}. */
    int idleCores(int machine);

    /** Cores designated to class {@code k} (pool k). */
    int poolSize(int k);

    /** Idle cores of pool {@code k}. */
    int idlePoolCores(int k);

    int busyCores();

    /** Memory of the running jobs. */
    int usedMemoryGiB();

    /** Jobs waiting in queue {@code k}. */
    int queueLength(int k);

    /** The job at {@code position} of queue {@code k} (0 = head), FCFS order. */
    int queuedJob(int k, int position);

    /** The class of job {@code job}. */
    int jobClass(int job);

    double arrivalSeconds(int job);

    /** W_k: the summed waiting time so far of the jobs in queue {@code k}. */
    double waitingSeconds(int k);

    /** The current instant. */
    double now();
}
