package org.metasched.window;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.SlotList;

/**
 * The AEP scan (spec 3.1, paper P002 Algorithm 1) with one {@link AepStrategy}. Slots are visited in slot-list
 * order (effective start {@code max(start, arrival)}, then node index); each visited slot is appended to the
 * expanded window W, W drops the slots too short for the job from the new start, and the strategy selects n
 * slots of W. The strictly best selection over the scan is returned (AMP and ALP: the first feasible one).
 *
 * <p>Speed: a selection that excludes the newly appended slot was already available at the previous step, with
 * the same cost, runtime and processor time and an earlier finish, so a later step can only improve on the best
 * with a set containing the new slot. The minimising strategies therefore evaluate a step only when a cheap
 * bound on such sets beats the incumbent; in ROUGH geometry MinCost, AMP, MinRunTime and MinFinish compute that
 * bound exactly from per-node bitsets in O(n) or O(W). The full selection (the normative one of spec 3.2) runs
 * only on steps that improve, so the result is identical to evaluating every step.
 *
 * <p>COMMON geometry: a window's runtime {@code V / min p} depends on the set, so each step enumerates the
 * candidate minimum performance p* as in spec decision D5, selects with every slot occupied for {@code V/p*},
 * re-evaluates the chosen set with its true runtime, and keeps the best over p*.
 */
public final class AepWindowSearch implements WindowSearch {
    private static final double EPS = Tolerance.EPS;

    private final AepStrategy strategy;
    private final long seed;

    public AepWindowSearch(AepStrategy strategy) {
        this(strategy, 0L);
    }

    /** @param seed seeds the random subsets of {@link AepStrategy#MIN_PROC_TIME}; ignored by the others */
    public AepWindowSearch(AepStrategy strategy, long seed) {
        this.strategy = strategy;
        this.seed = seed;
    }

    public AepStrategy strategy() {
        return strategy;
    }

    @Override
    public String name() {
        return strategy.shortName();
    }

    @Override
    public Optional<Window> find(SlotList slots, ResourceRequest request, Geometry geometry) {
        return Optional.ofNullable(new Scan(slots, request, geometry).run());
    }

    private final class Scan {
        final SlotList sl;
        final int n;
        final double volume;
        final double budget;
        final boolean bounded;
        final Geometry geometry;
        final boolean rough;
        final double arrival;
        final double maxUnitPrice;

        // eligible slots in visiting order, and their effective starts
        int[] order;
        int m;
        double[] eff;
        // per slot index: the latest window start at which the slot is still long enough
        double[] deadline;
        // W: insertion-ordered list with lazy deletion, membership flags, size
        int[] wList;
        int wLen;
        boolean[] inW;
        int wCount;
        // min-heap of W's slot indices by deadline
        int[] heap;
        int heapSize;

        // per node (ROUGH fast paths): length and cost of the task there; ranks; membership bitsets
        int nodes;
        double[] nodeLen;
        double[] nodeCost;
        int[] costRankOf;
        int[] nodeByCostRank;
        int[] lenRankOf;
        int[] nodeByLenRank;
        long[] wCostBits;
        long[] wLenBits;
        double minLenAll = Double.POSITIVE_INFINITY;
        double minPriceAll = Double.POSITIVE_INFINITY;
        double[] cheapScratch;

        // reference selection scratch (positions within the current candidate list)
        int[] cur;
        int[] cand;
        double[] len;
        double[] cost;
        int[] pos;
        int[] sortScratch;
        double[] posNode;
        final SsaDynamicProgramme dp = new SsaDynamicProgramme();
        UniformRandomProvider rng;

        // incumbent
        double bestValue = Double.POSITIVE_INFINITY;
        double bestStart;
        int[] bestSlots;

        Scan(SlotList sl, ResourceRequest req, Geometry geometry) {
            this.sl = sl;
            this.n = req.nodes();
            this.volume = req.volume();
            this.budget = req.budget();
            this.bounded = req.hasBudget();
            this.geometry = geometry;
            this.rough = geometry == Geometry.ROUGH;
            this.arrival = req.arrival();
            this.maxUnitPrice = strategy == AepStrategy.ALP ? req.maxUnitPrice() : Double.POSITIVE_INFINITY;
            buildOrder(req.minPerformance());
        }

