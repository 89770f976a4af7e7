package org.metasched.service;

import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import io.javalin.http.sse.SseHandler;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JsonGenerator;

/**
 * {@code GET /v1/events} with {@code Accept: text/event-stream}: every state change as a server-sent event, to any
 * token, as it is committed, and, for a client that says where it stopped ({@code Last-Event-ID}, or {@code
 * ?lastEventId=} for one that cannot set headers), every stored change it missed first.
 *
 * <p>Every change is already an event row written in its own transaction, numbered without gaps ({@code GET
 * /v1/events} as JSON lists them for the operator). Each client has its own position: the number of the last event
 * it was sent. One thread wakes after every commit (and every {@value #POLL_MS} ms in any case), reads the rows after
 * the lowest position and sends each client the rows after its own, in order, so a resuming client is replayed and then
 * carried on live with nothing missed and nothing twice. A row goes out cut to what the token may see: the operator
 * gets the row as the JSON list has it, a user the subject and data of its own jobs only, an owner those of its own
 * nodes only; to everyone else an event says only its kind, number and time (enough to know that the view changed).
 *
 * <p>Every event's data names the service {@code instance} (new at every start). The stream opens with {@code hello}
 * (the last event's number, the oldest retained, and {@code after}: the changes that follow are those after it); a
 * {@code reset} follows when the client's position cannot be honoured: past the last event (another database, or one
 * made anew) or older than the events kept ({@code event-retention}): the client should reload its view. A comment
 * every {@value #KEEP_ALIVE_MS} ms keeps idle connections open. Nothing is read while no one listens.
 */
