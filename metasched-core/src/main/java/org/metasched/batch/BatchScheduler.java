package org.metasched.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;
import org.metasched.registry.Entry;
import org.metasched.registry.Registry;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearch;
import org.metasched.window.WindowSearches;

/**
 * One scheduling cycle of a batch over a slot list (spec 3.4-3.7), by one of four schemes:
 *
 * <ul>
 *   <li>{@code css}: alternatives for the whole batch by AMP, then the combination DP;
 *   <li>{@code slicer}: the batch split into K contiguous sub-batches (larger first), each with alternatives by
 *       AEP with every job's own criterion on the slots the earlier sub-batches left, its DP, and its choice
 *       committed; a sub-batch that fails is skipped (spec 3.6 DECISION);
 *   <li>{@code backfill}: conservative backfilling by earliest start: each job in batch order takes the AMP
 *       window and commits it (one alternative each);
 *   <li>{@code bsf}: the first n_CSS jobs by the slicer, the rest by backfilling on the slots left.
 * </ul>
 */
public final class BatchScheduler {
    /**
     * A scheme: how one cycle plans the batch, registered by short name in {@link #REGISTRY}. Names are resolved
     * once, where they are read (an option, a file's field, a setting, a stored cycle); {@link Settings} carry the
     * entry.
     */
    public static final class Scheme extends Entry {
        /** The schemes by name, in the order help texts list them. */
        public static final Registry<Scheme> REGISTRY = new Registry<>("scheme");

        public static final Scheme CSS = REGISTRY.register(new Scheme(
                "css",
                "dp",
                "alternatives for the whole batch by AMP, then the combination DP",
                (jobs, slots, g, s) ->
                        slice(jobs, slots, g, s, 1, true, new Cycle(jobs)).result()));
        public static final Scheme SLICER = REGISTRY.register(new Scheme(
                "slicer",
                "dp",
                "K contiguous sub-batches, each by AEP with every job's own criterion and its DP",
                (jobs, slots, g, s) -> slice(jobs, slots, g, s, s.subBatches(), false, new Cycle(jobs))
                        .result()));
        public static final Scheme BSF = REGISTRY.register(new Scheme(
                "bsf", "hybrid", "the first n_CSS jobs by the slicer, the rest by backfilling", BatchScheduler::bsf));
        public static final Scheme BACKFILL = REGISTRY.register(new Scheme(
                "backfill",
                "greedy",
                "conservative backfilling: each job in batch order takes its AMP window",
                (jobs, slots, g, s) ->
                        backfill(jobs, 0, slots, g, s, 1, new Cycle(jobs)).result()));

        private final Planner planner;

        private Scheme(String name, String family, String description, Planner planner) {
            super(name, family, description);
            this.planner = planner;
        }

        /** Whether the scheme cuts the batch into sub-batches ({@link Settings#subBatches()}): slicer and bsf. */
        public boolean slices() {
            return this == SLICER || this == BSF;
        }

        /**
         * The scheme called {@code name} (case-insensitive).
         *
         * @throws InputFormatException naming the known schemes if there is none
         */
        public static Scheme byName(String name) {
            return REGISTRY.byName(name);
        }
    }

    /** What a scheme does with one cycle. */
    @FunctionalInterface
    private interface Planner {
        Result plan(List<BatchJob> jobs, SlotList slots, Geometry geometry, Settings settings);
    }

    /**
     * The settings of a cycle.
     *
     * @param subBatches K for the slicer and the slicer part of BSF, 1..jobs
     * @param cssJobs n_CSS for BSF, 0..jobs
     * @param quantum the DP's expense quantum ({@link CssDynamicProgramme#DATA_QUANTUM}: the data's)
     * @param prove whether each DP proves its choice exact (or repairs it) with a second, relaxed DP when the
     *     quantum does not divide every expense ({@link CssDynamicProgramme#solve(List, List, double, boolean,
     *     double, boolean)})
     */
    public record Settings(
            Scheme scheme,
            CssProblem problem,
            CssProblem.Time time,
            int subBatches,
            int cssJobs,
            double quantum,
            boolean prove) {
        /** Settings whose DPs do not prove their choices (the paper's experiments: the spec's DP as it is). */
        public Settings(
                Scheme scheme, CssProblem problem, CssProblem.Time time, int subBatches, int cssJobs, double quantum) {
            this(scheme, problem, time, subBatches, cssJobs, quantum, false);
        }
    }