        private void buildOrder(double minPerformance) {
            int size = sl.size();
            order = new int[size];
            deadline = new double[size];
            int k = 0;
            int clipped = 0;
            for (int i = 0; i < size; i++) {
                if (sl.performance(i) < minPerformance || sl.price(i) > maxUnitPrice + EPS) {
                    continue;
                }
                if (sl.end(i) - Math.max(sl.start(i), arrival) <= EPS) {
                    continue;
                }
                order[k++] = i;
                if (sl.start(i) <= arrival + EPS) {
                    clipped = k;
                }
            }
            m = k;
            // slots starting at or before the arrival all start at the arrival: order them by node index
            // (already so when they all start exactly at the arrival)
            if (clipped > 1 && sl.start(order[0]) != sl.start(order[clipped - 1])) {
                long[] keys = new long[clipped];
                for (int j = 0; j < clipped; j++) {
                    keys[j] = ((long) sl.node(order[j]) << 32) | order[j];
                }
                java.util.Arrays.sort(keys);
                for (int j = 0; j < clipped; j++) {
                    order[j] = (int) keys[j];
                }
            }
            eff = new double[m];
            for (int j = 0; j < m; j++) {
                int i = order[j];
                eff[j] = Math.max(sl.start(i), arrival);
                deadline[i] = sl.end(i) - volume / sl.performance(i);
            }
        }

        Window run() {
            nodes = sl.nodeCount();
            if (m < n || sl.distinctNodes(order, m) < n) {
                return null;
            }
            wList = new int[m];
            inW = new boolean[sl.size()];
            heap = new int[m];
            int cap = Math.max(nodes, n) + 1;
            cur = new int[cap];
            cand = new int[cap];
            len = new double[cap];
            cost = new double[cap];
            pos = new int[cap];
            sortScratch = new int[cap];
            posNode = new double[cap];
            if (strategy == AepStrategy.MIN_PROC_TIME) {
                rng = new RandomStreams(seed).stream("min-proc-time");
            }
            boolean fast = rough && strategy != AepStrategy.ALP && strategy != AepStrategy.MIN_PROC_TIME;
            if (fast) {
                prepareNodes();
            } else {
                for (int j = 0; j < m; j++) {
                    int i = order[j];
                    minLenAll = Math.min(minLenAll, volume / sl.performance(i));
                    minPriceAll = Math.min(minPriceAll, sl.price(i));
                }
            }
            // In the exact fast paths an improving step records only its value and index; the normative
            // selection runs once, at the end, on a replay of W up to the best step.
            boolean deferred = fast && strategy != AepStrategy.MIN_PROC_TIME_EXACT;
            int bestStep = -1;
            for (int j = 0; j < m; j++) {
                int s = order[j];
                double ws = eff[j];
                boolean haveBest = bestSlots != null || bestStep >= 0;
                if (strategy == AepStrategy.MIN_FINISH && haveBest && ws + minLenAll >= bestValue - EPS) {
                    break; // every later window finishes no earlier than the incumbent
                }
                if (strategy == AepStrategy.MIN_RUNTIME && haveBest && bestValue <= minLenAll + EPS) {
                    break; // no window runs faster than the fastest eligible node
                }
                expire(ws, fast);
                if (deadline[s] < ws - EPS) {
                    // too short from its own start: never enters W. Only the random strategy can gain from
                    // looking at the remaining W again (a fresh draw); for the others nothing new is possible.
                    if (strategy == AepStrategy.MIN_PROC_TIME && wCount >= n) {
                        referenceStep(ws);
                    }
                    continue;
                }
                add(s, fast);
                if (wCount < n) {
                    continue;
                }
                if (deferred) {
                    double v = fastValue(s, ws, haveBest);
                    if (!Double.isNaN(v)) {
                        bestValue = v;
                        bestStart = ws;
                        bestStep = j;
                        if (strategy.firstFit()) {
                            break;
                        }
                    }
                    continue;
                }
                boolean improves = fast ? fastCheck(s) : boundAllows(s, ws);
                if (improves && referenceStep(ws) && strategy.firstFit()) {
                    break;
                }
            }
            if (bestStep >= 0) {
                replayAndSelect(bestStep);
            }
            if (bestSlots == null) {
                return null;
            }
            List<Slot> hosts = new ArrayList<>(n);
            for (int i : bestSlots) {
                hosts.add(sl.get(i));
            }
            return Window.of(geometry, volume, bestStart, hosts);
        }

