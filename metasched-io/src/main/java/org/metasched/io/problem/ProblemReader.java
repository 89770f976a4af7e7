package org.metasched.io.problem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.io.TreeReader;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Parameter;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Sizes;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;

/** Reads a {@link Problem} from a JSON or YAML file; every error names the file and field. */
public final class ProblemReader {
    private ProblemReader() {}

    public static Problem read(Path file) {
        TreeReader root = root(file);
        Geometry geometry = geometry(root);
        ResourceDomain domain = domain(root);
        return new Problem(
                domain,
                geometry,
                request(
                        root.child("job", "the job (nodes, volume, ...)"),
                        domain.nodes().size()));
    }

    /**
     * The top level of the select file {@code file}, with only the fields of one ({@code horizon}, {@code geometry},
     * {@code nodes}, {@code job}); when it has {@code jobs} and no {@code job}, the unknown-field error says that it
     * looks like a batch file, and likewise for a sweep file.
     */
    static TreeReader root(Path file) {
        TreeReader doc = TreeReader.open(file);
        boolean batchFile = doc.isObject() && doc.has("jobs") && !doc.has("job");
        return doc.onlyFields(
                List.of("horizon", "geometry", "nodes", "job"),
                batchFile
                        ? "a batch file? 'metasched batch -i FILE' plans a batch of jobs"
                        : sweepFile(doc) ? SWEEP_FILE : null);
    }

    /**
     * The unknown-field error's hint for a node of the availability strategies' input given to a window search: when
     * the node's first field that {@code allowed} lacks is one of theirs ({@code occupancy}, {@code localJobs}), that
     * it is and which strategies read it; else null.
     */
    static String availabilityHint(TreeReader node, List<String> allowed) {
        if (!node.isObject()) {
            return null;
        }
        for (String f : node.fieldNames()) {
            if (!allowed.contains(f)) {
                return f.equals("occupancy") || f.equals("localJobs")
                        ? f + " is a field of the availability strategies' input ("
                                + String.join(", ", AvailabilityStrategy.names())
                                + "; docs/select.md); choose one of them as the strategy, or leave " + f + " out"
                        : null;
            }
        }
        return null;
    }

    /** The unknown-field error's hint for a sweep file given as a problem file. */
    static final String SWEEP_FILE = "a sweep file? 'metasched sweep --spec FILE' runs it";

    /** A sweep file's top level: its {@code command} with a {@code grid}, {@code options} or {@code cells}. */
    static boolean sweepFile(TreeReader doc) {
        return doc.isObject()
                && doc.has("command")
                && (doc.has("grid") || doc.has("options") || doc.has("cells"))
                && !doc.has("nodes");
    }

    /** The {@code geometry} field: common or rough (the default). */
    static Geometry geometry(TreeReader root) {
        String g = root.string("geometry", "rough");
        try {
            return Geometry.parse(g);
        } catch (IllegalArgumentException e) {
            throw root.child("geometry").error("must be common or rough, got '" + g + "'");
        }
    }

    /** The {@code horizon} and {@code nodes} of a problem file, as a domain with its busy intervals. */
    static ResourceDomain domain(TreeReader root) {
        TreeReader horizonField = root.child("horizon", "a number (the end) or a [start, end] pair");
        double[] horizon = horizon(horizonField);
        List<Node> nodes = new ArrayList<>();
        List<List<Interval>> busy = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (TreeReader n : nodeList(root)) {
            List<String> fields = List.of("id", "performance", "price", "busy");
            n.onlyFields(fields, availabilityHint(n, fields));
            nodes.add(node(n, nodes.size(), ids, horizon[1] - horizon[0]));
            busy.add(busy(n));
        }
        ResourceDomain domain = new ResourceDomain(nodes, horizon[0], horizon[1]);
        for (int i = 0; i < nodes.size(); i++) {
            for (Interval iv : busy.get(i)) {
                domain.addBusy(i, iv);
            }
        }
        TimeResolution.require(horizonField, domain);
        return domain;
    }

    /** The {@code nodes} list of a problem file, at least one. */
    static List<TreeReader> nodeList(TreeReader root) {
        List<TreeReader> list = root.child("nodes", "a list of nodes").elements();
        if (list.isEmpty()) {
            throw root.child("nodes").error("is empty, expected at least one node");
        }
        return list;
    }

    /**
     * The most a slot of the horizon may cost (price x the horizon's length): 1e300. The searches add the costs of a
     * window's slots and subtract them again as a window slides; a price of 1e308 made a slot of 10 cost infinity,
     * whose sums are infinity or NaN, and some searches chose such a window under a budget of 5 or failed inside.
     */
    public static final double MOST_COST = 1e300;

