package org.metasched.service;

import static org.metasched.service.Http.cycleNumber;
import static org.metasched.service.Http.id;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.noBody;
import static org.metasched.service.JsonViews.account;
import static org.metasched.service.JsonViews.job;

import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP API, versioned under {@code /v1} (the routes are registered in this class; {@code openapi.json} describes
 * each, and a test checks that the two agree). The handlers live by resource: {@link NodeHandlers},
 * {@link JobHandlers}, {@link MoneyHandlers} (quotes and accounts), {@link CycleHandlers} (cycles and the clock),
 * {@link EventHandlers}, {@link WebView}; {@link Http} reads requests and writes JSON, {@link Problems} writes the
 * errors, {@link JsonViews} the rows. Every call but the probes, the metrics and the document needs a bearer
 * token of the configuration file; errors are RFC 9457 {@code application/problem+json}. One log line per request:
 * method, path, status, milliseconds and the caller's name, never a token or a body.
 */
final class Api {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.http");

    /** A route: method, path template, who may call it (null: anyone, no token). */
    record Route(HandlerType method, String path, List<Role> roles, Handler handler) {}

    @FunctionalInterface
    interface Handler {
        void handle(Context ctx, Token who) throws Exception;
    }

    private final Metascheduler m;
    private final ServiceMetrics metrics;
    private final byte[] openapi;
    private final QueryParameters queries;
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    final List<Route> routes;
    private final WebView web;
    final LiveEvents live;
    private final NodeHandlers nodes;
    private final JobHandlers jobs;
    private final MoneyHandlers money;
    private final CycleHandlers cycles;
    private final EventHandlers events;

