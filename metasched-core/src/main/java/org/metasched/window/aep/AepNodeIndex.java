package org.metasched.window.aep;

import java.util.Arrays;
import org.metasched.model.Tolerance;
import org.metasched.timeline.SlotList;
import org.metasched.window.select.IndexSort;

/**
 * The per-node index of the AEP scan's ROUGH fast path. In ROUGH geometry a task's length {@code V / p} and cost
 * on a node do not depend on the window, and W holds at most one slot per node, so a step can be valued from the
 * nodes alone: each node gets its length and cost once, the nodes are ranked by one key (cost or length, {@link
 * Order}), and W's membership is a bitset over the ranks. Sums of the k best W nodes are then a walk over the set
 * bits in O(k), and the least-runtime threshold of decision D6 a walk in O(W).
 */
public final class AepNodeIndex {
    /** The key nodes are ranked by. */
    public enum Order {
        /** By cost (AMP, MinCost: the k cheapest). */
        BY_COST,
        /** By length, then cost (MinRunTime, MinFinish, MinProcTime: the k shortest). */
        BY_LENGTH
    }

    private final Order order;
    private final int n;
    private final double budget;
    private final double tol;
    private final double budgetTol;
    private final double[] nodeLength;
    private final double[] nodeCost;
    private final int[] rankOf;
    private final int[] nodeByRank;
    private final long[] bits;
    private final double[] cheapScratch;
    private double minLength = Double.POSITIVE_INFINITY;

    /**
     * Indexes the nodes of the eligible slots {@code order[0..m)} for a task of {@code volume}; lengths compare with
     * tolerance {@code tol}, the search's; {@code scratch} (at least as long as the node count) is sorting space.
     */
    AepNodeIndex(
            SlotList sl,
            int[] slots,
            int m,
            double volume,
            int n,
            double budget,
            Order order,
            double tol,
            int[] scratch) {
        this(new NodeFacts(sl, slots, m), volume, n, budget, order, tol, scratch);
    }

    /**
     * Indexes the nodes {@code facts} holds for a task of {@code volume}. A step's sums depend only on the order of
     * W's nodes, which is the same whatever other nodes are indexed (ranked by key, ties by node index).
     */
    AepNodeIndex(NodeFacts facts, double volume, int n, double budget, Order order, double tol, int[] scratch) {
        boolean[] present = facts.present;
        int nodes = present.length;
        this.tol = tol;
        this.budgetTol = Tolerance.at(budget);
        this.order = order;
        this.n = n;
        this.budget = budget;
        nodeLength = new double[nodes];
        nodeCost = new double[nodes];
        for (int node = 0; node < nodes; node++) {
            if (present[node]) {
                nodeLength[node] = volume / facts.performance[node];
                nodeCost[node] = facts.price[node] * nodeLength[node];
                minLength = Math.min(minLength, nodeLength[node]);
            }
        }
        int[] ids = new int[nodes];
        int count = 0;
        for (int node = 0; node < nodes; node++) {
            if (present[node]) {
                ids[count++] = node;
            }
        }
        int[] ranked = Arrays.copyOf(ids, count);
        if (order == Order.BY_COST) {
            IndexSort.sort(ranked, count, nodeCost, null, scratch);
        } else {
            IndexSort.sort(ranked, count, nodeLength, nodeCost, scratch);
        }
        rankOf = new int[nodes];
        for (int r = 0; r < count; r++) {
            rankOf[ranked[r]] = r;
        }
        nodeByRank = ranked;
        bits = new long[(count + 63) >>> 6];
        cheapScratch = new double[n];
    }

    /** Which nodes to index, with the performance and unit price of each. */
    static final class NodeFacts {
        final boolean[] present;
        final double[] performance;
        final double[] price;

        NodeFacts(int nodes) {
            present = new boolean[nodes];
            performance = new double[nodes];
            price = new double[nodes];
        }

        /** The nodes of the slots {@code slots[0..m)} of {@code sl}. */
        NodeFacts(SlotList sl, int[] slots, int m) {
            this(sl.nodeCount());
            for (int j = 0; j < m; j++) {
                int i = slots[j];
                put(sl.node(i), sl.performance(i), sl.price(i));
            }
        }

        void put(int node, double nodePerformance, double nodePrice) {
            if (!present[node]) {
                present[node] = true;
                performance[node] = nodePerformance;
                price[node] = nodePrice;
            }
        }
    }