final class LiveEvents implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.http");
    static final long POLL_MS = 1000;
    static final long KEEP_ALIVE_MS = 15_000;
    /** The most rows read at once; a client further behind is replayed in several reads, without waiting between. */
    static final int BATCH = 1000;

    private static final Pattern EVENT_ID = Pattern.compile("[0-9]+");

    /** A client: its token and the number of the last event it was sent (guarded by the {@link LiveEvents}). */
    private static final class Listener {
        final SseClient client;
        final Token who;
        long sent;

        Listener(SseClient client, Token who, long sent) {
            this.client = client;
            this.who = who;
            this.sent = sent;
        }
    }

    private final Metascheduler m;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private Thread poller;
    private volatile boolean closed;
    private final Object signal = new Object();
    private boolean woken;

    LiveEvents(Metascheduler m) {
        this.m = m;
        if (m != null) {
            m.onCommit(this::wake);
        }
    }

    /** A change was committed (or a client joined): read the new events now. */
    private void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    /** Whether the request asks for the event stream. */
    static boolean wanted(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.contains("text/event-stream");
    }

    /**
     * Where the client stopped: the {@code Last-Event-ID} header, else the {@code lastEventId} query parameter; null
     * when it sends neither (it starts from now). Any whole number >= 0 is an id; one past the newest event is
     * answered with a reset, however large.
     */
    static BigInteger lastEventId(Context ctx) {
        String name = "Last-Event-ID";
        String v = ctx.header(name);
        if (v == null || v.isBlank()) {
            name = "lastEventId";
            v = ctx.queryParam(name);
        }
        if (v == null || v.isBlank()) {
            return null;
        }
        if (!EVENT_ID.matcher(v.strip()).matches()) {
            throw ApiException.badInput(
                    name,
                    "'" + org.metasched.io.Text.shown(v, 60) + "' is not an event id; expected the id of the last"
                            + " event received (a whole number >= 0, the id: line of a change event), or none to"
                            + " start from now");
        }
        // any whole number: one past the newest event, however large (past a long too), is a reset, not bad input
        return new BigInteger(v.strip());
    }

    /** A HEAD of the stream: what {@link #open} would answer before its first event, without opening it. */
    void head(Context ctx) {
        if (closed || m.draining()) {
            throw ApiException.unavailable("the service is shutting down; reconnect after it restarts");
        }
        lastEventId(ctx);
        ctx.status(200);
        ctx.contentType("text/event-stream;charset=utf-8");
        ctx.header("Cache-Control", "no-cache");
        ctx.header("X-Accel-Buffering", "no");
    }

    /**
     * Opens the stream: {@code hello}, a {@code reset} when the client's position cannot be honoured, every stored
     * change after the position, then every change as it commits.
     */
    void open(Context ctx, Token who) {
        if (closed || m.draining()) {
            throw ApiException.unavailable("the service is shutting down; reconnect after it restarts");
        }
        BigInteger resume = lastEventId(ctx);
        new SseHandler(client -> {
                    client.keepAlive();
                    Store.EventSpan span = m.eventSpan();
                    long after;
                    String reset = null;
                    if (resume == null) {
                        after = span.last();
                    } else if (resume.compareTo(BigInteger.valueOf(span.last())) > 0) {
                        after = span.last();
                        reset = reset(
                                "unknown",
                                "event " + resume + " is past the last event " + span.last()
                                        + " of this service (it comes from another database, or this one was"
                                        + " made anew): reload the view; the changes after " + after + " follow",
                                resume,
                                span);
                    } else if (span.count() > 0 && resume.longValueExact() < span.first() - 1) {
                        after = span.first() - 1;
                        reset = reset(
                                "missed",
                                "the events after " + resume + " up to " + after
                                        + " are older than event-retention and were deleted: reload the view;"
                                        + " the events from " + span.first() + " follow",
                                resume,
                                span);
                    } else {
                        after = resume.longValueExact();
                    }
                    Listener l = new Listener(client, who, after);
                    client.onClose(() -> listeners.remove(l));
                    String hello = json(g -> {
                        g.writeNumberProperty("last", span.last());
                        g.writeNumberProperty("first", span.first());
                        g.writeNumberProperty("after", after);
                        g.writeStringProperty("role", who.role().shortName());
                    });
                    // under the lock the poller sends with: hello and reset come first, then the rows after 'after'
                    synchronized (this) {
                        startPolling();
                        client.sendEvent("hello", hello);
                        if (reset != null) {
                            client.sendEvent("reset", reset, Long.toString(after));
                        }
                        listeners.add(l);
                    }
                    wake();
                })
                .handle(ctx);
    }

    private String reset(String reason, String detail, BigInteger lastEventId, Store.EventSpan span) {
        return json(g -> {
            g.writeStringProperty("reason", reason);
            g.writeStringProperty("detail", detail);
            g.writeNumberProperty("lastEventId", lastEventId);
            g.writeNumberProperty("first", span.first());
            g.writeNumberProperty("last", span.last());
        });
    }

    /** An event's data: a JSON object of {@code fields} and the service's instance. */
    private String json(Consumer<JsonGenerator> fields) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            fields.accept(g);
            g.writeStringProperty("instance", m.instance());
            g.writeEndObject();
        }
        return s.toString();
    }

    private void startPolling() {
        if (poller != null) {
            return;
        }
        poller = new Thread(this::poll, "metasched-events");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        long lastSent = System.currentTimeMillis();
        boolean more = false;
        while (!closed) {
            if (!more) {
                try {
                    synchronized (signal) {
                        if (!woken) {
                            signal.wait(POLL_MS);
                        }
                        woken = false;
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
            more = false;
            if (listeners.isEmpty()) {
                continue;
            }
            try {
                long from = Long.MAX_VALUE;
                synchronized (this) {
                    for (Listener l : listeners) {
                        from = Math.min(from, l.sent);
                    }
                }
                List<Store.EventRow> rows = m.events(from, BATCH);
                more = rows.size() == BATCH;
                if (!rows.isEmpty()) {
                    synchronized (this) {
                        for (Listener l : listeners) {
                            if (l.sent < from) {
                                more = true; // it joined after 'from' was taken: the next read starts at its position
                            } else {
                                sendAll(l, rows);
                            }
                        }
                    }
                    lastSent = System.currentTimeMillis();
                }
                if (System.currentTimeMillis() - lastSent > KEEP_ALIVE_MS) {
                    synchronized (this) {
                        for (Listener l : listeners) {
                            l.client.sendComment("keep-alive");
                        }
                    }
                    lastSent = System.currentTimeMillis();
                }
            } catch (Database.Unavailable e) {
                LOG.warn("live events paused: {}", e.getMessage());
            } catch (RuntimeException e) {
                LOG.error("live events failed (a bug in metasched)", e);
            }
        }
    }

    /**
     * Sends {@code l} the rows after its position, in order; {@code rows} are all the rows after a number no greater
     * than its position (the caller holds the lock).
     */
    private void sendAll(Listener l, List<Store.EventRow> rows) {
        for (Store.EventRow e : rows) {
            if (e.seq() <= l.sent) {
                continue;
            }
            if (l.client.terminated()) {
                listeners.remove(l);
                return;
            }
            if (e.seq() > l.sent + 1) {
                // the numbers have no gaps: the ones between were deleted (event-retention) before this client got them
                long missedAfter = l.sent;
                Store.EventSpan now = m.eventSpan();
                Store.EventSpan span = new Store.EventSpan(e.seq(), now.last(), now.count());
                l.client.sendEvent(
                        "reset",
                        reset(
                                "missed",
                                "the events after " + missedAfter + " up to " + (e.seq() - 1)
                                        + " are older than event-retention and were deleted: reload the view;"
                                        + " the events from " + e.seq() + " follow",
                                BigInteger.valueOf(missedAfter),
                                span),
                        Long.toString(e.seq() - 1));
            }
            send(l, e);
            l.sent = e.seq();
        }
    }

    private void send(Listener l, Store.EventRow e) {
        Token who = l.who;
        boolean full = who.role() == Role.OPERATOR
                || (e.owner() != null
                        && e.owner().equals(who.name())
                        && (who.role() == Role.USER) == e.kind().startsWith("job."));
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            JsonViews.event(g, e, full, m.instance());
        }
        l.client.sendEvent("change", s.toString(), Long.toString(e.seq()));
    }

    /** Ends every stream (the service stops). */
    @Override
    public void close() {
        closed = true;
        Thread t;
        synchronized (this) {
            t = poller;
        }
        if (t != null) {
            t.interrupt();
        }
        for (Listener l : listeners) {
            try {
                l.client.close();
            } catch (RuntimeException e) {
                // already gone
            }
        }
        listeners.clear();
    }
}
