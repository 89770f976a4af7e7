package org.metasched.service;

import static org.metasched.io.JsonOutput.number;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.metasched.batch.BatchScheduler;
import org.metasched.io.JsonOutput;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.service.Store.JobRow;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;
import tools.jackson.core.JsonGenerator;

/**
 * Why a job waits after a cycle, in the user's terms ({@code GET /v1/jobs/{id}/why}): one of
 *
 * <ul>
 *   <li>{@code no-window}: no n slots of the job's kind are free at once before the cycle's horizon, at any price;
 *   <li>{@code over-budget}: windows exist but every one costs more than the budget; {@code cheapest} is the cheapest
 *       (the min-cost window search with no budget on the cycle's slots);
 *   <li>{@code taken}: a window within the budget exists on the cycle's slots, but the batch's criterion gave those
 *       slots to other jobs of the batch: {@code takenBy} names them and {@code gained} is what their windows add
 *       to the cycle's objective ({@code objective});
 *   <li>{@code not-combined}: the job had windows, but no combination of its (sub-)batch fitted the DP's limit;
 *   <li>{@code deadline}: its window finishes after its deadline;
 *   <li>{@code balance}: its window costs more than its account has available;
 *   <li>{@code too-few-nodes}: it asks for more nodes than the VO has;
 *   <li>{@code min-performance}: fewer of the VO's nodes than it asks for meet its minimum performance ({@code
 *       minPerformance}, with {@code fastest}, the fastest node's performance): it waits for a faster node until
 *       {@code max-cycles};
 *   <li>{@code max-price}: fewer of the VO's nodes than it asks for meet both its minimum performance and its maximum
 *       price ({@code maxPrice}, with {@code cheapestPrice}, the price of the cheapest node fast enough for it): it
 *       waits for a cheaper node until {@code max-cycles};
 *   <li>{@code too-small}: its task is less than a millionth of some node's free time in the cycle's horizon, or
 *       shorter on the fastest node than the cycle's times tell apart ({@link NumberLimits#shortestTask});
 *   <li>{@code not-planned}: no cycle has planned it yet;
 *   <li>{@code requeued}: its reservation was cancelled (a node of it withdrawn with force) and no cycle has planned
 *       it since.
 * </ul>
 *
 * <p>{@code min-performance} and {@code max-price} count the VO's published nodes, busy or not, as their messages say
 * ("2 of the VO's 3 nodes meet it now"): a job that enough nodes meet, some without free time in the horizon, waits
 * for that time and is {@code no-window}, not told to wait for a new node.
 *
 * <p>The text is stored as the job's {@code reason}, the whole as its {@code why} (JSON).
 */