    /**
     * Node {@code index} of the {@code nodes} list: its {@code id} (default {@code n<index>}, not one of {@code ids},
     * added to them), {@code performance} at least the smallest normal double and {@code price} 0 or at least that, at
     * which a slot of the horizon's length {@code span} costs at most {@link #MOST_COST}.
     */
    static Node node(TreeReader n, int index, Set<String> ids, double span) {
        String id = n.string("id", "n" + index);
        if (!ids.add(id)) {
            throw n.error("repeats the id '" + id + "', ids must be unique");
        }
        double p = n.number("performance");
        if (!(p > 0)) {
            throw n.child("performance").error("must be > 0, got " + p);
        }
        if (p < Double.MIN_NORMAL) {
            throw n.child("performance").error(tooSmall(p, "a performance of at least"));
        }
        double price = nonNegative(n, "price", n.number("price"));
        if (price > 0 && price < Double.MIN_NORMAL) {
            throw n.child("price").error(tooSmall(price, "a price of 0 or at least"));
        }
        if (!(price * span <= MOST_COST)) {
            throw n.child("price")
                    .error(Parameter.shown(price) + " makes a slot of the horizon's length, " + Parameter.shown(span)
                            + ", cost past " + Parameter.shown(MOST_COST) + ", where the searches' sums of costs stop"
                            + " being numbers: expected a price of at most "
                            + Parameter.shown(fourDigitsDown(MOST_COST / span)));
        }
        return new Node(index, id, p, price);
    }

    /** The error of a positive {@code v} below the smallest normal double, where a double keeps fewer digits. */
    private static String tooSmall(double v, String expected) {
        return Parameter.shown(v) + " is too small: expected " + expected + " " + Parameter.shown(Double.MIN_NORMAL)
                + " (the smallest normal double; below it a double keeps fewer digits)";
    }

    /** {@code v} (positive) to four significant digits, rounded down: a limit a user can type and that holds. */
    static double fourDigitsDown(double v) {
        return new java.math.BigDecimal(v)
                .round(new java.math.MathContext(4, java.math.RoundingMode.DOWN))
                .doubleValue();
    }

    /** A node's {@code busy} intervals, none when the field is absent. */
    static List<Interval> busy(TreeReader n) {
        List<Interval> intervals = new ArrayList<>();
        if (n.has("busy")) {
            for (TreeReader b : n.child("busy").elements()) {
                intervals.add(interval(b));
            }
        }
        return intervals;
    }

    /**
     * The optional field {@code field} of {@code r} that may be unbounded (a budget, a price cap): a number at least 0,
     * or "unbounded" (the default); a negative one is the error naming the field and both allowed forms (it said
     * only "must be >= 0", as the type error once said only "must be a number").
     */
    static double unboundedOrNonNegative(TreeReader r, String field) {
        double v = r.number(field, Double.POSITIVE_INFINITY, true);
        if (v < 0) {
            throw r.child(field)
                    .error("must be >= 0 or \"unbounded\", got "
                            + r.child(field).described());
        }
        return v;
    }

    /** {@code v}, the value of {@code field} of {@code r}, when it is at least 0; else the error naming the field. */
    static double nonNegative(TreeReader r, String field, double v) {
        if (v < 0) {
            throw r.child(field).error("must be >= 0, got " + v);
        }
        return v;
    }

    /** The job's {@code nodes}: at least 1 and at most the domain's {@code nodeCount}. */
    static int nodesAsked(TreeReader job, int nodeCount) {
        int n = job.integer("nodes");
        if (n < 1) {
            throw job.child("nodes").error("must be >= 1, got " + n);
        }
        if (n > nodeCount) {
            throw job.child("nodes").error("asks for " + n + " nodes but the domain has only " + nodeCount);
        }
        return n;
    }

    static double[] horizon(TreeReader h) {
        if (h.isNumber()) {
            double end = h.asNumber();
            if (!(end > 0)) {
                throw h.error("must be > 0 (or a [start, end] pair), got " + end);
            }
            return new double[] {0, end};
        }
        if (!h.isArray()) {
            throw h.error("must be a number (the end; start 0) or a [start, end] pair, got " + h.described());
        }
        List<TreeReader> e = h.elements();
        if (e.size() != 2) {
            throw h.error("must be a [start, end] pair, got " + e.size() + " values");
        }
        double a = e.get(0).asNumber();
        double b = e.get(1).asNumber();
        if (!(b > a)) {
            throw h.error("end " + b + " must be after start " + a);
        }
        return new double[] {a, b};
    }

    static Interval interval(TreeReader b) {
        if (!b.isArray() || b.elements().size() != 2) {
            throw b.error("must be a [start, end] pair");
        }
        double a = b.elements().get(0).asNumber();
        double e = b.elements().get(1).asNumber();
        if (e < a) {
            throw b.error("end " + e + " is before start " + a);
        }
        return new Interval(a, e);
    }

    /**
     * The most tasks of one job a node's free time may hold ({@link #requireFewAlternatives}): real problems hold
     * tens; at 2,000,000 a batch of one job on two nodes took 20 s.
     */
    public static final double MAX_TASKS_PER_NODE = 1e6;

