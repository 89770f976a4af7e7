package org.metasched.service;

import static org.metasched.io.JsonOutput.number;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.metasched.batch.BatchJob;
import org.metasched.io.JsonOutput;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Tolerance;
import org.metasched.model.Window;
import org.metasched.registry.Entry;
import org.metasched.registry.Registry;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Quotes ({@code POST /v1/quotes}): for a job's request, now, the best window of each criterion the window searches
 * offer, on the same slots a cycle would see. A quote holds nothing; accepting one re-checks its window against the
 * slots as they are then (and the account's balance) and reserves exactly that window. No search is implemented
 * here: each criterion is a registered window search.
 */
final class Quotes {
    private Quotes() {}

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * A criterion of a quote and the window search that answers it, by name in {@link #REGISTRY} (resolved where a
     * request or a stored quote is read; the registry's order is the order of a quote's offers).
     */
    static final class Criterion extends Entry {
        static final Registry<Criterion> REGISTRY = new Registry<>("quote criterion");

        static final Criterion FINISH = add("finish", "min-finish", "the earliest finish", BatchJob.Criterion.FINISH);
        static final Criterion COST = add("cost", "min-cost", "the cheapest", BatchJob.Criterion.COST);
        static final Criterion RUNTIME =
                add("runtime", "min-runtime", "the shortest runtime", BatchJob.Criterion.RUNTIME);
        static final Criterion PROC_TIME =
                add("proc-time", "min-proc-time-exact", "the least processor time", BatchJob.Criterion.RUNTIME);
        static final Criterion CSA =
                add("csa", "csa", "CSA: the cheapest of disjoint AMP alternatives", BatchJob.Criterion.COST);

        /** The registered window search that answers it. */
        final String search;
        /** The nearest batch criterion, recorded on the job an accepted quote makes. */
        final BatchJob.Criterion job;

        private Criterion(String name, String search, String description, BatchJob.Criterion job) {
            super(name, "quote-criterion", description);
            this.search = search;
            this.job = job;
        }

        private static Criterion add(String name, String search, String description, BatchJob.Criterion job) {
            return REGISTRY.register(new Criterion(name, search, description, job));
        }

        /** The criterion called {@code s} (case-insensitive, blanks around it ignored); a 400 naming the known ones. */
        static Criterion parse(String s) {
            return REGISTRY.find(s == null ? null : s.strip())
                    .orElseThrow(() -> ApiException.badInput(
                            "criterion",
                            "'" + org.metasched.io.Text.shown(s) + "' is not a quote's criterion, expected one of "
                                    + String.join(", ", REGISTRY.names())));
        }
    }

    /** One criterion's window. */
    record Offer(Criterion criterion, Window window) {}

    /** A stored quote. */
    record Quote(
            String id,
            String owner,
            double created,
            double expires,
            String request,
            String windows,
            String job,
            String criterion,
            String key,
            String reason) {}

    /** The best window per criterion on {@code slots}; a criterion without a window is left out. */
    static List<Offer> offers(SlotList slots, ResourceRequest request, Geometry geometry, double deadline) {
        List<Offer> out = new ArrayList<>();
        for (Criterion c : Criterion.REGISTRY.entries()) {
            if (c == Criterion.CSA && !ProblemReader.fewAlternatives(slots, request.volume())) {
                continue; // its disjoint alternatives of tiny tasks would not end (the rule of metasched batch)
            }
            Optional<Window> w =
                    WindowSearches.create(c.search).find(slots.pricedAtMost(request.maxUnitPrice()), request, geometry);
            if (w.isPresent() && (Double.isNaN(deadline) || Tolerance.le(w.get().finish(), deadline))) {
                out.add(new Offer(c, w.get()));
            }
        }
        return out;
    }

    /** The request's JSON as stored and shown. */
    static String requestJson(Metascheduler.JobRequest r) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeNumberProperty("nodes", r.nodes());
            number(g, "volume", r.volume());
            number(g, "budget", r.budget());
            number(g, "deadline", r.deadline());
            number(g, "minPerformance", r.minPerformance());
            number(g, "maxPrice", r.maxPrice());
            g.writeEndObject();
        }
        return s.toString();
    }

    /** The offers' JSON as stored: each window with its slots' nodes, owners, prices and performances. */
    static String windowsJson(List<Offer> offers, VoDomain vo) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartArray();
            for (Offer o : offers) {
                Window w = o.window();
                g.writeStartObject();
                g.writeStringProperty("criterion", o.criterion().name());
                g.writeStringProperty("search", o.criterion().search);
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
                    g.writeStringProperty("owner", vo.owner(a.node().id()));
                    number(g, "start", a.start());
                    number(g, "end", a.end());
                    number(g, "price", a.node().unitPrice());
                    number(g, "performance", a.node().performance());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return s.toString();
    }

    /** What {@code GET /v1/quotes/{id}} answers. */
    static String json(Quote q, double now, String reason) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("id", q.id());
            g.writeStringProperty("user", q.owner());
            g.writeStringProperty(
                    "status", q.job() != null ? "accepted" : Tolerance.gt(now, q.expires()) ? "expired" : "open");
            number(g, "time", q.created());
            number(g, "expires", q.expires());
            g.writeName("request");
            g.writeRawValue(q.request());
            g.writeName("windows");
            g.writeRawValue(q.windows());
            if (reason != null) {
                g.writeStringProperty("reason", reason);
            }
            if (q.job() != null) {
                g.writeStringProperty("job", q.job());
                g.writeStringProperty("accepted", q.criterion());
            }
            g.writeEndObject();
        }
        return s.toString();
    }

    /** One quoted window read back: the criterion's window and its slots. */
    record Quoted(String criterion, double start, double runtime, double cost, double processorTime, List<Slot> slots) {
        /** One slot of it. */
        record Slot(String node, double start, double end, double price, double performance) {}

        List<SlotRow> slotRows() {
            List<SlotRow> out = new ArrayList<>();
            slots.forEach(x -> out.add(new SlotRow(x.node(), x.start(), x.end(), x.end())));
            return out;
        }

        /** Its finish: the start plus the runtime. */
        double finish() {
            return start + runtime;
        }

        /**
         * The same slots (nodes, lengths, prices, so the same cost) moved later to start at {@code t}: a window that
         * began between the quote and its acceptance, as it could still be reserved then.
         */
        Quoted startingAt(double t) {
            double by = t - start;
            List<Slot> moved = new ArrayList<>();
            for (Slot x : slots) {
                moved.add(new Slot(x.node(), x.start() + by, x.end() + by, x.price(), x.performance()));
            }
            return new Quoted(criterion, t, runtime, cost, processorTime, moved);
        }

        /** What reserving it holds (millionths), as {@link Ledger#holdOf} counts a window. */
        long hold() {
            long total = 0;
            for (Slot x : slots) {
                total += Ledger.micros((x.end() - x.start()) * x.price());
            }
            return total;
        }
    }

    /** The window of criterion {@code criterion} in {@code q} (null: the first one, the earliest finish). */
    static Quoted window(Quote q, String criterion) {
        JsonNode all = JSON.readTree(q.windows());
        if (all.isEmpty()) {
            throw ApiException.conflict("quote " + q.id() + " has no window to accept");
        }
        String wanted = criterion == null
                ? all.get(0).get("criterion").asString()
                : Criterion.parse(criterion).name();
        for (JsonNode w : all) {
            if (w.get("criterion").asString().equals(wanted)) {
                List<Quoted.Slot> slots = new ArrayList<>();
                for (JsonNode x : w.get("slots")) {
                    slots.add(new Quoted.Slot(
                            x.get("node").asString(),
                            x.get("start").asDouble(),
                            x.get("end").asDouble(),
                            x.get("price").asDouble(),
                            x.get("performance").asDouble()));
                }
                return new Quoted(
                        wanted,
                        w.get("start").asDouble(),
                        w.get("runtime").asDouble(),
                        w.get("cost").asDouble(),
                        w.get("processorTime").asDouble(),
                        slots);
            }
        }
        throw ApiException.conflict(
                "quote " + q.id() + " has no " + wanted + " window (no window of that criterion was found)");
    }

    /**
     * Why {@code w} cannot be reserved now; null when every slot is still free at the quoted price. A job in the way is
     * named only to a caller who sees it in the live view ({@link WebView#seesInFull}), else "another user's job".
     */
    static String stale(Connection c, Quoted w, ServiceConfig.Token who) throws SQLException {
        List<JobRow> holding = JobStore.holding(c);
        for (Quoted.Slot x : w.slots()) {
            NodeRow n = NodeStore.node(c, x.node());
            if (n == null) {
                return "node " + x.node() + " was withdrawn";
            }
            if (!Tolerance.eq(n.price(), x.price()) || !Tolerance.eq(n.performance(), x.performance())) {
                return "node " + x.node() + " changed its price or performance";
            }
            for (Interval iv : n.busy()) {
                if (Tolerance.lt(iv.start(), x.end()) && Tolerance.lt(x.start(), iv.end())) {
                    return "node " + x.node() + "'s owner is busy in [" + Metascheduler.num(iv.start()) + ", "
                            + Metascheduler.num(iv.end()) + ")";
                }
            }
            for (JobRow h : holding) {
                for (SlotRow s : h.slots()) {
                    if (s.node().equals(x.node())
                            && Tolerance.lt(s.start(), x.end())
                            && Tolerance.lt(x.start(), s.end())) {
                        String job = WebView.seesInFull(who, h.owner()) ? "job " + h.id() : "another user's job";
                        return job + " holds node " + x.node() + " in [" + Metascheduler.num(s.start()) + ", "
                                + Metascheduler.num(s.end()) + ")";
                    }
                }
            }
        }
        return null;
    }

    static void insert(Connection c, Quote q) throws SQLException {
        SqlValues.update(
                c,
                "INSERT INTO quotes (id, seq, owner, created, expires, request, windows, reason)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                q.id(),
                Long.parseLong(q.id().substring(1)),
                q.owner(),
                q.created(),
                q.expires(),
                q.request(),
                q.windows(),
                q.reason());
    }

    static Quote find(Connection c, String id) throws SQLException {
        return SqlValues.first(
                c,
                "SELECT id, owner, created, expires, request, windows, job_id, criterion, idempotency_key, reason"
                        + " FROM quotes WHERE id = ?",
                r -> new Quote(
                        r.getString(1),
                        r.getString(2),
                        r.getDouble(3),
                        r.getDouble(4),
                        r.getString(5),
                        r.getString(6),
                        r.getString(7),
                        r.getString(8),
                        r.getString(9),
                        r.getString(10)),
                id);
    }

    static void accepted(Connection c, String id, String job, String criterion, String key) throws SQLException {
        SqlValues.update(
                c,
                "UPDATE quotes SET job_id = ?, criterion = ?, idempotency_key = ? WHERE id = ?",
                job,
                criterion,
                key,
                id);
        SqlValues.update(c, "UPDATE jobs SET quote_id = ? WHERE id = ?", id, job);
    }
}