    /**
     * What the cycle chose for one job.
     *
     * @param subBatch 1-based sub-batch (1 for css, the backfilled jobs of BSF are in the last one plus one)
     * @param chosen index into the alternatives, or -1 for none
     */
    public record JobResult(BatchJob job, int subBatch, List<Window> alternatives, int chosen) {
        /** The chosen alternative, or null for none. */
        public Window window() {
            return chosen < 0 ? null : alternatives.get(chosen);
        }
    }

    /**
     * The cycle's result.
     *
     * @param limit the DP limits used, summed over the sub-batches (NaN for backfill alone)
     * @param objective the optimised sums, summed over the sub-batches (for backfill: the problem's efficiency of
     *     the windows taken)
     * @param exact whether every DP's choice is proven optimal for the real expenses ({@link
     *     CssDynamicProgramme.Choice#exact()}; true when no DP ran)
     */
    public record Result(boolean feasible, double limit, double objective, List<JobResult> jobs, boolean exact) {
        /** Every job's chosen window in batch order, null for a job without one. */
        public List<Window> windows() {
            List<Window> out = new ArrayList<>(jobs.size());
            for (JobResult j : jobs) {
                out.add(j.window());
            }
            return out;
        }
    }

    /**
     * The plan of a batch without jobs, the same under every scheme, problem and settings: feasible, nothing chosen,
     * an objective of 0 (a sum over no job), no DP limit (none ran: NaN, as for backfill) and exact.
     */
    public static final Result EMPTY = new Result(true, Double.NaN, 0, List.of(), true);

    private BatchScheduler() {}

    /**
     * Plans one cycle of {@code jobs} on {@code slots} by the settings' scheme. A batch without jobs gets {@link
     * #EMPTY} whatever the settings (their sub-batches and n_CSS are then above the batch's size): the schemes
     * differed there, css and slicer a DP limit of 0, bsf and backfill NaN, and bsf with n_CSS above 0 threw an
     * IndexOutOfBoundsException.
     *
     * @throws IllegalArgumentException when the batch has jobs and the scheme slices it (slicer, bsf) into other than
     *     1 to its size of sub-batches, or bsf's n_CSS is not 0 to its size
     */
    public static Result schedule(List<BatchJob> jobs, SlotList slots, Geometry geometry, Settings s) {
        if (jobs.isEmpty()) {
            return EMPTY;
        }
        if (s.scheme().slices() && (s.subBatches() < 1 || s.subBatches() > jobs.size())) {
            // spec 3.6 splits k jobs into ns groups, ns = k being every job alone; the callers cap it at the batch
            // size (the service, journal replay) or refuse it (metasched batch). Beyond k, the groups past the k-th
            // were empty, each a DP over nothing with a limit of 0; at 0 the slicer planned no job and said feasible
            throw new IllegalArgumentException(
                    "subBatches must be 1 to the batch's " + jobs.size() + " jobs, got " + s.subBatches());
        }
        if (s.scheme() == Scheme.BSF && (s.cssJobs() < 0 || s.cssJobs() > jobs.size())) {
            // the callers cap it (metasched batch, the service, the experiments): a bare IndexOutOfBounds otherwise
            throw new IllegalArgumentException(
                    "cssJobs must be 0 to the batch's " + jobs.size() + " jobs, got " + s.cssJobs());
        }
        return s.scheme().planner.plan(jobs, slots, geometry, s);
    }

    private static Result bsf(List<BatchJob> jobs, SlotList slots, Geometry geometry, Settings s) {
        Cycle c = new Cycle(jobs);
        List<BatchJob> head = jobs.subList(0, s.cssJobs());
        SlotList rest = slots;
        int next = 1;
        if (!head.isEmpty()) {
            rest = slice(head, slots, geometry, s, Math.min(s.subBatches(), head.size()), false, c).slots;
            next = Math.min(s.subBatches(), head.size()) + 1;
        }
        return backfill(jobs, s.cssJobs(), rest, geometry, s, next, c).result();
    }

    /** The state of one cycle: per job its sub-batch, alternatives and choice, and the totals. */
    private static final class Cycle {
        final int[] subBatch;
        final List<List<Window>> alternatives = new ArrayList<>();
        final int[] chosen;
        boolean feasible = true;
        double limit;
        double objective;
        boolean anyDp;
        boolean exact = true;
        SlotList slots;
        final List<BatchJob> jobs;

        Cycle(List<BatchJob> jobs) {
            this.jobs = jobs;
            int n = jobs.size();
            subBatch = new int[n];
            chosen = new int[n];
            for (int i = 0; i < n; i++) {
                alternatives.add(List.of());
                chosen[i] = -1;
            }
        }

