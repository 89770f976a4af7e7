package org.metasched.service;

import static org.metasched.io.JsonOutput.number;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.State;
import tools.jackson.core.JsonGenerator;

/**
 * The live web view: the page at {@code /} and its assets (the module's resources under {@code web/} and ECharts from
 * its WebJar: nothing comes from the internet), and {@code GET /v1/view}, everything the page draws in one answer,
 * cut to what the caller's token may see. The operator sees everything; a user sees its own jobs in full and the other
 * reservations anonymised (when and where, not whose or which); an owner sees every reservation anonymised. The page
 * keeps itself current through {@link LiveEvents} ({@code GET /v1/events} as server-sent events).
 */
final class WebView {
    /** The page's files: name, class-path resource, content type. */
    private record Asset(String resource, String type, boolean immutable) {}

    private static final String WEB = "org/metasched/service/web/";

    static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private static final Map<String, Asset> ASSETS = Map.of(
            "app.js", new Asset(WEB + "app.js", "text/javascript; charset=utf-8", false),
            "gantt.js", new Asset(WEB + "gantt.js", "text/javascript; charset=utf-8", false),
            "app.css", new Asset(WEB + "app.css", "text/css; charset=utf-8", false),
            "echarts.min.js", new Asset(ECHARTS, "text/javascript; charset=utf-8", true));

    /** How many of the last cycles the view lists. */
    static final int CYCLES = 12;

    private final Metascheduler m;

    WebView(Metascheduler m) {
        this.m = m;
    }

    /** Registers {@code /} and {@code /ui/{file}}: no token (the page asks for one and keeps it in the tab). */
    void install(JavalinConfig config) {
        io.javalin.http.Handler page = ctx -> {
            ctx.attribute("route", "/");
            send(ctx, new Asset(WEB + "index.html", "text/html; charset=utf-8", false));
        };
        io.javalin.http.Handler file = ctx -> {
            ctx.attribute("route", "/ui/{file}");
            Asset a = ASSETS.get(ctx.pathParam("file"));
            if (a == null) {
                throw ApiException.notFound("no file " + org.metasched.io.Text.shown(ctx.pathParam("file"), 80)
                        + " in the web view (it has app.js, gantt.js, app.css and echarts.min.js)");
            }
            send(ctx, a);
        };
        for (HandlerType method : List.of(HandlerType.GET, HandlerType.HEAD)) { // HEAD: the GET, Jetty sends no body
            config.routes.addEndpoint(new Endpoint(method, "/", page, Set.of()));
            config.routes.addEndpoint(new Endpoint(method, "/ui/{file}", file, Set.of()));
        }
    }

    private static void send(Context ctx, Asset a) throws IOException {
        byte[] bytes;
        try (InputStream in = WebView.class.getClassLoader().getResourceAsStream(a.resource())) {
            if (in == null) {
                throw new IllegalStateException(a.resource() + " is missing from the class path (is the"
                        + " org.webjars.npm:echarts dependency present?)");
            }
            bytes = in.readAllBytes();
        }
        ctx.contentType(a.type());
        // the page's own files are small and change with the service: revalidated; the library is versioned
        ctx.header("Cache-Control", a.immutable() ? "public, max-age=86400" : "no-cache");
        ctx.header("X-Content-Type-Options", "nosniff");
        if (a.type().startsWith("text/html")) {
            ctx.header(
                    "Content-Security-Policy",
                    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
                            + " connect-src 'self'; frame-ancestors 'none'");
            ctx.header("Referrer-Policy", "no-referrer");
        }
        ctx.result(bytes);
    }

    /** Whether {@code who} sees job {@code j} in full. */
    static boolean seesInFull(Token who, String jobOwner) {
        return who.role() == Role.OPERATOR
                || (who.role() == Role.USER && who.name().equals(jobOwner));
    }

