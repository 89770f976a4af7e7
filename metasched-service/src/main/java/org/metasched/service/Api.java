package org.metasched.service;

import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.io.JsonOutput;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JsonGenerator;

/**
 * The HTTP API, versioned under {@code /v1} (the routes are registered in this class; {@code openapi.json} describes each,
 * and a test checks that the two agree). Every call but the probes, the metrics and the document needs a bearer
 * token of the configuration file; errors are RFC 9457 {@code application/problem+json}. One log line per request:
 * method, path, status, milliseconds and the caller's name, never a token or a body.
 */
final class Api {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.http");
    static final String PROBLEM_JSON = "application/problem+json";
    private static final String JSON = "application/json";

    /** A route: method, path template, who may call it (null: anyone, no token). */
    record Route(HandlerType method, String path, List<Role> roles, Handler handler) {}

    @FunctionalInterface
    interface Handler {
        void handle(Context ctx, Token who) throws Exception;
    }

    private final Metascheduler m;
    private final ServiceMetrics metrics;
    private final byte[] openapi;
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    final List<Route> routes;
    private final WebView web;
    final LiveEvents live;

    Api(Metascheduler m, ServiceMetrics metrics) {
        this.m = m;
        this.metrics = metrics;
        this.web = new WebView(m);
        this.live = new LiveEvents(m);
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            this.openapi = in.readAllBytes();
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("openapi.json is missing from the service's resources", e);
        }
        List<Role> anyRole = List.of(Role.OWNER, Role.USER, Role.OPERATOR);
        List<Role> operator = List.of(Role.OPERATOR);
        List<Role> users = List.of(Role.USER, Role.OPERATOR);
        routes = List.of(
                new Route(HandlerType.GET, "/v1/health", null, (c, w) -> json(c, 200, "{\"status\":\"up\"}")),
                new Route(HandlerType.GET, "/v1/ready", null, this::ready),
                new Route(HandlerType.GET, "/metrics", null, (c, w) -> {
                    c.contentType("text/plain; version=0.0.4; charset=utf-8");
                    c.result(metrics.scrape(m));
                }),
                new Route(HandlerType.GET, "/v1/openapi.json", null, (c, w) -> {
                    c.contentType(JSON);
                    c.result(openapi);
                }),
                new Route(HandlerType.GET, "/v1/nodes", anyRole, this::listNodes),
                new Route(HandlerType.GET, "/v1/nodes/{id}", anyRole, this::getNode),
                new Route(HandlerType.PUT, "/v1/nodes/{id}", List.of(Role.OWNER), this::putNode),
                new Route(HandlerType.DELETE, "/v1/nodes/{id}", List.of(Role.OWNER, Role.OPERATOR), this::deleteNode),
                new Route(HandlerType.POST, "/v1/jobs", List.of(Role.USER), this::submit),
                new Route(HandlerType.GET, "/v1/jobs", users, this::listJobs),
                new Route(HandlerType.GET, "/v1/jobs/{id}", users, (c, w) -> json(c, 200, job(m.job(w, id(c))))),
                new Route(HandlerType.DELETE, "/v1/jobs/{id}", users, (c, w) -> {
                    noBody(c);
                    json(c, 200, job(m.cancel(w, id(c))));
                }),
                new Route(HandlerType.POST, "/v1/jobs/{id}/finished", users, this::finished),
                new Route(HandlerType.GET, "/v1/jobs/{id}/why", users, (c, w) -> json(c, 200, m.why(w, id(c)))),
                new Route(HandlerType.POST, "/v1/quotes", List.of(Role.USER), this::quote),
                new Route(HandlerType.GET, "/v1/quotes/{id}", users, (c, w) -> json(c, 200, m.quoteJson(w, id(c)))),
                new Route(HandlerType.POST, "/v1/quotes/{id}/accept", List.of(Role.USER), this::accept),
                new Route(HandlerType.GET, "/v1/accounts", anyRole, this::accounts),
                new Route(
                        HandlerType.GET,
                        "/v1/accounts/{id}",
                        anyRole,
                        (c, w) -> json(c, 200, account(m.account(w, id(c))))),
                new Route(HandlerType.GET, "/v1/accounts/{id}/ledger", anyRole, this::ledger),
                new Route(HandlerType.POST, "/v1/accounts/{id}/credit", operator, this::credit),
                new Route(HandlerType.POST, "/v1/cycles", operator, this::runCycle),
                new Route(HandlerType.GET, "/v1/cycles", operator, this::listCycles),
                new Route(
                        HandlerType.GET,
                        "/v1/cycles/{n}",
                        operator,
                        (c, w) -> json(c, 200, m.cycleText(cycleNumber(c), "plan"))),
                new Route(
                        HandlerType.GET,
                        "/v1/cycles/{n}/input",
                        operator,
                        (c, w) -> json(c, 200, m.cycleText(cycleNumber(c), "input"))),
                new Route(HandlerType.GET, "/v1/clock", anyRole, (c, w) -> json(c, 200, clock())),
                new Route(HandlerType.POST, "/v1/clock", operator, this::moveClock),
                new Route(HandlerType.GET, "/v1/events", anyRole, this::events),
                new Route(HandlerType.GET, "/v1/events/info", anyRole, this::eventsInfo),
                new Route(HandlerType.GET, "/v1/view", anyRole, web::view));
    }

    /** Registers the routes, the error answers and the request log on a Javalin configuration. */
    void install(JavalinConfig config) {
        config.http.maxRequestSize = ServiceConfig.MAX_BODY_BYTES;
        config.router.ignoreTrailingSlashes = true;
        for (Route r : routes) {
            config.routes.addEndpoint(
                    new io.javalin.router.Endpoint(r.method(), r.path(), ctx -> serve(r, ctx), java.util.Set.of()));
        }
        web.install(config);
        config.routes.exception(Exception.class, (e, ctx) -> problem(ctx, e));
        config.routes.error(404, "*", ctx -> {
            if (ctx.attribute("route") == null) {
                ctx.attribute("route", "unmatched");
                problemBody(
                        ctx,
                        404,
                        "no-route",
                        "no resource " + org.metasched.io.Text.shown(ctx.path(), 120) + " (" + ctx.method()
                                + "); /v1/openapi.json lists them",
                        null);
            }
        });
        config.routes.error(405, "*", ctx -> {
            if (ctx.attribute("route") == null) {
                ctx.attribute("route", "unmatched");
                problemBody(
                        ctx,
                        405,
                        "method-not-allowed",
                        ctx.method() + " is not allowed on " + org.metasched.io.Text.shown(ctx.path(), 120),
                        null);
            }
        });
        config.requestLogger.http((ctx, ms) -> {
            String route = ctx.attribute("route");
            route = route == null ? "unmatched" : route;
            metrics.request(ctx.method().name(), route, ctx.statusCode(), (long) (ms * 1e6));
            String who = ctx.attribute("who");
            LOG.info(
                    "{} {} {} {} ms{}",
                    ctx.method(),
                    org.metasched.io.Text.shown(ctx.path(), 200),
                    ctx.statusCode(),
                    String.format(Locale.ROOT, "%.1f", ms),
                    who == null ? "" : " " + who);
        });
    }

    /** Requests being handled now. */
    int inFlight() {
        return inFlight.get();
    }

    private void serve(Route r, Context ctx) throws Exception {
        inFlight.incrementAndGet();
        try {
            route(r, ctx);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private void route(Route r, Context ctx) throws Exception {
        ctx.attribute("route", r.path());
        Token who = null;
        if (r.roles() != null) {
            who = authenticate(ctx);
            ctx.attribute("who", who.name());
            if (!r.roles().contains(who.role())) {
                throw ApiException.forbidden(who.role().shortName() + " " + who.name() + " may not " + ctx.method()
                        + " " + r.path() + " (it is for " + names(r.roles()) + ")");
            }
        }
        r.handler().handle(ctx, who);
    }

    private Token authenticate(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || h.isBlank()) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw ApiException.unauthorized("no bearer token: send 'Authorization: Bearer TOKEN' with a token of the"
                    + " service's configuration file");
        }
        String[] parts = h.strip().split("\\s+", -1);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_request\"");
            throw ApiException.unauthorized("malformed Authorization header: expected 'Bearer TOKEN'");
        }
        Token t = m.config().token(parts[1]);
        if (t == null) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            throw ApiException.unauthorized("unknown token: not one of the service's configuration file");
        }
        return t;
    }

    private static String names(List<Role> roles) {
        List<String> s = new ArrayList<>();
        roles.forEach(r -> s.add(r.shortName() + "s"));
        return String.join(" and ", s);
    }

    // ------------------------------------------------------------------------------------------ handlers

    private void ready(Context c, Token w) {
        String why =
                m.draining() ? "the service is shutting down" : m.database().notReady();
        if (why != null) {
            throw ApiException.unavailable("not ready: " + why);
        }
        json(c, 200, "{\"ready\":true}");
    }

    private void listNodes(Context c, Token w) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("nodes");
            g.writeStartArray();
            for (NodeRow n : m.nodes()) {
                g.writeStartObject();
                nodeFields(g, n);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    private void getNode(Context c, Token w) {
        Metascheduler.NodeView v = m.node(id(c));
        json(c, 200, node(v));
    }

    private void putNode(Context c, Token w) {
        String id = id(c);
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
            throw ApiException.badInput(
                    "id",
                    "'" + org.metasched.io.Text.shown(id)
                            + "' is not a node id: letters, digits, '.', '_' and '-', at most 100, starting with a letter or"
                            + " digit");
        }
        if (!w.owns(id)) {
            throw ApiException.forbidden(
                    "owner " + w.name() + " may publish only its own nodes " + w.nodes() + ", not " + id);
        }
        Body b = Body.parse(body(c), false).only("performance", "price", "busy");
        double p = b.number("performance");
        if (!(p > 0)) {
            throw ApiException.badInput("performance", "must be > 0, got " + Metascheduler.num(p));
        }
        double price = b.number("price");
        if (price < 0) {
            throw ApiException.badInput("price", "must be >= 0, got " + Metascheduler.num(price));
        }
        List<double[]> pairs = b.pairs("busy");
        List<Interval> busy = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            double[] iv = pairs.get(i);
            if (!(iv[1] > iv[0])) {
                throw ApiException.badInput(
                        "busy[" + i + "]",
                        "end " + Metascheduler.num(iv[1]) + " must be after start " + Metascheduler.num(iv[0]));
            }
            busy.add(new Interval(iv[0], iv[1]));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < busy.size(); i++) {
            order.add(i);
        }
        order.sort((x, y) -> Double.compare(busy.get(x).start(), busy.get(y).start()));
        for (int k = 1; k < order.size(); k++) {
            Interval a = busy.get(order.get(k - 1));
            Interval bb = busy.get(order.get(k));
            if (bb.start() < a.end()) {
                throw ApiException.badInput(
                        "busy[" + order.get(k) + "]",
                        "[" + Metascheduler.num(bb.start()) + ", "
                                + Metascheduler.num(bb.end()) + ") overlaps busy[" + order.get(k - 1) + "] ["
                                + Metascheduler.num(a.start()) + ", " + Metascheduler.num(a.end())
                                + "); give each busy time once");
            }
        }
        List<Interval> sorted = new ArrayList<>();
        order.forEach(i -> sorted.add(busy.get(i)));
        Metascheduler.Published pub = m.putNode(w, id, p, price, sorted);
        json(c, pub.created() ? 201 : 200, node(m.node(id)));
    }

    private void deleteNode(Context c, Token w) {
        noBody(c);
        String force = c.queryParam("force");
        boolean f = force != null && (force.isEmpty() || force.equalsIgnoreCase("true") || force.equals("1"));
        if (force != null && !f && !force.equalsIgnoreCase("false") && !force.equals("0")) {
            throw ApiException.badInput(
                    "force", "'" + org.metasched.io.Text.shown(force) + "', expected true or false");
        }
        Metascheduler.Withdrawn wd = m.deleteNode(w, id(c), f);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("deleted", wd.node());
            g.writeName("cancelled");
            g.writeStartArray();
            for (Map.Entry<String, Store.State> e : wd.jobs().entrySet()) {
                g.writeStartObject();
                g.writeStringProperty("job", e.getKey());
                g.writeStringProperty("state", e.getValue().shortName());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    private void submit(Context c, Token w) {
        Body b = Body.parse(body(c), false)
                .only("nodes", "volume", "budget", "criterion", "deadline", "clientId", "minPerformance", "maxPrice");
        Metascheduler.JobRequest req = jobRequest(b);
        String key = idempotencyKey(c);
        Metascheduler.Submitted s = m.submit(w, req, key);
        c.header("Location", "/v1/jobs/" + s.job().id());
        json(c, s.created() ? 201 : 200, job(s.job()));
    }

    private static String idempotencyKey(Context c) {
        String key = c.header("Idempotency-Key");
        if (key != null && (key.isBlank() || key.length() > 200)) {
            throw ApiException.badInput("Idempotency-Key", "must be 1 to 200 characters");
        }
        return key;
    }

    private void quote(Context c, Token w) {
        Body b = Body.parse(body(c), false)
                .only("nodes", "volume", "budget", "deadline", "minPerformance", "maxPrice", "criterion");
        String q = m.quote(w, jobRequest(b));
        c.header("Location", "/v1/quotes/" + q.substring(7, q.indexOf('"', 7)));
        json(c, 201, q);
    }

    private void accept(Context c, Token w) {
        Body b = Body.parse(body(c), true).only("criterion");
        String criterion = b.has("criterion") ? b.string("criterion", null) : null;
        if (criterion != null) {
            Quotes.Criterion.parse(criterion); // 400 before anything else
        }
        String key = idempotencyKey(c);
        Metascheduler.Accepted a = m.accept(w, id(c), criterion, key);
        if (a.job() == null) {
            String fresh = m.requote(w, id(c));
            throw ApiException.conflict(a.stale() + "; a fresh quote is attached")
                    .with("quote", fresh);
        }
        c.header("Location", "/v1/jobs/" + a.job().id());
        json(c, a.created() ? 201 : 200, job(a.job()));
    }

    private void credit(Context c, Token w) {
        Body b = Body.parse(body(c), false).only("amount", "memo");
        double amount = b.number("amount");
        if (!(amount > 0) || !Double.isFinite(amount) || amount > 1e12) {
            throw ApiException.badInput(
                    "amount", "must be a number > 0 and at most 1e12, got " + Metascheduler.num(amount));
        }
        String memo = b.string("memo", null);
        if (memo != null && memo.length() > 400) {
            throw ApiException.badInput("memo", "is " + memo.length() + " characters, at most 400");
        }
        json(c, 201, account(m.credit(id(c), amount, memo)));
    }

    private void accounts(Context c, Token w) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("accounts");
            g.writeStartArray();
            for (Ledger.Account a : m.accounts(w)) {
                g.writeRawValue(account(a));
            }
            g.writeEndArray();
            if (w.role() == Role.OPERATOR) {
                number(g, "total", m.ledgerTotal());
            }
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    private void ledger(Context c, Token w) {
        long after = longParam(c, "after", 0);
        int limit = (int) Math.min(longParam(c, "limit", 1000), 10_000);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("account", id(c));
            g.writeName("rows");
            g.writeStartArray();
            for (Ledger.Row r : m.ledger(w, id(c), after, limit)) {
                g.writeStartObject();
                g.writeNumberProperty("seq", r.seq());
                g.writeNumberProperty("entry", r.entry());
                number(g, "time", r.time());
                g.writeStringProperty("bucket", r.bucket());
                number(g, "amount", r.amount());
                g.writeStringProperty("kind", r.kind());
                nullableString(g, "job", r.job());
                nullableString(g, "memo", r.memo());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    static String account(Ledger.Account a) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("id", a.id());
            number(g, "balance", a.balance());
            number(g, "available", a.available());
            number(g, "held", a.held());
            number(g, "spent", a.spent());
            number(g, "earned", a.earned());
            number(g, "credited", a.credited());
            g.writeEndObject();
        }
        return s.toString();
    }

    private Metascheduler.JobRequest jobRequest(Body b) {
        int n = b.integer("nodes");
        if (n < 1) {
            throw ApiException.badInput("nodes", "must be >= 1, got " + n);
        }
        double v = b.number("volume");
        if (!(v > 0)) {
            throw ApiException.badInput("volume", "must be > 0, got " + Metascheduler.num(v));
        }
        double budget = b.number("budget");
        if (budget < 0) {
            throw ApiException.badInput("budget", "must be >= 0, got " + Metascheduler.num(budget));
        }
        BatchJob.Criterion crit;
        try {
            crit = BatchJob.Criterion.parse(b.string("criterion", "cost"), "criterion");
        } catch (InputFormatException e) {
            throw ApiException.badInput(
                    "criterion",
                    "'" + org.metasched.io.Text.shown(b.string("criterion", ""))
                            + "' is not a criterion, expected start, runtime, finish or cost");
        }
        double deadline = b.number("deadline", Double.NaN);
        double now = m.clock().now();
        if (!Double.isNaN(deadline) && deadline <= now) {
            throw ApiException.badInput(
                    "deadline",
                    "must be after the current time " + Metascheduler.num(now) + ", got "
                            + Metascheduler.num(deadline));
        }
        String clientId = b.string("clientId", null);
        if (clientId != null && clientId.length() > 200) {
            throw ApiException.badInput("clientId", "is " + clientId.length() + " characters, at most 200");
        }
        double minPerf = b.number("minPerformance", 0);
        if (minPerf < 0) {
            throw ApiException.badInput("minPerformance", "must be >= 0, got " + Metascheduler.num(minPerf));
        }
        double maxPrice = b.number("maxPrice", Double.POSITIVE_INFINITY);
        if (maxPrice < 0) {
            throw ApiException.badInput("maxPrice", "must be >= 0, got " + Metascheduler.num(maxPrice));
        }
        return new Metascheduler.JobRequest(n, v, budget, crit, deadline, clientId, minPerf, maxPrice);
    }

    private void listJobs(Context c, Token w) {
        List<Store.State> states = new ArrayList<>();
        String st = c.queryParam("state");
        if (st != null && !st.isBlank()) {
            for (String s : st.split(",", -1)) {
                try {
                    states.add(Store.State.parse(s.strip()));
                } catch (IllegalArgumentException e) {
                    throw ApiException.badInput(
                            "state",
                            "'" + org.metasched.io.Text.shown(s)
                                    + "' is not a job state, expected queued, reserved, running, done, failed or cancelled");
                }
            }
        }
        long after = longParam(c, "after", 0);
        int limit = (int) Math.min(longParam(c, "limit", 1000), 10_000);
        List<JobRow> jobs = m.jobs(w, states, after, limit);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("jobs");
            g.writeStartArray();
            for (JobRow j : jobs) {
                g.writeStartObject();
                jobFields(g, j);
                g.writeEndObject();
            }
            g.writeEndArray();
            if (jobs.size() == limit) {
                g.writeNumberProperty("next", jobs.get(jobs.size() - 1).seq());
            }
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    private void finished(Context c, Token w) {
        Body b = Body.parse(body(c), true).only("runtime");
        Double runtime = b.has("runtime") ? b.number("runtime") : null;
        json(c, 200, job(m.finished(w, id(c), runtime)));
    }

    private void runCycle(Context c, Token w) {
        Body.parse(body(c), true).only();
        Metascheduler.CycleOutcome o = m.runCycle();
        if (o == null) {
            json(
                    c,
                    200,
                    "{\"cycle\":null,\"detail\":\"no job is waiting (or no node is published): nothing to plan\"}");
            return;
        }
        c.header("Location", "/v1/cycles/" + o.n());
        json(c, 201, o.plan());
    }

    private void listCycles(Context c, Token w) {
        long after = longParam(c, "after", 0);
        int limit = (int) Math.min(longParam(c, "limit", 1000), 10_000);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("cycles");
            g.writeStartArray();
            for (Store.CycleRow r : m.cycles(after, limit)) {
                cycleSummary(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    private String clock() {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("mode", m.clock().mode().name().toLowerCase(Locale.ROOT));
            number(g, "time", m.clock().now());
            g.writeEndObject();
        }
        return s.toString();
    }

    private void moveClock(Context c, Token w) {
        Body b = Body.parse(body(c), false).only("advance", "to");
        if (b.has("advance") == b.has("to")) {
            throw ApiException.badInput(null, "give exactly one of 'advance' (time to add) and 'to' (the new time)");
        }
        Double by = null;
        Double to = null;
        if (b.has("advance")) {
            by = b.number("advance");
            if (by < 0) {
                throw ApiException.badInput(
                        "advance", "must be >= 0 (the clock never goes back), got " + Metascheduler.num(by));
            }
        } else {
            to = b.number("to");
        }
        m.advance(by, to);
        json(c, 200, clock());
    }

    private void events(Context c, Token w) {
        if (LiveEvents.wanted(c)) {
            live.open(c, w);
            return;
        }
        if (w.role() != Role.OPERATOR) {
            throw ApiException.forbidden(w.role().shortName() + " " + w.name() + " may not GET /v1/events as JSON (it"
                    + " is for operators); the live stream, Accept: text/event-stream, is for every token");
        }
        long after = longParam(c, "after", 0);
        int limit = (int) Math.min(longParam(c, "limit", 1000), 10_000);
        StringWriter s = new StringWriter();
        long last = after;
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("instance", m.instance());
            g.writeName("events");
            g.writeStartArray();
            for (Store.EventRow e : m.events(after, limit)) {
                event(g, e, true);
                last = e.seq();
            }
            g.writeEndArray();
            g.writeNumberProperty("last", last);
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    /** What a client resuming the event stream may ask for: the retained events' numbers and the retention. */
    private void eventsInfo(Context c, Token w) {
        Store.EventSpan span = m.eventSpan();
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("instance", m.instance());
            g.writeNumberProperty("first", span.first());
            g.writeNumberProperty("last", span.last());
            g.writeNumberProperty("count", span.count());
            number(g, "retention", m.config().eventRetention());
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    // ------------------------------------------------------------------------------------------ JSON views

    /** A cycle as {@code GET /v1/cycles} lists it. */
    static void cycleSummary(JsonGenerator g, Store.CycleRow r) {
        g.writeStartObject();
        g.writeNumberProperty("cycle", r.n());
        number(g, "time", r.time());
        g.writeStringProperty("scheme", r.scheme());
        g.writeStringProperty("problem", r.problem());
        g.writeBooleanProperty("feasible", r.feasible());
        number(g, "objective", r.objective());
        g.writeNumberProperty("jobs", r.jobs());
        g.writeNumberProperty("reserved", r.reserved());
        g.writeNumberProperty("queued", r.queued());
        g.writeNumberProperty("failed", r.failed());
        number(g, "durationMs", r.durationMs());
        g.writeEndObject();
    }

    /** An event as {@code GET /v1/events} lists it; not {@code full}: only its number, time and kind. */
    static void event(JsonGenerator g, Store.EventRow e, boolean full) {
        event(g, e, full, null);
    }

    /** An event, with the service's {@code instance} when not null (as the event stream sends it). */
    static void event(JsonGenerator g, Store.EventRow e, boolean full, String instance) {
        g.writeStartObject();
        g.writeNumberProperty("seq", e.seq());
        number(g, "time", e.time());
        g.writeStringProperty("kind", e.kind());
        if (full) {
            if (e.subject() != null) {
                g.writeStringProperty("subject", e.subject());
            }
            if (e.owner() != null) {
                g.writeStringProperty("owner", e.owner());
            }
            g.writeName("data");
            g.writeRawValue(e.data());
        }
        if (instance != null) {
            g.writeStringProperty("instance", instance);
        }
        g.writeEndObject();
    }

    static String job(JobRow j) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            jobFields(g, j);
            g.writeEndObject();
        }
        return s.toString();
    }

    private static void jobFields(JsonGenerator g, JobRow j) {
        g.writeStringProperty("id", j.id());
        g.writeStringProperty("user", j.owner());
        nullableString(g, "clientId", j.clientId());
        g.writeStringProperty("state", j.state().shortName());
        nullableString(g, "reason", j.reason());
        g.writeNumberProperty("nodes", j.nodes());
        number(g, "volume", j.volume());
        number(g, "budget", j.budget());
        g.writeStringProperty("criterion", j.criterion().shortName());
        number(g, "deadline", j.deadline());
        number(g, "minPerformance", j.minPerformance());
        number(g, "maxPrice", j.maxPrice());
        number(g, "submitted", j.submitted());
        g.writeNumberProperty("cyclesWaited", j.cyclesWaited());
        if (j.cycle() > 0) {
            g.writeNumberProperty("cycle", j.cycle());
        } else {
            g.writeNullProperty("cycle");
        }
        g.writeName("reservation");
        if (!j.hasReservation()) {
            g.writeNull();
        } else {
            g.writeStartObject();
            number(g, "start", j.start());
            number(g, "finish", j.finish());
            number(g, "runtime", j.runtime());
            number(g, "cost", j.cost());
            number(g, "processorTime", j.processorTime());
            g.writeName("slots");
            g.writeStartArray();
            for (SlotRow s : j.slots()) {
                g.writeStartObject();
                g.writeStringProperty("node", s.node());
                number(g, "start", s.start());
                number(g, "end", s.end());
                number(g, "plannedEnd", s.plannedEnd());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        number(g, "realRuntime", j.realRuntime());
        number(g, "ended", j.ended());
    }

    private static String node(Metascheduler.NodeView v) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            nodeFields(g, v.node());
            g.writeName("reservations");
            g.writeStartArray();
            for (Metascheduler.Hold h : v.holds()) {
                g.writeStartObject();
                g.writeStringProperty("job", h.job());
                number(g, "start", h.start());
                number(g, "end", h.end());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return s.toString();
    }

    static void nodeFields(JsonGenerator g, NodeRow n) {
        g.writeStringProperty("id", n.id());
        g.writeStringProperty("owner", n.owner());
        number(g, "performance", n.performance());
        number(g, "price", n.price());
        g.writeName("busy");
        g.writeStartArray();
        for (Interval iv : n.busy()) {
            g.writeStartArray();
            g.writeNumber(iv.start());
            g.writeNumber(iv.end());
            g.writeEndArray();
        }
        g.writeEndArray();
        number(g, "updated", n.updated());
    }

    private static void number(JsonGenerator g, String name, double v) {
        g.writeName(name);
        JsonOutput.number(g, v);
    }

    private static void nullableString(JsonGenerator g, String name, String v) {
        if (v == null) {
            g.writeNullProperty(name);
        } else {
            g.writeStringProperty(name, v);
        }
    }

    // ------------------------------------------------------------------------------------------- plumbing

    private static String id(Context c) {
        return c.pathParam("id");
    }

    private static long cycleNumber(Context c) {
        String s = c.pathParam("n");
        try {
            long n = Long.parseLong(s);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ApiException.badInput("n", "'" + org.metasched.io.Text.shown(s) + "' is not a cycle number (1, 2, ...)");
    }

    private static long longParam(Context c, String name, long otherwise) {
        String s = c.queryParam(name);
        if (s == null || s.isBlank()) {
            return otherwise;
        }
        try {
            long v = Long.parseLong(s.strip());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ApiException.badInput(name, "'" + org.metasched.io.Text.shown(s) + "' is not a whole number >= 0");
    }

    /** How much of a too large body is read and dropped before the 413 (beyond it the connection is closed). */
    private static final long DRAIN_BYTES = 64L << 20;

    /** The request body, at most {@link ServiceConfig#MAX_BODY_BYTES} (413 beyond). */
    static byte[] body(Context c) {
        String length = c.header("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > ServiceConfig.MAX_BODY_BYTES) {
                    throw tooLarge(c);
                }
            } catch (NumberFormatException e) {
                throw ApiException.badInput("Content-Length", "is not a number");
            }
        }
        try (InputStream in = c.bodyInputStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
                if (out.size() > ServiceConfig.MAX_BODY_BYTES) {
                    throw tooLarge(c);
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw ApiException.badInput(null, "the request body could not be read: " + e.getMessage());
        }
    }

    private static void noBody(Context c) {
        if (body(c).length > 0) {
            throw ApiException.badInput(null, c.method() + " " + c.path() + " takes no body");
        }
    }

    /**
     * The 413 answer. The rest of the body (up to {@link #DRAIN_BYTES}) is read and dropped first: a server that
     * answers and closes while the client is still sending makes most clients (the JDK's among them) see a reset
     * connection instead of the 413.
     */
    private static ApiException tooLarge(Context c) {
        try (InputStream in = c.bodyInputStream()) {
            long skipped = 0;
            byte[] buf = new byte[8192];
            int n;
            while (skipped < DRAIN_BYTES && (n = in.read(buf)) > 0) {
                skipped += n;
            }
        } catch (IOException | RuntimeException e) {
            // the client gave up: nothing left to answer politely
        }
        return new ApiException(
                413,
                "too-large",
                "the request body is larger than " + ServiceConfig.MAX_BODY_BYTES + " bytes (1 MB); nothing was stored",
                null);
    }

    private static void json(Context c, int status, String body) {
        c.status(status);
        c.contentType(JSON);
        c.result(body.getBytes(StandardCharsets.UTF_8));
    }

    private void problem(Context ctx, Exception e) {
        if (ctx.attribute("route") == null) {
            ctx.attribute("route", "unmatched");
        }
        if (e instanceof ApiException a) {
            problemBody(ctx, a.status(), a.code(), a.getMessage(), a.field(), a.extraName(), a.extraJson());
        } else if (e instanceof Database.Unavailable u) {
            LOG.warn("database unavailable: {}", u.getMessage());
            problemBody(ctx, 503, "unavailable", u.getMessage() + "; nothing was changed", null);
        } else if (e instanceof io.javalin.http.HttpResponseException h) {
            int status = h.getStatus();
            problemBody(
                    ctx,
                    status,
                    status == 413 ? "too-large" : "http-" + status,
                    status == 413 ? "the request body is larger than 1 MB; nothing was stored" : h.getMessage(),
                    null);
        } else {
            LOG.error("internal error on {} {}", ctx.method(), ctx.path(), e);
            problemBody(
                    ctx,
                    500,
                    "internal-error",
                    "internal error (a bug in metasched; the log has the details):" + " "
                            + e.getClass().getSimpleName(),
                    null);
        }
    }

    private static void problemBody(Context ctx, int status, String code, String detail, String field) {
        problemBody(ctx, status, code, detail, field, null, null);
    }

    private static void problemBody(
            Context ctx, int status, String code, String detail, String field, String extraName, String extraJson) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("type", "about:blank");
            g.writeStringProperty("title", title(status));
            g.writeNumberProperty("status", status);
            g.writeStringProperty("detail", detail);
            g.writeStringProperty("instance", org.metasched.io.Text.shown(ctx.path(), 200));
            g.writeStringProperty("code", code);
            if (field != null) {
                g.writeStringProperty("field", field);
            }
            if (extraName != null) {
                g.writeName(extraName);
                g.writeRawValue(extraJson);
            }
            g.writeEndObject();
        }
        ctx.status(status);
        ctx.contentType(PROBLEM_JSON);
        ctx.result(s.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String title(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 402 -> "Payment Required";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 422 -> "Unprocessable Content";
            case 503 -> "Service Unavailable";
            default -> status >= 500 ? "Internal Server Error" : "Error";
        };
    }

    /** Builds the Javalin application of this API (not started). */
    Javalin create() {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            install(config);
        });
    }
}
