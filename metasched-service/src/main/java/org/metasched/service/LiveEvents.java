package org.metasched.service;

import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import io.javalin.http.sse.SseHandler;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JsonGenerator;

/**
 * {@code GET /v1/events} with {@code Accept: text/event-stream}: every state change as a server-sent event, to any
 * token, as it is committed. Every change is already an event row written in its own transaction ({@code GET
 * /v1/events} as JSON lists them for the operator); while a client listens, one thread wakes after every commit (and
 * every {@value #POLL_MS} ms in any case), reads the rows after the last one sent and sends each to every client, cut
 * to what its token may see: the operator gets
 * the row as the JSON list has it, a user the subject and data of its own jobs only, an owner those of its own nodes
 * only; to everyone else an event says only its kind, sequence number and time (enough to know that the view changed).
 * A comment every {@value #KEEP_ALIVE_MS} ms keeps idle connections open. Nothing is read while no one listens.
 */
final class LiveEvents implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.http");
    static final long POLL_MS = 1000;
    static final long KEEP_ALIVE_MS = 15_000;

    private record Listener(SseClient client, Token who) {}

    private final Metascheduler m;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private Thread poller;
    private volatile boolean closed;
    private long last = -1;
    private final Object signal = new Object();
    private boolean woken;

    LiveEvents(Metascheduler m) {
        this.m = m;
        if (m != null) {
            m.onCommit(this::wake);
        }
    }

    /** A change was committed: read the new events now. */
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

    /** Opens the stream: a first event {@code hello} with the last event's number, then every change. */
    void open(Context ctx, Token who) {
        if (closed || m.draining()) {
            throw ApiException.unavailable("the service is shutting down; reconnect after it restarts");
        }
        new SseHandler(client -> {
                    client.keepAlive();
                    Listener l = new Listener(client, who);
                    client.onClose(() -> listeners.remove(l));
                    // under the lock the poller sends with: every event after 'last' reaches this client
                    synchronized (this) {
                        startPolling();
                        client.sendEvent(
                                "hello",
                                "{\"last\":" + last + ",\"instance\":\"" + m.instance() + "\",\"role\":\""
                                        + who.role().shortName() + "\"}");
                        listeners.add(l);
                    }
                })
                .handle(ctx);
    }

    private void startPolling() {
        if (poller != null) {
            return;
        }
        last = m.database().read(c -> Store.max(c, "events", "seq"));
        poller = new Thread(this::poll, "metasched-events");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        long lastSent = System.currentTimeMillis();
        while (!closed) {
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
            if (listeners.isEmpty()) {
                continue;
            }
            try {
                List<Store.EventRow> rows = m.events(last, 1000);
                for (Store.EventRow e : rows) {
                    synchronized (this) {
                        for (Listener l : listeners) {
                            send(l, e);
                        }
                        last = e.seq();
                    }
                    lastSent = System.currentTimeMillis();
                }
                if (System.currentTimeMillis() - lastSent > KEEP_ALIVE_MS) {
                    synchronized (this) {
                        for (Listener l : listeners) {
                            l.client().sendComment("keep-alive");
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

    private void send(Listener l, Store.EventRow e) {
        if (l.client().terminated()) {
            listeners.remove(l);
            return;
        }
        Token who = l.who();
        boolean full = who.role() == Role.OPERATOR
                || (e.owner() != null
                        && e.owner().equals(who.name())
                        && (who.role() == Role.USER) == e.kind().startsWith("job."));
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            Api.event(g, e, full);
        }
        l.client().sendEvent("change", s.toString(), Long.toString(e.seq()));
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
                l.client().close();
            } catch (RuntimeException e) {
                // already gone
            }
        }
        listeners.clear();
    }
}
