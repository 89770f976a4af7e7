package org.metasched.memory;

import org.metasched.model.Tolerance;

/**
 * The adaptive policy of paper P004 (spec 6.2-6.3, decision D19): pools start as the initial partition; whenever a
 * queue changes, the occupancy of every queue, {@code O_k = W_k * |Q_k|} (W_k the summed waiting time of its jobs),
 * is compared as a share {@code s_k = O_k / sum O} with the pool's share of the cores {@code c_k = |pool_k| / N*S};
 * the queue with the largest excess {@code e_k = s_k - c_k} (ties: larger O_k, then smaller k) gets one more core
 * if its excess is above the threshold TR.
 *
 * <p>One core per trigger: among all (machine, new valid configuration) that give pool theta at least one core,
 * take none from it and change only idle cores, the smallest of {@code (gain != 1, changed cores, sum of the donor
 * pools' e_k, machine)} wins (ties: the configuration that comes first). When no action is possible the request is
 * pending and retried when a job ends (Algorithm 2), pending classes in the order of their current excess.
 *
 * <p>DECISION (beyond D19): a pending request is re-validated at the job end: it is served only if its class's
 * excess is still above TR (or its pool is empty, below), and dropped otherwise. Spec 6.3 leaves open whether a
 * stale request still takes a core; serving it would take a core from a pool that may by then need it.
 *
 * <p>DECISION (liveness): a class with waiting jobs and no core at all gets one at the next queue change or job end
 * whatever TR says ({@link #rescueEmptyPool}).
 */
public final class OccupancyProvisioner implements MemoryProvisioner {
    private final double threshold;
    private final MachineConfigurations configurations;
    private final boolean[] pending;
    private final double[] occupancy;
    private final double[] share;
    private final double[] coreShare;
    private final double[] excess;
    private final int[] current;
    private final int[] busy;
    private final boolean[] tried;

    public OccupancyProvisioner(MemoryConfig c) {
        this.threshold = c.threshold();
        this.configurations = MachineConfigurations.of(c.coresPerMachine(), c.memoryGiB(), c.classesGiB());
        int k = c.classes() + 1;
        pending = new boolean[k];
        occupancy = new double[k];
        share = new double[k];
        coreShare = new double[k];
        excess = new double[k];
        current = new int[k];
        busy = new int[k];
        tried = new boolean[k];
    }

    @Override
    public int[] initialDesignations(ClusterView cluster) {
        return configurations.initialPartition(cluster.machines());
    }

    @Override
    public void queueChanged(ClusterView cluster, MemoryDecisions decisions) {
        int theta = evaluate(cluster);
        if (theta > 0 && Tolerance.gt(excess[theta], threshold)) {
            pending[theta] = !provision(theta, cluster, decisions);
        } else {
            rescueEmptyPool(cluster, decisions);
        }
    }

    @Override
    public void jobEnded(ClusterView cluster, int core, MemoryDecisions decisions) {
        int k = cluster.classes();
        boolean any = false;
        for (int i = 1; i <= k; i++) {
            tried[i] = false;
            any |= pending[i];
        }
        // provisionMet (nothing pending): the core stays in its pool (releaseCore); else serve the requests
        while (any) {
            evaluate(cluster);
            int theta = 0;
            for (int i = 1; i <= k; i++) {
                if (pending[i] && !tried[i] && (theta == 0 || before(i, theta))) {
                    theta = i;
                }
            }
            if (theta == 0) {
                break;
            }
            tried[theta] = true;
            pending[theta] = (Tolerance.gt(excess[theta], threshold) || starving(cluster, theta))
                    && !provision(theta, cluster, decisions);
        }
        rescueEmptyPool(cluster, decisions);
    }

    /** True if class {@code k} has waiting jobs and no core at all. */
    private static boolean starving(ClusterView cluster, int k) {
        return cluster.queueLength(k) > 0 && cluster.poolSize(k) == 0;
    }

    /**
     * DECISION (liveness, beyond D19): a class with waiting jobs and an empty pool gets a core whatever TR says
     * (the first such class in the order of {@link #before}). Pools start non-empty, but donations can empty one;
     * Algorithm 1 alone runs only when a queue changes, so without this rule the last jobs of a class whose pool
     * was emptied would wait forever once the other queues are empty (spec 6.2 edge case: "waits until
     * provisioning creates one").
     */
    private void rescueEmptyPool(ClusterView cluster, MemoryDecisions decisions) {
        int k = cluster.classes();
        int theta = 0;
        for (int i = 1; i <= k; i++) {
            if (starving(cluster, i)) {
                if (theta == 0) {
                    evaluate(cluster);
                }
                if (theta == 0 || before(i, theta)) {
                    theta = i;
                }
            }
        }
        if (theta > 0) {
            pending[theta] = !provision(theta, cluster, decisions);
        }
    }