    /**
     * Fails when a task of the request fits more than {@link #MAX_TASKS_PER_NODE} times into some node's free time
     * within the horizon: the searches of disjoint alternatives (select's csa, batch's css, slicer and bsf) take one
     * window after another until none is left, and did not end (a volume of 1e-12, or one below the time tolerance,
     * whose cuts leave the slots as they were).
     *
     * @param volumeField where the volume came from, for the message ({@code FILE: jobs[0].volume})
     */
    public static void requireFewAlternatives(String volumeField, ResourceDomain domain, ResourceRequest request) {
        String tiny = tinyTasks(volumeField, domain, request);
        if (tiny != null) {
            throw new InputFormatException(tiny);
        }
    }

    /**
     * How a message writes its numbers: {@code value} a number as given (a volume), {@code count} a figure the
     * message derives (a task's length, a free time, a count of tasks), {@code atLeast} a least value as a hint gives
     * it (rounded up so that it meets the bound).
     */
    public record Numbers(DoubleFunction<String> value, DoubleFunction<String> count, DoubleFunction<String> atLeast) {
        /** As {@code select} and {@code batch} write them: {@link Parameter#shown}, {@link Sizes#count} and atLeast. */
        public static final Numbers FILE = new Numbers(Parameter::shown, Sizes::count, Sizes::atLeast);
    }

    /** What {@link #requireFewAlternatives} would say, or null when the request's tasks are not too small. */
    public static String tinyTasks(String volumeField, ResourceDomain domain, ResourceRequest request) {
        return tinyTasks(volumeField, domain, request, Numbers.FILE);
    }

    /** {@link #tinyTasks(String, ResourceDomain, ResourceRequest)} with its numbers written as {@code shown} says. */
    public static String tinyTasks(String volumeField, ResourceDomain domain, ResourceRequest request, Numbers shown) {
        Map<Integer, Double> work = freeWork(domain.slots());
        // the node with the most work: the least volume every node accepts is a millionth of it
        Node most = null;
        double w = 0;
        for (Node n : domain.nodes()) {
            double nw = work.getOrDefault(n.index(), 0.0);
            if (most == null || nw > w) {
                most = n;
                w = nw;
            }
        }
        double tasks = w / request.volume();
        if (most != null && tasks > MAX_TASKS_PER_NODE) {
            return volumeField + " " + shown.value().apply(request.volume()) + " is a task of "
                    + shown.count().apply(request.volume() / most.performance()) + " on node '" + most.id()
                    + "', whose free time of " + shown.count().apply(w / most.performance()) + " holds "
                    + shown.count().apply(Math.floor(tasks))
                    + " of them; the search of disjoint alternatives would not end: give a volume of at least "
                    + shown.atLeast().apply(w / MAX_TASKS_PER_NODE) + " (a task of a millionth of that free time)";
        }
        return null;
    }

    /**
     * Whether every node's free time in {@code slots} holds at most {@link #MAX_TASKS_PER_NODE} tasks of {@code
     * volume} ({@link #requireFewAlternatives} without the message): the service's quotes leave CSA out otherwise.
     */
    public static boolean fewAlternatives(SlotList slots, double volume) {
        return mostFreeWork(slots) / volume <= MAX_TASKS_PER_NODE;
    }

    /** The most work one node can run in the free time of {@code slots} (free time times performance). */
    public static double mostFreeWork(SlotList slots) {
        double most = 0;
        for (double w : freeWork(slots).values()) {
            most = Math.max(most, w);
        }
        return most;
    }

    /** Each node's free time in {@code slots} times its performance: the work it can run, by node index. */
    private static Map<Integer, Double> freeWork(SlotList slots) {
        Map<Integer, Double> work = new HashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            work.merge(slots.node(i), (slots.end(i) - slots.start(i)) * slots.performance(i), Double::sum);
        }
        return work;
    }

    static ResourceRequest request(TreeReader job, int nodeCount, String... extraFields) {
        List<String> fields =
                new ArrayList<>(List.of("nodes", "volume", "minPerformance", "budget", "arrival", "maxPrice"));
        fields.addAll(List.of(extraFields));
        job.onlyFields(fields.toArray(new String[0]));
        int n = nodesAsked(job, nodeCount);
        double volume = job.number("volume");
        if (!(volume > 0)) {
            throw job.child("volume").error("must be > 0, got " + volume);
        }
        double minPerf = nonNegative(job, "minPerformance", job.number("minPerformance", 0, false));
        double budget = unboundedOrNonNegative(job, "budget");
        double arrival = job.number("arrival", 0, false);
        double maxPrice = unboundedOrNonNegative(job, "maxPrice");
        try {
            return new ResourceRequest(n, volume, minPerf, budget, arrival, maxPrice);
        } catch (IllegalArgumentException e) {
            throw new InputFormatException(job.file() + ": " + e.getMessage(), e);
        }
    }
}
