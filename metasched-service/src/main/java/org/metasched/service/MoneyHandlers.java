package org.metasched.service;

import static org.metasched.io.JsonOutput.number;
import static org.metasched.service.Http.body;
import static org.metasched.service.Http.id;
import static org.metasched.service.Http.idempotencyKey;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.longParam;
import static org.metasched.service.JsonViews.account;
import static org.metasched.service.JsonViews.job;
import static org.metasched.service.JsonViews.nullableString;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.util.List;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import tools.jackson.core.JsonGenerator;

/**
 * The HTTP handlers of {@code /v1/quotes} and {@code /v1/accounts}: quotes made and accepted, accounts, ledgers,
 * credits.
 */
final class MoneyHandlers {
    private final Metascheduler m;

    MoneyHandlers(Metascheduler m) {
        this.m = m;
    }

    void quote(Context c, Token w) {
        Body b = Body.parse(body(c), false)
                .only("nodes", "volume", "budget", "deadline", "minPerformance", "maxPrice", "criterion");
        String q = m.quote(w, JobHandlers.jobRequest(m, b));
        c.header("Location", "/v1/quotes/" + q.substring(7, q.indexOf('"', 7)));
        json(c, 201, q);
    }

    void accept(Context c, Token w) {
        Body b = Body.parse(body(c), true).only("criterion");
        String criterion = b.has("criterion") ? b.string("criterion", null) : null;
        if (criterion != null) {
            Quotes.Criterion.parse(criterion); // 400 before anything else
        }
        String key = idempotencyKey(c);
        Metascheduler.Accepted a = m.accept(w, id(c), criterion, key);
        if (a.job() == null) {
            String fresh;
            try {
                fresh = m.requote(w, id(c));
            } catch (ApiException e) {
                if (e.status() != 400) {
                    throw e;
                }
                // the request cannot be quoted now (a task too short at a far clock): the 409 says why, unquoted
                throw ApiException.conflict(a.stale() + "; no fresh quote: " + e.getMessage());
            }
            throw ApiException.conflict(a.stale() + "; a fresh quote is attached")
                    .with("quote", fresh);
        }
        c.header("Location", "/v1/jobs/" + a.job().id());
        json(c, a.created() ? 201 : 200, job(a.job()));
    }

    void credit(Context c, Token w) {
        Body b = Body.parse(body(c), false).only("amount", "memo");
        double amount = b.number("amount");
        if (!(amount >= 1 / Ledger.MICROS) || !Double.isFinite(amount) || amount > 1e12) {
            // below a millionth the ledger's whole millionths would credit 0 (1e-7 was 201 and changed nothing)
            throw ApiException.badInput(
                    "amount",
                    "must be a number from 0.000001 (a millionth, the ledger's unit) to 1e12, got "
                            + Metascheduler.num(amount));
        }
        String memo = b.string("memo", null);
        if (memo != null && memo.length() > 400) {
            throw ApiException.badInput("memo", "is " + memo.length() + " characters, at most 400");
        }
        json(c, 201, account(m.credit(id(c), amount, memo)));
    }

    void accounts(Context c, Token w) {
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

    void ledger(Context c, Token w) {
        long after = longParam(c, "after", 0);
        int limit = Http.limitParam(c);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("account", id(c));
            g.writeName("rows");
            g.writeStartArray();
            List<Ledger.Row> rows = m.ledger(w, id(c), after, limit);
            for (Ledger.Row r : rows) {
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
            Http.next(
                    g,
                    limit,
                    rows.size(),
                    rows.isEmpty() ? after : rows.get(rows.size() - 1).seq());
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }
}