        // ---- W maintenance -------------------------------------------------------------------------------

        private void add(int s, boolean fast) {
            wList[wLen++] = s;
            inW[s] = true;
            wCount++;
            int h = heapSize++;
            double d = deadline[s];
            while (h > 0) {
                int parent = (h - 1) >>> 1;
                if (deadline[heap[parent]] <= d) {
                    break;
                }
                heap[h] = heap[parent];
                h = parent;
            }
            heap[h] = s;
            if (fast) {
                int node = sl.node(s);
                setBit(wCostBits, costRankOf[node]);
            }
        }

        private void expire(double ws, boolean fast) {
            while (heapSize > 0 && deadline[heap[0]] < ws - EPS) {
                int s = heap[0];
                int last = heap[--heapSize];
                int h = 0;
                double d = deadline[last];
                while (true) {
                    int c = 2 * h + 1;
                    if (c >= heapSize) {
                        break;
                    }
                    if (c + 1 < heapSize && deadline[heap[c + 1]] < deadline[heap[c]]) {
                        c++;
                    }
                    if (deadline[heap[c]] >= d) {
                        break;
                    }
                    heap[h] = heap[c];
                    h = c;
                }
                heap[h] = last;
                inW[s] = false;
                wCount--;
                if (fast) {
                    int node = sl.node(s);
                    clearBit(wCostBits, costRankOf[node]);
                }
            }
        }

        /** Compacts W's insertion-ordered list and returns its size; {@code cur[0..size)} holds W in order. */
        private int currentWindow() {
            int k = 0;
            for (int j = 0; j < wLen; j++) {
                int s = wList[j];
                if (inW[s]) {
                    wList[k++] = s;
                }
            }
            wLen = k;
            System.arraycopy(wList, 0, cur, 0, k);
            return k;
        }

        // ---- fast paths (ROUGH geometry) -------------------------------------------------------------------

        private void prepareNodes() {
            nodeLen = new double[nodes];
            nodeCost = new double[nodes];
            boolean[] present = new boolean[nodes];
            for (int j = 0; j < m; j++) {
                int i = order[j];
                int node = sl.node(i);
                if (!present[node]) {
                    present[node] = true;
                    nodeLen[node] = volume / sl.performance(i);
                    nodeCost[node] = sl.price(i) * nodeLen[node];
                    minLenAll = Math.min(minLenAll, nodeLen[node]);
                }
            }
            int[] ids = new int[nodes];
            int count = 0;
            for (int node = 0; node < nodes; node++) {
                if (present[node]) {
                    ids[count++] = node;
                }
            }
            // rank nodes only by the key this strategy reads (cost: AMP, MinCost; length: the others)
            boolean byCostNeeded = strategy == AepStrategy.AMP || strategy == AepStrategy.MIN_COST;
            int[] byCost = java.util.Arrays.copyOf(ids, count);
            int[] byLen = byCost;
            if (byCostNeeded) {
                IndexSort.sort(byCost, count, nodeCost, null, sortScratch);
            } else {
                IndexSort.sort(byLen, count, nodeLen, nodeCost, sortScratch);
            }
            costRankOf = new int[nodes];
            lenRankOf = costRankOf;
            for (int r = 0; r < count; r++) {
                costRankOf[byCost[r]] = r;
            }
            nodeByCostRank = byCost;
            nodeByLenRank = byLen;
            // one membership bitset over the ranks; wLenBits is the same array seen by the length strategies
            wCostBits = new long[(count + 63) >>> 6];
            wLenBits = wCostBits;
            cheapScratch = new double[n];
        }