    /** The shortest task length over the indexed nodes. */
    double minLength() {
        return minLength;
    }

    /** How many slots a window needs. */
    public int n() {
        return n;
    }

    /** The request's budget. */
    public double budget() {
        return budget;
    }

    /** The tolerance for comparing a window's cost with the budget. */
    public double budgetTolerance() {
        return budgetTol;
    }

    /** The task length on {@code node}. */
    public double length(int node) {
        return nodeLength[node];
    }

    /** The cost of the task on {@code node}. */
    public double cost(int node) {
        return nodeCost[node];
    }

    void add(int node) {
        int r = rankOf[node];
        bits[r >>> 6] |= 1L << (r & 63);
    }

    void remove(int node) {
        int r = rankOf[node];
        bits[r >>> 6] &= ~(1L << (r & 63));
    }

    void clear() {
        Arrays.fill(bits, 0L);
    }

    /** Sum of the costs of the k cheapest W nodes other than {@code exclude} (ranked {@link Order#BY_COST}). */
    public double cheapestOthers(int exclude, int k) {
        requireOrder(Order.BY_COST);
        return sumOthers(nodeCost, exclude, k);
    }

    /** Sum of the lengths of the k shortest W nodes other than {@code exclude} (ranked {@link Order#BY_LENGTH}). */
    public double shortestOthers(int exclude, int k) {
        requireOrder(Order.BY_LENGTH);
        return sumOthers(nodeLength, exclude, k);
    }

    private double sumOthers(double[] value, int exclude, int k) {
        double sum = 0;
        int excludeRank = rankOf[exclude];
        for (int w = 0; w < bits.length && k > 0; w++) {
            long b = bits[w];
            while (b != 0 && k > 0) {
                int r = (w << 6) + Long.numberOfTrailingZeros(b);
                b &= b - 1;
                if (r != excludeRank) {
                    sum += value[nodeByRank[r]];
                    k--;
                }
            }
        }
        return sum;
    }

    /**
     * The least runtime of a window of W containing node {@code ns} within the budget, or {@code +Infinity} when
     * none is below {@code bound}: the threshold algorithm of decision D6 with ns forced in (ranked {@link
     * Order#BY_LENGTH}).
     */
    public double leastRuntimeWith(int ns, double bound) {
        requireOrder(Order.BY_LENGTH);
        double lenS = nodeLength[ns];
        if (Tolerance.ge(lenS, bound, tol)) {
            return Double.POSITIVE_INFINITY;
        }
        double costS = nodeCost[ns];
        if (Tolerance.gt(costS, budget, budgetTol)) {
            return Double.POSITIVE_INFINITY;
        }
        int need = n - 1;
        if (need == 0) {
            return lenS;
        }
        double[] cheap = cheapScratch; // the need cheapest costs so far, ascending
        int cnt = 0;
        double sum = 0;
        double tau = lenS;
        int excludeRank = rankOf[ns];
        for (int w = 0; w < bits.length; w++) {
            long b = bits[w];
            while (b != 0) {
                int r = (w << 6) + Long.numberOfTrailingZeros(b);
                b &= b - 1;
                if (r == excludeRank) {
                    continue;
                }
                int node = nodeByRank[r];
                double l = nodeLength[node];
                if (l > tau) {
                    if (cnt == need && Tolerance.le(costS + sum, budget, budgetTol)) {
                        return tau;
                    }
                    if (Tolerance.ge(l, bound, tol)) {
                        return Double.POSITIVE_INFINITY;
                    }
                    tau = l;
                }
                double c = nodeCost[node];
                if (cnt < need) {
                    int p = cnt++;
                    while (p > 0 && cheap[p - 1] > c) {
                        cheap[p] = cheap[p - 1];
                        p--;
                    }
                    cheap[p] = c;
                    sum += c;
                } else if (c < cheap[need - 1]) {
                    sum += c - cheap[need - 1];
                    int p = need - 1;
                    while (p > 0 && cheap[p - 1] > c) {
                        cheap[p] = cheap[p - 1];
                        p--;
                    }
                    cheap[p] = c;
                }
            }
        }
        return cnt == need && Tolerance.le(costS + sum, budget, budgetTol) ? tau : Double.POSITIVE_INFINITY;
    }

    private void requireOrder(Order wanted) {
        if (order != wanted) {
            throw new IllegalStateException("the node index is ranked " + order + ", this sum needs " + wanted);
        }
    }
}