        Result result() {
            List<JobResult> out = new ArrayList<>();
            for (int i = 0; i < chosen.length; i++) {
                out.add(new JobResult(jobs.get(i), subBatch[i], alternatives.get(i), chosen[i]));
            }
            return new Result(feasible, anyDp ? limit : Double.NaN, objective, out, exact);
        }
    }

    private static Cycle slice(
            List<BatchJob> jobs, SlotList slots, Geometry g, Settings s, int parts, boolean amp, Cycle c) {
        int n = jobs.size();
        SlotList free = slots;
        int from = 0;
        for (int b = 0; b < parts; b++) {
            int size = n / parts + (b < n % parts ? 1 : 0);
            List<BatchJob> sub = jobs.subList(from, from + size);
            List<List<Window>> alt = AlternativesSearch.search(
                    sub,
                    free,
                    j -> WindowSearches.create(amp ? "amp" : j.criterion().search()),
                    g,
                    Integer.MAX_VALUE);
            List<double[]> eff = new ArrayList<>();
            List<double[]> exp = new ArrayList<>();
            for (List<Window> a : alt) {
                eff.add(values(a, s.problem().efficiencyIsTime(), s.time()));
                exp.add(values(a, s.problem().expenseIsTime(), s.time()));
            }
            boolean allHave = alt.stream().noneMatch(List::isEmpty);
            double limit = allHave ? CssDynamicProgramme.limit(exp) : Double.NaN;
            CssDynamicProgramme.Choice choice = allHave
                    ? CssDynamicProgramme.solve(eff, exp, limit, s.problem().maximize(), s.quantum(), s.prove())
                    : new CssDynamicProgramme.Choice(null, Double.NaN, true);
            c.exact &= choice.exact();
            for (int i = 0; i < size; i++) {
                c.subBatch[from + i] = b + 1;
                c.alternatives.set(from + i, List.copyOf(alt.get(i)));
            }
            if (allHave) {
                c.limit += limit;
                c.anyDp = true;
            }
            if (!choice.feasible()) {
                c.feasible = false; // this sub-batch is skipped in this cycle
            } else {
                c.objective += choice.objective();
                for (int i = 0; i < size; i++) {
                    c.chosen[from + i] = choice.chosen()[i];
                    free = free.cut(rehost(alt.get(i).get(choice.chosen()[i]), free));
                }
            }
            from += size;
        }
        c.slots = free;
        return c;
    }

    private static Cycle backfill(
            List<BatchJob> jobs, int fromJob, SlotList slots, Geometry g, Settings s, int subBatch, Cycle c) {
        WindowSearch amp = WindowSearches.create("amp");
        SlotList free = slots;
        for (int i = fromJob; i < jobs.size(); i++) {
            c.subBatch[i] = subBatch;
            Optional<Window> w = amp.find(
                    free.pricedAtMost(jobs.get(i).request().maxUnitPrice()),
                    jobs.get(i).request(),
                    g,
                    i + 1);
            if (w.isEmpty()) {
                c.feasible = false;
                continue;
            }
            c.alternatives.set(i, List.of(w.get()));
            c.chosen[i] = 0;
            c.objective += value(w.get(), s.problem().efficiencyIsTime(), s.time());
            free = free.cut(w.get());
        }
        c.slots = free;
        return c;
    }

    /**
     * The same window with each allocation hosted by the slot of {@code free} that contains it: alternatives were
     * found on a copy of the slots, and the chosen one is committed on the slots the cycle really has.
     */
    static Window rehost(Window w, SlotList free) {
        List<org.metasched.model.Allocation> hosted = new ArrayList<>();
        for (org.metasched.model.Allocation a : w.allocations()) {
            org.metasched.model.Slot host = free.containing(a.node().index(), a.start(), a.end());
            if (host == null) {
                throw new IllegalStateException(
                        "no free slot holds " + a + ": alternatives must come from these slots");
            }
            hosted.add(new org.metasched.model.Allocation(host, a.start(), a.end()));
        }
        return new Window(w.start(), w.runtime(), w.cost(), w.processorTime(), hosted);
    }

    private static double[] values(List<Window> windows, boolean time, CssProblem.Time t) {
        double[] v = new double[windows.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(windows.get(i), time, t);
        }
        return v;
    }

    /** A window's time (T_CPU or runtime) or cost. */
    public static double value(Window w, boolean time, CssProblem.Time t) {
        if (!time) {
            return w.cost();
        }
        return t == CssProblem.Time.PROCESSOR_TIME ? w.processorTime() : w.runtime();
    }
}