record Why(
        long cycle,
        String kind,
        String message,
        Window cheapest,
        List<String> takenBy,
        double gained,
        double objective,
        Map<String, Object> figures) {

    /** The cycle's context the reasons are computed in. */
    record Context(
            long cycle,
            List<Node> nodes,
            SlotList slots,
            Geometry geometry,
            double horizonEnd,
            BatchScheduler.Settings settings,
            double objective,
            Map<String, Window> reserved) {}

    static Why of(long cycle, String kind, String message) {
        return new Why(cycle, kind, message, null, List.of(), Double.NaN, Double.NaN, Map.of());
    }

    /**
     * Why {@code j} got no window in the cycle {@code x}, given its alternatives there (empty when it had none or
     * was dropped).
     */
    static Why explain(Context x, JobRow j, ResourceRequest request, List<Window> alternatives) {
        long n = x.cycle();
        Why slow = belowMinPerformance(n, x.nodes(), j.nodes(), j.minPerformance());
        if (slow != null) {
            return slow;
        }
        Why dear = aboveMaxPrice(n, x.nodes(), j.nodes(), request.minPerformance(), request.maxUnitPrice());
        if (dear != null) {
            return dear;
        }
        Optional<Window> cheapest = WindowSearches.create("min-cost")
                .find(
                        x.slots().pricedAtMost(request.maxUnitPrice()),
                        request.withBudget(Double.POSITIVE_INFINITY),
                        x.geometry());
        String slots = j.nodes() == 1 ? " slot" : " slots";
        String kindOf = j.nodes()
                + (j.minPerformance() > 0 ? slots + " of performance >= " + num(j.minPerformance()) : slots)
                + (Double.isFinite(j.maxPrice()) ? " priced <= " + num(j.maxPrice()) : "");
        if (cheapest.isEmpty()) {
            return of(
                    n,
                    "no-window",
                    "cycle " + n + " found no window: no " + kindOf + (j.nodes() == 1 ? " is" : " are")
                            + " free at once before time " + num(x.horizonEnd()) + ", at any price");
        }
        Window c = cheapest.get();
        if (Tolerance.gt(c.cost(), j.budget())) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("budget", j.budget());
            return new Why(
                    n,
                    "over-budget",
                    "cycle " + n + ": every window costs more than its budget " + num(j.budget())
                            + "; the cheapest starts at " + num(c.start()) + ", finishes at " + num(c.finish())
                            + " on " + nodes(c) + " and costs " + num(c.cost()),
                    c,
                    List.of(),
                    Double.NaN,
                    Double.NaN,
                    f);
        }
        List<Window> usable = new ArrayList<>(alternatives);
        usable.add(c);
        List<String> takers = new ArrayList<>();
        double gained = 0;
        for (Map.Entry<String, Window> r : x.reserved().entrySet()) {
            if (!r.getKey().equals(j.id()) && usable.stream().anyMatch(u -> overlap(u, r.getValue()))) {
                takers.add(r.getKey());
                gained += BatchScheduler.value(
                        r.getValue(),
                        x.settings().problem().efficiencyIsTime(),
                        x.settings().time());
            }
        }
        String problem = x.settings().problem().name();
        if (!takers.isEmpty()) {
            return new Why(
                    n,
                    "taken",
                    "cycle " + n + ": windows within its budget existed (the cheapest costs " + num(c.cost())
                            + "), but the batch's criterion (" + problem + ") gave their slots to "
                            + String.join(", ", takers) + ", whose windows add " + num(gained)
                            + " to the cycle's objective " + num(x.objective()),
                    c,
                    List.copyOf(takers),
                    gained,
                    x.objective(),
                    Map.of());
        }
        return new Why(
                n,
                "not-combined",
                "cycle " + n + " found windows within its budget (the cheapest costs " + num(c.cost())
                        + "), but no combination of its " + (alternatives.isEmpty() ? "batch" : "sub-batch")
                        + " fitted the criterion's limit (" + problem + ")",
                c,
                List.of(),
                Double.NaN,
                x.objective(),
                Map.of());
    }

    /**
     * Why a job of {@code n} nodes of performance at least {@code minPerformance} can have no window on {@code nodes}
     * whatever is free (kind {@code min-performance}), or null when {@code n} of them are fast enough. Such a job is
     * accepted (a faster node may be published) and waits until {@code max-cycles}; this says so in its why, where
     * {@code no-window} spoke of slots not free at once. The VO's count of nodes is {@code too-few-nodes}'s.
     */
    static Why belowMinPerformance(long cycle, List<Node> nodes, int n, double minPerformance) {
        if (!(minPerformance > 0) || nodes.isEmpty()) {
            return null;
        }
        int meeting = 0;
        Node fastest = nodes.get(0);
        for (Node d : nodes) {
            if (d.performance() >= minPerformance) {
                meeting++;
            }
            if (d.performance() > fastest.performance()) {
                fastest = d;
            }
        }
        if (meeting >= n) {
            return null;
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("minPerformance", minPerformance);
        f.put("fastest", fastest.performance());
        String message = meeting == 0
                ? "no node meets its minimum performance " + num(minPerformance) + ": the fastest, " + fastest.id()
                        + ", has performance " + num(fastest.performance())
                : "it needs " + n + " nodes of at least its minimum performance " + num(minPerformance) + ", "
                        + meeting + " of the VO's " + nodes.size() + " nodes " + (meeting == 1 ? "meets" : "meet")
                        + " it now";
        return new Why(
                cycle,
                "min-performance",
                "cycle " + cycle + ": " + message,
                null,
                List.of(),
                Double.NaN,
                Double.NaN,
                f);
    }

    /**
     * Why a job of {@code n} nodes of performance at least {@code minPerformance} and price at most {@code maxPrice}
     * can have no window on {@code nodes} whatever is free (kind {@code max-price}), or null when {@code n} of them
     * meet both limits (or the price is not limited). The price rule is {@link SlotList#pricedAtMost}'s, the one the
     * window searches use ({@link Tolerance}), the performance rule the AEP scan's; a job too few nodes are fast
     * enough for is {@link #belowMinPerformance}'s. Where {@code no-window} spoke of slots not free at once, this
     * names the limit and the cheapest price a node fast enough for the job has.
     */
    static Why aboveMaxPrice(long cycle, List<Node> nodes, int n, double minPerformance, double maxPrice) {
        if (maxPrice == Double.POSITIVE_INFINITY) {
            return null;
        }
        int meeting = 0;
        Node cheapest = null;
        for (Node d : nodes) {
            if (d.performance() < minPerformance) {
                continue;
            }
            if (SlotList.pricedWithin(d.unitPrice(), maxPrice)) {
                meeting++;
            }
            if (cheapest == null || d.unitPrice() < cheapest.unitPrice()) {
                cheapest = d;
            }
        }
        if (meeting >= n || cheapest == null) {
            return null;
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("maxPrice", maxPrice);
        f.put("cheapestPrice", cheapest.unitPrice());
        boolean both = minPerformance > 0;
        String message = meeting == 0
                ? "no node" + (both ? " of at least its minimum performance " + num(minPerformance) : "")
                        + " is priced within its maximum price " + num(maxPrice) + ": the cheapest, " + cheapest.id()
                        + ", costs " + num(cheapest.unitPrice())
                : "it needs " + n + " nodes priced within its maximum price " + num(maxPrice)
                        + (both ? " and of at least its minimum performance " + num(minPerformance) : "") + ", "
                        + meeting + " of the VO's " + nodes.size() + " nodes " + (meeting == 1 ? "meets " : "meet ")
                        + (both ? "both" : "it") + " now";
        return new Why(
                cycle, "max-price", "cycle " + cycle + ": " + message, null, List.of(), Double.NaN, Double.NaN, f);
    }

    private static boolean overlap(Window a, Window b) {
        for (Allocation p : a.allocations()) {
            for (Allocation q : b.allocations()) {
                if (p.node().id().equals(q.node().id())
                        && Tolerance.lt(p.start(), q.end())
                        && Tolerance.lt(q.start(), p.end())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String nodes(Window w) {
        List<String> ids = new ArrayList<>();
        w.allocations().forEach(a -> ids.add(a.node().id()));
        return String.join(", ", ids);
    }

    /** The stored form. */
    String json() {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            if (cycle > 0) {
                g.writeNumberProperty("cycle", cycle);
            } else {
                g.writeNullProperty("cycle");
            }
            g.writeStringProperty("kind", kind);
            g.writeStringProperty("message", message);
            g.writeName("cheapest");
            if (cheapest == null) {
                g.writeNull();
            } else {
                window(g, cheapest);
            }
            g.writeName("takenBy");
            g.writeStartArray();
            for (String t : takenBy) {
                g.writeString(t);
            }
            g.writeEndArray();
            number(g, "gained", gained);
            number(g, "objective", objective);
            for (Map.Entry<String, Object> f : figures.entrySet()) {
                if (f.getValue() instanceof Number v) {
                    number(g, f.getKey(), v.doubleValue());
                } else {
                    g.writeStringProperty(f.getKey(), String.valueOf(f.getValue()));
                }
            }
            g.writeEndObject();
        }
        return s.toString();
    }

    /** A window as the API shows it: start, finish, runtime, cost, processor time and its slots. */
    static void window(JsonGenerator g, Window w) {
        g.writeStartObject();
        number(g, "start", w.start());
        number(g, "finish", w.finish());
        number(g, "runtime", w.runtime());
        number(g, "cost", w.cost());
        number(g, "processorTime", w.processorTime());
        g.writeName("slots");
        g.writeStartArray();
        for (Allocation a : w.allocations()) {
            g.writeStartObject();
            g.writeStringProperty("node", a.node().id());
            number(g, "start", a.start());
            number(g, "end", a.end());
            number(g, "price", a.node().unitPrice());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static String num(double d) {
        return Metascheduler.num(d);
    }
}
