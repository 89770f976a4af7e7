package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.Slot;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.sim.Event;
import org.metasched.sim.Model;
import org.metasched.sim.Simulation;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * Execution of a cycle's schedule with real runtimes (spec 3.8, P002 section 7.2, Table 3): job j runs
 * {@code rho_j} of every reserved slot length, {@code rho_j ~ U[0.2, 1]} drawn by the caller.
 *
 * <ul>
 *   <li>{@link #asScheduled}: CSS and the batch-slicer keep their schedule; every job starts as planned and its
 *       processor time is {@code rho_j} times the planned one.
 *   <li>{@link #backfill}: conservative backfilling compresses on the event engine: at each instant where a task
 *       ends early, the rest of its reservation is freed, and then every job that has not started, in batch
 *       order, gives up its reservation and takes the earliest AMP window from now on the free slots (never
 *       later than before, since the old window is still free).
 * </ul>
 */
public final class BatchExecution {
    /**
     * One job's planned and real figures; NaN for a job without a window.
     *
     * @param scheduledStart the start of the window the cycle chose
     * @param realStart the start it ran at
     * @param scheduledProcessorTime the chosen window's processor time (T_CPU: the sum of its slot lengths)
     * @param realProcessorTime what it used: {@code rho} times the processor time of the window it ran in
     * @param window the window it ran in (its tasks ran {@code rho} of each slot's length), null for none
     */
    public record Executed(
            double scheduledStart,
            double realStart,
            double scheduledProcessorTime,
            double realProcessorTime,
            Window window) {
        public boolean placed() {
            return window != null;
        }
    }

    private BatchExecution() {}

    /** CSS and the batch-slicer: no rescheduling. {@code chosen[j]} is null for a job without a window. */
    public static List<Executed> asScheduled(List<Window> chosen, double[] rho) {
        List<Executed> out = new ArrayList<>(chosen.size());
        for (int j = 0; j < chosen.size(); j++) {
            Window w = chosen.get(j);
            out.add(
                    w == null
                            ? none()
                            : new Executed(w.start(), w.start(), w.processorTime(), rho[j] * w.processorTime(), w));
        }
        return out;
    }

    /**
     * Backfilling with compression.
     *
     * @param jobs the batch in priority order
     * @param free the slots that were free before the batch was scheduled
     * @param chosen each job's window from {@link BatchScheduler} (backfill scheme), null for none; they must lie in
     *     {@code free} and be pairwise disjoint
     * @param rho each job's real runtime factor in (0, 1]
     */
    public static List<Executed> backfill(
            List<BatchJob> jobs, SlotList free, List<Window> chosen, double[] rho, Geometry geometry) {
        Compression model = new Compression(jobs, free, chosen, rho, geometry);
        new Simulation<>(model).run();
        List<Executed> out = new ArrayList<>(jobs.size());
        for (int j = 0; j < jobs.size(); j++) {
            Window planned = chosen.get(j);
            Window ran = model.current[j];
            out.add(
                    planned == null
                            ? none()
                            : new Executed(
                                    planned.start(),
                                    ran.start(),
                                    planned.processorTime(),
                                    rho[j] * ran.processorTime(),
                                    ran));
        }
        return out;
    }

    private static Executed none() {
        return new Executed(Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
    }

    /**
     * A job starts (if {@code version} is still its reservation's) or its task number {@code version} ends.
     */
    private record Step(int job, int version, boolean start) implements Event {
        @Override
        public int priority() {
            return start ? 1 : 0; // ends first: a start at the same instant sees the freed time
        }
    }

    private static final class Compression implements Model<Step> {
        private final List<BatchJob> jobs;
        private final double[] rho;
        private final Geometry geometry;
        private final Window[] current;
        private final int[] version;
        private final boolean[] started;
        private final FreeTime freeTime;
        private boolean freed;

        Compression(List<BatchJob> jobs, SlotList free, List<Window> chosen, double[] rho, Geometry geometry) {
            this.jobs = jobs;
            this.rho = rho;
            this.geometry = geometry;
            int k = jobs.size();
            current = chosen.toArray(new Window[0]);
            version = new int[k];
            started = new boolean[k];
            Node[] nodes = new Node[free.nodeCount()];
            for (Slot s : free.asList()) {
                nodes[s.node().index()] = s.node();
            }
            freeTime = new FreeTime(java.util.Arrays.asList(nodes), free);
            for (Window w : current) {
                if (w != null) {
                    freeTime.reserve(w);
                }
            }
        }

        @Override
        public void start(Simulation<Step> sim) {
            for (int j = 0; j < current.length; j++) {
                if (current[j] != null) {
                    sim.schedule(current[j].start(), new Step(j, 0, true));
                }
            }
        }

        @Override
        public void handle(Step e, Simulation<Step> sim) {
            int j = e.job();
            if (e.start()) {
                if (started[j] || e.version() != version[j]) {
                    return; // moved earlier since
                }
                started[j] = true;
                List<Allocation> tasks = current[j].allocations();
                for (int t = 0; t < tasks.size(); t++) {
                    Allocation a = tasks.get(t);
                    sim.schedule(a.start() + rho[j] * a.length(), new Step(j, t, false));
                }
                return;
            }
            // task e.version() ended: free the rest of its reservation
            Allocation a = current[j].allocations().get(e.version());
            if (Tolerance.gt(a.end(), sim.now(), freeTime.tolerance())) {
                freeTime.release(a.node().index(), sim.now(), a.end());
                freed = true;
            }
        }

        @Override
        public void instantEnded(Simulation<Step> sim) {
            if (!freed) {
                return;
            }
            freed = false;
            boolean[] waiting = new boolean[current.length];
            for (int j = 0; j < current.length; j++) {
                waiting[j] = !started[j];
            }
            boolean[] moved = compress(jobs, current, waiting, freeTime, sim.now(), geometry);
            for (int j = 0; j < current.length; j++) {
                if (moved[j]) {
                    version[j]++;
                    sim.schedule(current[j].start(), new Step(j, version[j], true));
                }
            }
        }
    }

    /** What {@link #compress} may assume of the reservations it moves. */
    public enum Reservations {
        /**
         * Made on the nodes as they are (the execution above, spec 3.8 step 2): a job's old window stays feasible, so
         * its re-search never starts later; a later window, or none, is a bug and throws.
         */
        ON_CURRENT_NODES,
        /**
         * Possibly made on nodes that changed since (the service: an owner made a node slower or dearer, and a
         * reservation keeps the lengths and prices it was made with): the current nodes may give only a later
         * window, a dearer one at the same start, or none. The job then keeps its reservation as it is.
         */
        ON_CHANGED_NODES
    }

    /**
     * One compression step of backfilling (spec 3.8 step 2), at time {@code now} after some reserved time was freed:
     * every job that is {@code waiting} (has not started) and whose reservation starts after {@code now}, in batch
     * order, gives up its reservation and takes the earliest AMP window from {@code now} on the free time (never
     * later than before, since its old window is still free). Used by the execution above.
     *
     * @param reservations each job's reserved window (null for none); replaced in place by the moved ones
     * @param free the free time, with every reservation of {@code reservations} already taken out of it; updated
     * @return which jobs were moved (a job keeps its window, same start, when nothing earlier is free; it counts as
     *     moved only when its window changed)
     */
    public static boolean[] compress(
            List<BatchJob> jobs,
            Window[] reservations,
            boolean[] waiting,
            FreeTime free,
            double now,
            Geometry geometry) {
        return compress(jobs, reservations, waiting, free, now, geometry, Reservations.ON_CURRENT_NODES);
    }

    /**
     * {@link #compress(List, Window[], boolean[], FreeTime, double, Geometry)} for reservations that may have been
     * made on nodes since changed ({@link Reservations#ON_CHANGED_NODES}, the service when a job ends early or is
     * cancelled): a job whose re-search on the current nodes finds no window, a later one, or one at the same start
     * that costs more, keeps its reservation.
     */
    public static boolean[] compress(
            List<BatchJob> jobs,
            Window[] reservations,
            boolean[] waiting,
            FreeTime free,
            double now,
            Geometry geometry,
            Reservations made) {
        WindowSearch amp = WindowSearches.create("amp");
        boolean[] moved = new boolean[reservations.length];
        for (int j = 0; j < reservations.length; j++) {
            Window old = reservations[j];
            if (old == null || !waiting[j] || !(old.start() > now)) {
                continue;
            }
            for (Allocation a : old.allocations()) {
                free.release(a.node().index(), a.start(), a.end());
            }
            Optional<Window> w = amp.find(
                    free.slotsFrom(now).pricedAtMost(jobs.get(j).request().maxUnitPrice()),
                    jobs.get(j).request(),
                    geometry,
                    j + 1);
            String id = jobs.get(j).id();
            if (made == Reservations.ON_CHANGED_NODES && !better(w, old, free.tolerance())) {
                free.reserve(old); // its old window was free: it stays as it is
                continue;
            }
            Window next =
                    w.orElseThrow(() -> new IllegalStateException("job " + id + " lost its window while compressing"));
            if (Tolerance.gt(next.start(), old.start(), free.tolerance())) {
                throw new IllegalStateException("job " + id + " moved later while compressing");
            }
            reservations[j] = next;
            free.reserve(next);
            moved[j] = !sameWindow(old, next);
        }
        return moved;
    }

    /** Whether {@code found} starts earlier than {@code old}, or at its start for no more cost. */
    private static boolean better(Optional<Window> found, Window old, double tol) {
        if (found.isEmpty()) {
            return false;
        }
        Window w = found.get();
        return Tolerance.lt(w.start(), old.start(), tol)
                || (!Tolerance.gt(w.start(), old.start(), tol) && w.cost() <= old.cost());
    }

    private static boolean sameWindow(Window a, Window b) {
        if (a.start() != b.start() || a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Allocation x = a.allocations().get(i);
            Allocation y = b.allocations().get(i);
            if (x.node().index() != y.node().index() || x.start() != y.start() || x.end() != y.end()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The free time of every node: disjoint intervals, start to end, that do not touch. Times compare with the
     * tolerance of the slot list it starts from ({@link SlotList#timeTolerance}: on the scale of the list's span, not
     * of its origin), so a cycle on epoch microseconds (1.7e15) keeps and merges the same pieces as at origin 0.
     */
    public static final class FreeTime {
        private final List<Node> nodes;
        private final List<TreeMap<Double, Double>> free = new ArrayList<>();
        private final double tol;

        /**
         * The free time of {@code slots}.
         *
         * @param nodes every node by index (a node may have no slot now and get free time later)
         */
        public FreeTime(List<Node> nodes, SlotList slots) {
            this.nodes = nodes;
            this.tol = slots.timeTolerance();
            for (int n = 0; n < nodes.size(); n++) {
                free.add(new TreeMap<>());
            }
            for (Slot s : slots.asList()) {
                release(s.node().index(), s.start(), s.end());
            }
        }

        /** The tolerance its times compare with: the initial slot list's {@link SlotList#timeTolerance}. */
        public double tolerance() {
            return tol;
        }

        /** The free intervals from {@code now} on, as a slot list. */
        public SlotList slotsFrom(double now) {
            List<Slot> out = new ArrayList<>();
            for (int n = 0; n < nodes.size(); n++) {
                for (Map.Entry<Double, Double> iv : free.get(n).entrySet()) {
                    double s = Math.max(iv.getKey(), now);
                    if (Tolerance.gt(iv.getValue(), s, tol)) {
                        out.add(new Slot(nodes.get(n), s, iv.getValue()));
                    }
                }
            }
            return SlotList.of(out);
        }

        /**
         * Takes {@code w}'s allocations out of the free time.
         *
         * @throws IllegalStateException when an allocation is not inside free time
         */
        public void reserve(Window w) {
            for (Allocation a : w.allocations()) {
                TreeMap<Double, Double> t = free.get(a.node().index());
                Map.Entry<Double, Double> host = t.floorEntry(a.start() + tol);
                if (host == null || Tolerance.lt(host.getValue(), a.end(), tol)) {
                    throw new IllegalStateException("no free time holds " + a);
                }
                double hs = host.getKey();
                double he = host.getValue();
                t.remove(hs);
                if (Tolerance.gt(a.start(), hs, tol)) {
                    t.put(hs, a.start());
                }
                if (Tolerance.gt(he, a.end(), tol)) {
                    t.put(a.end(), he);
                }
            }
        }

        /** Makes {@code [start, end)} of node {@code node} free, merging with the free time it touches. */
        public void release(int node, double start, double end) {
            TreeMap<Double, Double> t = free.get(node);
            double s = start;
            double e = end;
            Map.Entry<Double, Double> before = t.floorEntry(s);
            if (before != null && Tolerance.ge(before.getValue(), s, tol)) {
                s = before.getKey();
                e = Math.max(e, before.getValue());
                t.remove(before.getKey());
            }
            Map.Entry<Double, Double> after = t.ceilingEntry(s);
            while (after != null && Tolerance.le(after.getKey(), e, tol)) {
                e = Math.max(e, after.getValue());
                t.remove(after.getKey());
                after = t.ceilingEntry(s);
            }
            t.put(s, e);
        }
    }
}