    /**
     * {@code GET /v1/view}; with {@code ?since=SEQ} (the {@code last} of a view the caller holds) only what changed
     * after it: the reservations of the jobs that changed (and the keys of those that no longer hold slots in {@code
     * gone}), the nodes only when one changed; the queue, the cycles and the clock always. The page asks for this after
     * every change, so an update costs what changed, not the size of the whole VO.
     */
    void view(Context c, Token who) {
        String given = c.queryParam("since");
        long since = 0;
        if (given != null && !given.isBlank()) {
            try {
                since = Long.parseLong(given.strip());
            } catch (NumberFormatException e) {
                since = -1;
            }
            if (since < 0) {
                throw ApiException.badInput(
                        "since", "'" + org.metasched.io.Text.shown(given) + "' is not an event number (0, 1, ...)");
            }
        }
        long from = since;
        String body = m.database().read(conn -> {
            StringWriter s = new StringWriter();
            try (JsonGenerator g = JsonOutput.compact(s)) {
                render(conn, g, who, from);
            }
            return s.toString();
        });
        c.status(200);
        c.contentType("application/json");
        c.header("Cache-Control", "no-store");
        c.result(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The reservations and running jobs with their slots in one query (the view is read after every change: {@link
     * Store#holding} would read the jobs' every column and their slots in a second round).
     */
    private static final String HOLDING = "SELECT j.id, j.owner, j.state, j.start_time, j.runtime, j.cost, j.budget,"
            + " j.criterion, j.cycle_n, s.node_id, s.start_time, s.end_time FROM jobs j JOIN slots s ON s.job_id = j.id"
            + " WHERE j.state IN ('reserved', 'running')";

    private static final String ORDER = " ORDER BY j.cycle_n, j.batch_pos, j.seq, s.idx";

    /** A delta covers at most this many events; a caller further behind gets the whole view. */
    static final int MAX_DELTA_EVENTS = 5000;

    /** Salt of the anonymised reservations' keys: stable while the service runs, meaningless outside it. */
    private final byte[] salt = new byte[16];

    {
        new java.security.SecureRandom().nextBytes(salt);
    }

    /** The key of a reservation: its job's id for those who may see it, else a salted hash of it. */
    private String key(Token who, String job, String owner) {
        if (seesInFull(who, owner)) {
            return job;
        }
        try {
            java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
            d.update(salt);
            d.update(job.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "x" + java.util.HexFormat.of().formatHex(d.digest(), 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void render(java.sql.Connection conn, JsonGenerator g, Token who, long since) throws java.sql.SQLException {
        Store.EventSpan span = EventStore.eventSpan(conn);
        long last = span.last();
        // a delta: the jobs (and whether nodes) that changed after 'since', unless those events were deleted
        java.util.Set<String> changed = null;
        boolean nodesChanged = true;
        if (since > 0 && since <= last && since >= span.first() - 1 && last - since <= MAX_DELTA_EVENTS) {
            changed = new java.util.LinkedHashSet<>();
            nodesChanged = false;
            for (Store.EventRow e : EventStore.events(conn, since, MAX_DELTA_EVENTS)) {
                if (e.kind().startsWith("job.") && e.subject() != null) {
                    changed.add(e.subject());
                } else if (e.kind().startsWith("node.")) {
                    nodesChanged = true;
                }
            }
        }
        List<NodeRow> nodes = nodesChanged ? NodeStore.nodes(conn) : null;
        List<JobRow> queued = JobStore.jobs(conn, List.of(State.QUEUED), null, 0, 100_000);
        long lastCycle = Store.max(conn, "cycles", "n");
        List<Store.CycleRow> cycles = Store.cycles(conn, Math.max(0, lastCycle - CYCLES), CYCLES);
        g.writeStartObject();
        g.writeNumberProperty("last", last);
        if (changed != null) {
            g.writeNumberProperty("since", since);
        }
        g.writeStringProperty("instance", m.instance());
        g.writeName("you");
        g.writeStartObject();
        g.writeStringProperty("name", who.name());
        g.writeStringProperty("role", who.role().shortName());
        g.writeEndObject();
        g.writeName("clock");
        g.writeStartObject();
        g.writeStringProperty("mode", m.clock().mode().name().toLowerCase(Locale.ROOT));
        number(g, "time", m.clock().now());
        g.writeEndObject();
        number(g, "horizon", m.config().horizon());
        if (nodes != null) {
            g.writeName("nodes");
            g.writeStartArray();
            for (NodeRow n : nodes) {
                g.writeStartObject();
                JsonViews.nodeFields(g, n);
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        // reservations: a job's window; slots as [node, start, end]; anonymised ones carry no id, user or figures
        g.writeName("reservations");
        g.writeStartArray();
        java.util.Set<String> holding = new java.util.HashSet<>();
        List<List<String>> parts = new java.util.ArrayList<>();
        if (changed == null) {
            parts.add(null);
        } else {
            List<String> ids = new java.util.ArrayList<>(changed);
            for (int i = 0; i < ids.size(); i += 500) {
                parts.add(ids.subList(i, Math.min(ids.size(), i + 500)));
            }
        }
        for (List<String> part : parts) {
            String q = HOLDING;
            if (part != null) {
                q += " AND j.id IN (" + String.join(", ", java.util.Collections.nCopies(part.size(), "?")) + ")";
            }
            try (java.sql.PreparedStatement st = conn.prepareStatement(q + ORDER)) {
                for (int i = 0; part != null && i < part.size(); i++) {
                    st.setString(i + 1, part.get(i));
                }
                try (java.sql.ResultSet r = st.executeQuery()) {
                    reservations(r, g, who, holding);
                }
            }
        }
        g.writeEndArray();
        if (changed != null) {
            // the changed jobs that hold nothing now (done, cancelled, failed, back in the queue)
            g.writeName("gone");
            g.writeStartArray();
            if (!changed.isEmpty()) {
                java.util.Map<String, String> owners = new java.util.HashMap<>();
                List<String> ids = new java.util.ArrayList<>(changed);
                for (int i = 0; i < ids.size(); i += 500) {
                    List<String> part = ids.subList(i, Math.min(ids.size(), i + 500));
                    try (java.sql.PreparedStatement st = conn.prepareStatement("SELECT id, owner FROM jobs WHERE id"
                            + " IN (" + String.join(", ", java.util.Collections.nCopies(part.size(), "?")) + ")")) {
                        for (int k = 0; k < part.size(); k++) {
                            st.setString(k + 1, part.get(k));
                        }
                        try (java.sql.ResultSet r = st.executeQuery()) {
                            while (r.next()) {
                                owners.put(r.getString(1), r.getString(2));
                            }
                        }
                    }
                }
                for (String id : changed) {
                    if (!holding.contains(id) && owners.containsKey(id)) {
                        g.writeString(key(who, id, owners.get(id)));
                    }
                }
            }
            g.writeEndArray();
        }

        // the queue: jobs waiting; others' waiting jobs only as a count
        int hidden = 0;
        g.writeName("queue");
        g.writeStartArray();
        for (JobRow j : queued) {
            if (!seesInFull(who, j.owner())) {
                hidden++;
                continue;
            }
            g.writeStartObject();
            g.writeStringProperty("id", j.id());
            g.writeStringProperty("user", j.owner());
            g.writeNumberProperty("nodes", j.nodes());
            number(g, "volume", j.volume());
            number(g, "budget", j.budget());
            g.writeStringProperty("criterion", j.criterion().name());
            number(g, "deadline", j.deadline());
            number(g, "submitted", j.submitted());
            g.writeNumberProperty("cyclesWaited", j.cyclesWaited());
            if (j.reason() == null) {
                g.writeNullProperty("reason");
            } else {
                g.writeStringProperty("reason", j.reason());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberProperty("queueOthers", hidden);
        g.writeNumberProperty("maxCycles", m.config().maxCycles());
        // the last cycles, newest first; their alternatives are GET /v1/cycles/{n} (the operator's)
        g.writeName("cycles");
        g.writeStartArray();
        for (int i = cycles.size() - 1; i >= 0; i--) {
            JsonViews.cycleSummary(g, cycles.get(i));
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Writes the reservations of rows of {@link #HOLDING} (a job's slots are consecutive); adds their jobs to held. */
    private void reservations(java.sql.ResultSet r, JsonGenerator g, Token who, java.util.Set<String> held)
            throws java.sql.SQLException {
        String open = null;
        while (r.next()) {
            String id = r.getString(1);
            if (!id.equals(open)) {
                if (open != null) {
                    g.writeEndArray();
                    g.writeEndObject();
                }
                open = id;
                held.add(id);
                double start = r.getDouble(4);
                String owner = r.getString(2);
                g.writeStartObject();
                g.writeStringProperty("key", key(who, id, owner));
                if (seesInFull(who, owner)) {
                    g.writeStringProperty("job", id);
                    g.writeStringProperty("user", owner);
                    number(g, "cost", r.getDouble(6));
                    number(g, "budget", r.getDouble(7));
                    g.writeStringProperty("criterion", r.getString(8));
                    g.writeNumberProperty("cycle", r.getLong(9));
                } else {
                    g.writeNullProperty("job");
                }
                g.writeStringProperty("state", r.getString(3));
                number(g, "start", start);
                number(g, "finish", start + r.getDouble(5));
                g.writeName("slots");
                g.writeStartArray();
            }
            g.writeStartArray();
            g.writeString(r.getString(10));
            JsonOutput.number(g, r.getDouble(11));
            JsonOutput.number(g, r.getDouble(12));
            g.writeEndArray();
        }
        if (open != null) {
            g.writeEndArray();
            g.writeEndObject();
        }
    }
}
