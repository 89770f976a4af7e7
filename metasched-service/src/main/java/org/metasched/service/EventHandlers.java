package org.metasched.service;

import static org.metasched.io.JsonOutput.number;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.longParam;
import static org.metasched.service.JsonViews.event;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.util.List;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import tools.jackson.core.JsonGenerator;

/**
 * The HTTP handlers of {@code /v1/events}: the events as JSON or the live stream ({@link LiveEvents}), and what a
 * resuming client may ask for.
 */
final class EventHandlers {
    private final Metascheduler m;
    private final LiveEvents live;

    EventHandlers(Metascheduler m, LiveEvents live) {
        this.m = m;
        this.live = live;
    }

    void events(Context c, Token w) {
        if (LiveEvents.wanted(c)) {
            if (c.method().equals(io.javalin.http.HandlerType.HEAD)) {
                live.head(c);
            } else {
                live.open(c, w);
            }
            return;
        }
        if (w.role() != Role.OPERATOR) {
            throw ApiException.forbidden(w.role().shortName() + " " + w.name() + " may not GET /v1/events as JSON (it"
                    + " is for operators); the live stream, Accept: text/event-stream, is for every token");
        }
        long after = longParam(c, "after", 0);
        int limit = Http.limitParam(c);
        StringWriter s = new StringWriter();
        long last = after;
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("instance", m.instance());
            g.writeName("events");
            g.writeStartArray();
            List<Store.EventRow> rows = m.events(after, limit);
            for (Store.EventRow e : rows) {
                event(g, e, true);
                last = e.seq();
            }
            g.writeEndArray();
            g.writeNumberProperty("last", last); // the page's last event, or 'after' for an empty page (as before)
            Http.next(g, limit, rows.size(), last);
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    /** What a client resuming the event stream may ask for: the retained events' numbers and the retention. */
    void eventsInfo(Context c, Token w) {
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
}