    /**
     * Computes O_k, s_k, c_k and e_k for the cluster as it is now and returns theta, the class with the largest
     * excess (ties: larger occupancy, then smaller class), or 0 when every queue's occupancy is 0.
     */
    int evaluate(ClusterView cluster) {
        int k = cluster.classes();
        double total = 0;
        for (int i = 1; i <= k; i++) {
            occupancy[i] = cluster.waitingSeconds(i) * cluster.queueLength(i);
            total += occupancy[i];
        }
        if (total <= Tolerance.EPS) {
            for (int i = 1; i <= k; i++) {
                share[i] = 0;
                coreShare[i] = (double) cluster.poolSize(i) / cluster.cores();
                excess[i] = 0;
            }
            return 0;
        }
        int theta = 1;
        for (int i = 1; i <= k; i++) {
            share[i] = occupancy[i] / total;
            coreShare[i] = (double) cluster.poolSize(i) / cluster.cores();
            excess[i] = share[i] - coreShare[i];
            if (i > 1 && before(i, theta)) {
                theta = i;
            }
        }
        return theta;
    }

    /** True if class {@code a} goes before class {@code b}: larger excess, then larger occupancy, then smaller. */
    private boolean before(int a, int b) {
        if (!Tolerance.eq(excess[a], excess[b])) {
            return excess[a] > excess[b];
        }
        if (!Tolerance.eq(occupancy[a], occupancy[b])) {
            return occupancy[a] > occupancy[b];
        }
        return a < b;
    }

    /** Applies the best action giving pool {@code theta} a core; false when there is none (spec 6.2). */
    private boolean provision(int theta, ClusterView cluster, MemoryDecisions decisions) {
        int s = cluster.coresPerMachine();
        int k = cluster.classes();
        int bestMachine = -1;
        int bestConfig = -1;
        int bestPenalty = 0;
        int bestChanged = 0;
        double bestDonors = 0;
        for (int m = 0; m < cluster.machines(); m++) {
            if (cluster.idleCores(m) == 0) {
                continue;
            }
            for (int i = 0; i <= k; i++) {
                current[i] = 0;
                busy[i] = 0;
            }
            for (int i = 0; i < s; i++) {
                int core = m * s + i;
                int d = cluster.designation(core);
                current[d]++;
                if (cluster.busy(core)) {
                    busy[d]++;
                }
            }
            for (int c = 0; c < configurations.size(); c++) {
                int gain = configurations.count(c, theta) - current[theta];
                if (gain < 1) {
                    continue;
                }
                int kept = 0;
                double donors = 0;
                boolean feasible = true;
                for (int i = 0; i <= k && feasible; i++) {
                    int n = configurations.count(c, i);
                    feasible = n >= busy[i];
                    kept += Math.min(n, current[i]);
                    if (i > 0 && n < current[i]) {
                        donors += excess[i];
                    }
                }
                if (!feasible) {
                    continue;
                }
                int penalty = gain == 1 ? 0 : 1;
                int changed = s - kept;
                boolean better = bestMachine < 0
                        || penalty < bestPenalty
                        || (penalty == bestPenalty
                                && (changed < bestChanged
                                        || (changed == bestChanged && Tolerance.lt(donors, bestDonors))));
                if (better) {
                    bestMachine = m;
                    bestConfig = c;
                    bestPenalty = penalty;
                    bestChanged = changed;
                    bestDonors = donors;
                }
            }
        }
        if (bestMachine < 0) {
            return false;
        }
        decisions.reconfigure(bestMachine, assign(cluster, bestMachine, bestConfig));
        return true;
    }

    /**
     * The new designation of each core of {@code machine} under configuration {@code config}, changing as few
     * cores as possible: busy cores keep theirs, then idle cores keep theirs (lowest index first) while the
     * configuration still needs their class, and the other idle cores take the classes still needed, smallest
     * first.
     */
    private int[] assign(ClusterView cluster, int machine, int config) {
        int s = cluster.coresPerMachine();
        int k = cluster.classes();
        int[] need = new int[k + 1];
        for (int i = 0; i <= k; i++) {
            need[i] = configurations.count(config, i);
        }
        int[] out = new int[s];
        boolean[] set = new boolean[s];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < s; i++) {
                int core = machine * s + i;
                boolean isBusy = cluster.busy(core);
                int d = cluster.designation(core);
                if (!set[i] && (pass == 0 ? isBusy : need[d] > 0)) {
                    out[i] = d;
                    set[i] = true;
                    need[d]--;
                }
            }
        }
        int next = 0;
        for (int i = 0; i < s; i++) {
            if (!set[i]) {
                while (need[next] == 0) {
                    next++;
                }
                out[i] = next;
                need[next]--;
            }
        }
        return out;
    }

    /** O_k at the last evaluation. */
    public double occupancy(int k) {
        return occupancy[k];
    }

    /** s_k at the last evaluation. */
    public double occupancyShare(int k) {
        return share[k];
    }

    /** c_k at the last evaluation. */
    public double coreShare(int k) {
        return coreShare[k];
    }

    /** e_k = s_k - c_k at the last evaluation. */
    public double excess(int k) {
        return excess[k];
    }

    /** True while a request for a core of pool {@code k} waits for a job to end. */
    public boolean pending(int k) {
        return pending[k];
    }
}