    Api(Metascheduler m, ServiceMetrics metrics) {
        this.m = m;
        this.metrics = metrics;
        this.web = new WebView(m);
        this.live = new LiveEvents(m);
        this.nodes = new NodeHandlers(m);
        this.jobs = new JobHandlers(m);
        this.money = new MoneyHandlers(m);
        this.cycles = new CycleHandlers(m);
        this.events = new EventHandlers(m, live);
        try (InputStream in = Api.class.getResourceAsStream("openapi.json")) {
            this.openapi = in.readAllBytes();
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("openapi.json is missing from the service's resources", e);
        }
        this.queries = new QueryParameters(openapi);
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
                    c.contentType(Http.JSON);
                    c.result(openapi);
                }),
                new Route(HandlerType.GET, "/v1/nodes", anyRole, nodes::listNodes),
                new Route(HandlerType.GET, "/v1/nodes/{id}", anyRole, nodes::getNode),
                new Route(HandlerType.PUT, "/v1/nodes/{id}", List.of(Role.OWNER), nodes::putNode),
                new Route(HandlerType.DELETE, "/v1/nodes/{id}", List.of(Role.OWNER, Role.OPERATOR), nodes::deleteNode),
                new Route(HandlerType.POST, "/v1/jobs", List.of(Role.USER), jobs::submit),
                new Route(HandlerType.GET, "/v1/jobs", users, jobs::listJobs),
                new Route(HandlerType.GET, "/v1/jobs/{id}", users, (c, w) -> json(c, 200, job(m.job(w, id(c))))),
                new Route(HandlerType.DELETE, "/v1/jobs/{id}", users, (c, w) -> {
                    noBody(c);
                    json(c, 200, job(m.cancel(w, id(c))));
                }),
                new Route(HandlerType.POST, "/v1/jobs/{id}/finished", users, jobs::finished),
                new Route(HandlerType.GET, "/v1/jobs/{id}/why", users, (c, w) -> json(c, 200, m.why(w, id(c)))),
                new Route(HandlerType.POST, "/v1/quotes", List.of(Role.USER), money::quote),
                new Route(HandlerType.GET, "/v1/quotes/{id}", users, (c, w) -> json(c, 200, m.quoteJson(w, id(c)))),
                new Route(HandlerType.POST, "/v1/quotes/{id}/accept", List.of(Role.USER), money::accept),
                new Route(HandlerType.GET, "/v1/accounts", anyRole, money::accounts),
                new Route(
                        HandlerType.GET,
                        "/v1/accounts/{id}",
                        anyRole,
                        (c, w) -> json(c, 200, account(m.account(w, id(c))))),
                new Route(HandlerType.GET, "/v1/accounts/{id}/ledger", anyRole, money::ledger),
                new Route(HandlerType.POST, "/v1/accounts/{id}/credit", operator, money::credit),
                new Route(HandlerType.POST, "/v1/cycles", operator, cycles::runCycle),
                new Route(HandlerType.GET, "/v1/cycles", operator, cycles::listCycles),
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
                new Route(HandlerType.GET, "/v1/clock", anyRole, (c, w) -> json(c, 200, cycles.clock())),
                new Route(HandlerType.POST, "/v1/clock", operator, cycles::moveClock),
                new Route(HandlerType.GET, "/v1/events", anyRole, events::events),
                new Route(HandlerType.GET, "/v1/events/info", anyRole, events::eventsInfo),
                new Route(HandlerType.GET, "/v1/view", anyRole, web::view));
    }

    /** Registers the routes, the error answers and the request log on a Javalin configuration. */
    void install(JavalinConfig config) {
        config.http.maxRequestSize = ServiceConfig.MAX_BODY_BYTES;
        config.jetty.modifyHttpConfiguration(h -> h.setRequestHeaderSize(ServiceConfig.MAX_HEADER_BYTES));
        // the buffer Javalin copies each answer through (allocated per request; Jetty's 32 kB by default): the
        // answers are mostly well under 8 kB, and a larger one is copied in more steps
        config.http.responseBufferSize = 8192;
        config.router.ignoreTrailingSlashes = true;
        config.http.prefer405over404 = true; // PATCH /v1/jobs: 405, the path exists
        for (Route r : routes) {
            config.routes.addEndpoint(
                    new io.javalin.router.Endpoint(r.method(), r.path(), ctx -> serve(r, ctx), java.util.Set.of()));
            if (r.method().equals(HandlerType.GET)) {
                // HEAD as the GET (Jetty sends no body); Javalin alone answered it 200 without running the route
                config.routes.addEndpoint(new io.javalin.router.Endpoint(
                        HandlerType.HEAD, r.path(), ctx -> serve(r, ctx), java.util.Set.of()));
            }
        }
        web.install(config);
        config.routes.exception(Exception.class, (e, ctx) -> Problems.problem(ctx, e));
        config.routes.error(404, "*", ctx -> {
            if (ctx.attribute("route") == null) {
                Http.dropUnread(ctx);
                ctx.attribute("route", "unmatched");
                Problems.problemBody(
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
                Http.dropUnread(ctx);
                // HEAD is a GET without its body, not a method of its own: Allow names the documented methods
                String allow = ctx.res().getHeader("Allow");
                if (allow != null) {
                    ctx.header("Allow", allow.replace("HEAD, ", "").replace(", HEAD", ""));
                }
                ctx.attribute("route", "unmatched");
                Problems.problemBody(
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
            int status = ctx.statusCode();
            metrics.request(ctx.method().name(), route, status, (long) (ms * 1e6));
            if (LOG.isInfoEnabled()) {
                LOG.info(requestLine(ctx.method().name(), ctx.path(), status, ms, ctx.attribute("who")));
            }
        });
    }

    /**
     * The request's log line: method, path (at most 200 characters, as {@link org.metasched.io.Text#shown} shows it),
     * status, milliseconds with one decimal and the caller's name. Built by hand, once per request: {@code
     * String.format} and Logback's {@code {}} substitution were a few per cent of a submission's CPU.
     */
    static String requestLine(String method, String path, int status, double ms, String who) {
        StringBuilder b = new StringBuilder(96)
                .append(method)
                .append(' ')
                .append(org.metasched.io.Text.shown(path, 200))
                .append(' ')
                .append(status)
                .append(' ');
        if (ms >= 0 && ms < 1e12) { // tenths, rounded half up like %.1f
            long tenths = Math.round(ms * 10);
            b.append(tenths / 10).append('.').append(tenths % 10);
        } else {
            b.append(String.format(Locale.ROOT, "%.1f", ms));
        }
        b.append(" ms");
        if (who != null) {
            b.append(' ').append(who);
        }
        return b.toString();
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
            Http.dropUnread(ctx); // a body the handler did not read, before the answer goes out
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
        queries.check(ctx, r.method().toString(), r.path());
        r.handler().handle(ctx, who);
    }

    private Token authenticate(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || h.isBlank()) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw ApiException.unauthorized("no bearer token: send 'Authorization: Bearer TOKEN' with a token of the"
                    + " service's configuration file");
        }
        String token = bearerToken(h);
        if (token == null) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_request\"");
            throw ApiException.unauthorized("malformed Authorization header: expected 'Bearer TOKEN'");
        }
        Token t = m.config().token(token);
        if (t == null) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            throw ApiException.unauthorized("unknown token: not one of the service's configuration file");
        }
        return t;
    }

    /**
     * The token of an {@code Authorization} header: exactly two words separated by white space, the first {@code
     * Bearer} in any case; null otherwise. (As {@code h.strip().split("\\s+")} would split it, without a regular
     * expression per request.)
     */
    static String bearerToken(String h) {
        String s = h.strip();
        int sp = 0;
        while (sp < s.length() && !space(s.charAt(sp))) {
            sp++;
        }
        int from = sp;
        while (from < s.length() && space(s.charAt(from))) {
            from++;
        }
        if (sp != 6 || from == sp || from == s.length() || !s.regionMatches(true, 0, "Bearer", 0, 6)) {
            return null;
        }
        for (int i = from; i < s.length(); i++) {
            if (space(s.charAt(i))) {
                return null; // a third word
            }
        }
        return s.substring(from);
    }

    /** The characters of the regular expression {@code \s}. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static String names(List<Role> roles) {
        List<String> s = new ArrayList<>();
        roles.forEach(r -> s.add(r.shortName() + "s"));
        return String.join(" and ", s);
    }

    private void ready(Context c, Token w) {
        String why =
                m.draining() ? "the service is shutting down" : m.database().notReady();
        if (why != null) {
            throw ApiException.unavailable("not ready: " + why);
        }
        json(c, 200, "{\"ready\":true}");
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
