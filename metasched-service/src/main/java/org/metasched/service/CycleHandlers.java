package org.metasched.service;

import static org.metasched.io.JsonOutput.number;
import static org.metasched.service.Http.body;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.longParam;
import static org.metasched.service.JsonViews.cycleSummary;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Token;
import tools.jackson.core.JsonGenerator;

/** The HTTP handlers of {@code /v1/cycles} and {@code /v1/clock}: run and list cycles, read and move the clock. */
final class CycleHandlers {
    private final Metascheduler m;

    CycleHandlers(Metascheduler m) {
        this.m = m;
    }

    void runCycle(Context c, Token w) {
        Body.parse(body(c), true).only();
        Metascheduler.CycleOutcome o = m.runCycle();
        if (!o.ran()) {
            StringWriter s = new StringWriter();
            try (JsonGenerator g = JsonOutput.compact(s)) {
                g.writeStartObject();
                g.writeNullProperty("cycle");
                g.writeStringProperty("detail", o.nothingToPlan());
                g.writeEndObject();
            }
            json(c, 200, s.toString());
            return;
        }
        c.header("Location", "/v1/cycles/" + o.n());
        json(c, 201, o.plan());
    }

    void listCycles(Context c, Token w) {
        long after = longParam(c, "after", 0);
        int limit = Http.limitParam(c);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("cycles");
            g.writeStartArray();
            List<Store.CycleRow> rows = m.cycles(after, limit);
            for (Store.CycleRow r : rows) {
                cycleSummary(g, r);
            }
            g.writeEndArray();
            Http.next(
                    g,
                    limit,
                    rows.size(),
                    rows.isEmpty() ? after : rows.get(rows.size() - 1).n());
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    String clock() {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("mode", m.clock().mode().name().toLowerCase(Locale.ROOT));
            number(g, "time", m.clock().now());
            g.writeEndObject();
        }
        return s.toString();
    }

    void moveClock(Context c, Token w) {
        Body b = Body.parse(body(c), false).only("advance", "to");
        if (b.has("advance") == b.has("to")) {
            throw ApiException.badInput(null, "give exactly one of 'advance' (time to add) and 'to' (the new time)");
        }
        String field = b.has("advance") ? "advance" : "to";
        if (b.wholeAndRounded(field)) {
            // a move by such a number passes the latest time as surely as a time of it
            throw ApiException.badInput(
                    field,
                    "expected a time at most " + Metascheduler.num(Ticker.LATEST_TIME) + " (2^53 - 1, past which"
                            + " doubles skip whole numbers: " + b.literal(field) + " reads as "
                            + Metascheduler.num(Double.parseDouble(b.literal(field))) + "), got " + b.literal(field));
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
}