        /**
         * The exact value of the best window of W containing slot s when it beats the incumbent, else NaN (AMP,
         * MinCost, MinRunTime, MinFinish in ROUGH geometry).
         */
        private double fastValue(int s, double ws, boolean haveBest) {
            int ns = sl.node(s);
            switch (strategy) {
                case AMP, MIN_COST -> {
                    double v = nodeCost[ns] + cheapestOthers(ns, n - 1);
                    if (v > budget + EPS) {
                        return Double.NaN;
                    }
                    return !haveBest || v < bestValue - EPS ? v : Double.NaN;
                }
                case MIN_RUNTIME, MIN_FINISH -> {
                    boolean runtime = strategy == AepStrategy.MIN_RUNTIME;
                    double bound = !haveBest ? Double.POSITIVE_INFINITY : (runtime ? bestValue : bestValue - ws);
                    double tau = thresholdWithSlot(ns, bound);
                    if (!(tau < bound - EPS)) {
                        return Double.NaN;
                    }
                    return runtime ? tau : ws + tau;
                }
                default -> throw new AssertionError(strategy);
            }
        }

        /** True when a window containing slot s may be strictly better than the incumbent (ROUGH). */
        private boolean fastCheck(int s) {
            int ns = sl.node(s);
            if (strategy == AepStrategy.MIN_PROC_TIME_EXACT && bestSlots != null) {
                double lb = nodeLen[ns] + shortestOthers(ns, n - 1);
                return lb < bestValue - EPS;
            }
            return true;
        }

        /** Rebuilds W as it was at step {@code step} and runs the normative selection there. */
        private void replayAndSelect(int step) {
            double recorded = bestValue;
            wLen = 0;
            wCount = 0;
            heapSize = 0;
            java.util.Arrays.fill(inW, false);
            java.util.Arrays.fill(wCostBits, 0L);
            for (int j = 0; j <= step; j++) {
                int s = order[j];
                expire(eff[j], true);
                if (deadline[s] >= eff[j] - EPS) {
                    add(s, true);
                }
            }
            bestValue = Double.POSITIVE_INFINITY;
            bestSlots = null;
            referenceStep(eff[step]);
            if (bestSlots == null || Math.abs(bestValue - recorded) > 1e-6 * Math.max(1, Math.abs(recorded))) {
                throw new IllegalStateException("AEP " + strategy.shortName() + ": fast value " + recorded
                        + " and selection value " + bestValue + " disagree at step " + step);
            }
        }

        /** Sum of the costs of the k cheapest W nodes other than {@code exclude}. */
        private double cheapestOthers(int exclude, int k) {
            double sum = 0;
            int excludeRank = costRankOf[exclude];
            for (int w = 0; w < wCostBits.length && k > 0; w++) {
                long bits = wCostBits[w];
                while (bits != 0 && k > 0) {
                    int r = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    if (r != excludeRank) {
                        sum += nodeCost[nodeByCostRank[r]];
                        k--;
                    }
                }
            }
            return sum;
        }

        /** Sum of the lengths of the k shortest W nodes other than {@code exclude}. */
        private double shortestOthers(int exclude, int k) {
            double sum = 0;
            int excludeRank = lenRankOf[exclude];
            for (int w = 0; w < wLenBits.length && k > 0; w++) {
                long bits = wLenBits[w];
                while (bits != 0 && k > 0) {
                    int r = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    if (r != excludeRank) {
                        sum += nodeLen[nodeByLenRank[r]];
                        k--;
                    }
                }
            }
            return sum;
        }

        /**
         * The least runtime of a window of W containing node ns within the budget, or +inf when none is below
         * {@code bound}: the threshold algorithm of decision D6 with ns forced in.
         */
        private double thresholdWithSlot(int ns, double bound) {
            double lenS = nodeLen[ns];
            if (lenS >= bound - EPS) {
                return Double.POSITIVE_INFINITY;
            }
            double room = budget - nodeCost[ns];
            if (room < -EPS) {
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
            int excludeRank = lenRankOf[ns];
            for (int w = 0; w < wLenBits.length; w++) {
                long bits = wLenBits[w];
                while (bits != 0) {
                    int r = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    if (r == excludeRank) {
                        continue;
                    }
                    int node = nodeByLenRank[r];
                    double l = nodeLen[node];
                    if (l > tau) {
                        if (cnt == need && sum <= room + EPS) {
                            return tau;
                        }
                        if (l >= bound - EPS) {
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
            return cnt == need && sum <= room + EPS ? tau : Double.POSITIVE_INFINITY;
        }

        private static void setBit(long[] bits, int i) {
            bits[i >>> 6] |= 1L << (i & 63);
        }

        private static void clearBit(long[] bits, int i) {
            bits[i >>> 6] &= ~(1L << (i & 63));
        }

        // ---- bounds for the general path ----------------------------------------------------------------

        /** A lower bound on any window of W that contains slot s, compared with the incumbent. */
        private boolean boundAllows(int s, double ws) {
            if (bestSlots == null || strategy.firstFit() || strategy == AepStrategy.MIN_PROC_TIME) {
                return true;
            }
            double lenS = volume / sl.performance(s); // every window holding s runs at least this long
            double lb;
            switch (strategy) {
                case MIN_RUNTIME -> lb = lenS;
                case MIN_FINISH -> lb = ws + lenS;
                case MIN_COST -> lb = rough
                        ? sl.price(s) * lenS + (n - 1) * minPriceAll * minLenAll
                        : lenS * (sl.price(s) + (n - 1) * minPriceAll);
                case MIN_PROC_TIME_EXACT -> lb = rough ? lenS + (n - 1) * minLenAll : n * lenS;
                default -> {
                    return true;
                }
            }
            return lb < bestValue - EPS;
        }

        // ---- the normative per-step selection (spec 3.2) --------------------------------------------------

        /** Evaluates the step at ws on all of W; returns true when it replaced the incumbent. */
        private boolean referenceStep(double ws) {
            int w = currentWindow();
            if (rough) {
                for (int k = 0; k < w; k++) {
                    int s = cur[k];
                    len[k] = volume / sl.performance(s);
                    cost[k] = sl.price(s) * len[k];
                    cand[k] = s;
                }
                return consider(ws, w);
            }
            // COMMON: enumerate the minimum performance p* of the window (decision D5)
            double[] perfs = new double[w];
            for (int k = 0; k < w; k++) {
                perfs[k] = sl.performance(cur[k]);
            }
            java.util.Arrays.sort(perfs);
            boolean replaced = false;
            double previous = Double.NaN;
            for (double pStar : perfs) {
                if (pStar == previous) {
                    continue;
                }
                previous = pStar;
                double tStar = volume / pStar;
                int c = 0;
                for (int k = 0; k < w; k++) {
                    int s = cur[k];
                    if (sl.performance(s) >= pStar && sl.end(s) - ws >= tStar - EPS) {
                        cand[c] = s;
                        len[c] = tStar;
                        cost[c] = sl.price(s) * tStar;
                        c++;
                    }
                }
                if (c >= n && consider(ws, c)) {
                    replaced = true;
                    if (strategy == AepStrategy.ALP) {
                        break; // ALP takes the first feasible selection; AMP goes on for a cheaper p*
                    }
                }
            }
            return replaced;
        }

        /**
         * Selects n of the c candidates {@code cand[0..c)} (with {@code len}, {@code cost}) by the strategy, and
         * replaces the incumbent when the resulting window is strictly better.
         */
        private boolean consider(double ws, int c) {
            int[] sel = select(c);
            if (sel == null) {
                return false;
            }
            // true values of the chosen set
            double minP = Double.POSITIVE_INFINITY;
            for (int k : sel) {
                minP = Math.min(minP, sl.performance(cand[k]));
            }
            double runtime = 0;
            double total = 0;
            double proc = 0;
            for (int k : sel) {
                int s = cand[k];
                double l = rough ? len[k] : volume / minP;
                runtime = Math.max(runtime, l);
                total += sl.price(s) * l;
                proc += l;
            }
            double value =
                    switch (strategy) {
                        case AMP, MIN_COST -> total;
                        case ALP -> 0;
                        case MIN_RUNTIME -> runtime;
                        case MIN_FINISH -> ws + runtime;
                        default -> proc;
                    };
            // first-fit strategies stop after the first step that sets an incumbent, so this comparison only
            // ever chooses among the p* of that step
            if (bestSlots != null && value >= bestValue - EPS) {
                return false;
            }
            bestValue = value;
            bestStart = ws;
            bestSlots = new int[sel.length];
            for (int k = 0; k < sel.length; k++) {
                bestSlots[k] = cand[sel[k]];
            }
            return true;
        }

        /** The strategy's selection among {@code cand[0..c)}: positions of the n chosen, or null. */
        private int[] select(int c) {
            switch (strategy) {
                case AMP, MIN_COST -> {
                    return withinBudget(cheapest(c));
                }
                case ALP -> {
                    int[] first = new int[n];
                    for (int k = 0; k < n; k++) {
                        first[k] = k;
                    }
                    return withinBudget(first);
                }
                case MIN_RUNTIME, MIN_FINISH -> {
                    return minRunTime(c);
                }
                case MIN_PROC_TIME_EXACT -> {
                    return minProcTimeExact(c);
                }
                case MIN_PROC_TIME -> {
                    return randomSubset(c);
                }
                default -> throw new AssertionError(strategy);
            }
        }

        private int[] withinBudget(int[] sel) {
            double total = 0;
            for (int k : sel) {
                total += cost[k];
            }
            return total <= budget + EPS ? sel : null;
        }

        /** The n cheapest candidates, ties by position (slot-list order). */
        private int[] cheapest(int c) {
            for (int k = 0; k < c; k++) {
                pos[k] = k;
            }
            IndexSort.sort(pos, c, cost, null, sortScratch);
            return java.util.Arrays.copyOf(pos, n);
        }

        /** Decision D6: by increasing length keep the n cheapest; the first prefix within budget wins. */
        private int[] minRunTime(int c) {
            for (int k = 0; k < c; k++) {
                pos[k] = k;
                posNode[k] = sl.node(cand[k]);
            }
            // order by (len, cost, node index)
            sortByLenCostNode(c);
            // max-heap (by cost, then later position) of positions
            int[] h = new int[n + 1];
            int size = 0;
            double sum = 0;
            for (int idx = 0; idx < c; idx++) {
                int p = pos[idx];
                h[size++] = p;
                siftUp(h, size - 1);
                sum += cost[p];
                if (size > n) {
                    int top = h[0];
                    sum -= cost[top];
                    h[0] = h[--size];
                    siftDown(h, size);
                }
                if (size == n && sum <= budget + EPS) {
                    boolean tieAhead = idx + 1 < c && len[pos[idx + 1]] == len[p];
                    if (!tieAhead) {
                        return java.util.Arrays.copyOf(h, n);
                    }
                }
            }
            return null;
        }

        private void sortByLenCostNode(int c) {
            // stable sort by node index first, then by (len, cost): yields (len, cost, node) order
            IndexSort.sort(pos, c, posNode, null, sortScratch);
            IndexSort.sort(pos, c, len, cost, sortScratch);
        }

        private boolean heapAbove(int a, int b) {
            return cost[a] > cost[b] || (cost[a] == cost[b] && a > b);
        }

        private void siftUp(int[] h, int i) {
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!heapAbove(h[i], h[parent])) {
                    break;
                }
                int t = h[i];
                h[i] = h[parent];
                h[parent] = t;
                i = parent;
            }
        }

        private void siftDown(int[] h, int size) {
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    break;
                }
                int big = l + 1 < size && heapAbove(h[l + 1], h[l]) ? l + 1 : l;
                if (!heapAbove(h[big], h[i])) {
                    break;
                }
                int t = h[i];
                h[i] = h[big];
                h[big] = t;
                i = big;
            }
        }

        /** Spec 3.2.2, exact: the SSA programme with {@code z = -length}. */
        private int[] minProcTimeExact(int c) {
            double[] z = new double[c];
            for (int k = 0; k < c; k++) {
                z[k] = -len[k];
            }
            if (!bounded) {
                return SsaDynamicProgramme.topN(z, c, n);
            }
            CostQuantizer q = CostQuantizer.forBudget(budget);
            long[] qc = new long[c];
            for (int k = 0; k < c; k++) {
                qc[k] = q.cost(cost[k]);
            }
            return dp.select(z, qc, c, n, q.budget(budget));
        }

        /** Spec 3.2.2, the paper's simplified variant: one random n-subset, else the n cheapest. */
        private int[] randomSubset(int c) {
            int[] perm = new int[c];
            for (int k = 0; k < c; k++) {
                perm[k] = k;
            }
            for (int k = 0; k < n; k++) {
                int r = k + rng.nextInt(c - k);
                int t = perm[k];
                perm[k] = perm[r];
                perm[r] = t;
            }
            int[] sel = java.util.Arrays.copyOf(perm, n);
            java.util.Arrays.sort(sel);
            int[] ok = withinBudget(sel);
            return ok != null ? ok : withinBudget(cheapest(c));
        }
    }
}
