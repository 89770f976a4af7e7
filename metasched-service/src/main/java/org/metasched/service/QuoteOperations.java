package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Tolerance;
import org.metasched.service.Metascheduler.Accepted;
import org.metasched.service.Metascheduler.JobRequest;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;

/** Quotes made, read and accepted: a quote's window reserved as it was offered, its cost held on the account. */
final class QuoteOperations {
    private final SchedulerContext ctx;
    private final Ticker ticker;

    QuoteOperations(SchedulerContext ctx, Ticker ticker) {
        this.ctx = ctx;
        this.ticker = ticker;
    }

    /** Makes and stores a quote for {@code req} now; returns its JSON. */
    String quote(Token who, JobRequest req) {
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            ticker.tick(c, now);
            double end = NumberLimits.horizonEnd(now, ctx.config.horizon());
            if (!Double.isNaN(req.deadline())) {
                end = Math.min(end, req.deadline());
            }
            if (!(end > now) && Double.isNaN(req.deadline())) {
                throw ApiException.conflict("the clock at " + num(now) + " is too late for a horizon of "
                        + num(ctx.config.horizon()) + ": no window can be found");
            }
            if (!(end > now)) {
                throw ApiException.badInput(
                        "deadline", "must be after the current time " + num(now) + ", got " + num(req.deadline()));
            }
            VoDomain vo = VoDomain.at(c, now, end);
            double fastest = 0;
            for (org.metasched.model.Node n : vo.nodes()) {
                fastest = Math.max(fastest, n.performance());
            }
            NumberLimits.requireTaskDistinct(req.volume(), fastest, now, ctx.config.horizon());
            ResourceRequest request = BatchRows.batchJob(req).request();
            List<Quotes.Offer> offers = vo.nodes().size() < req.nodes()
                    ? List.of()
                    : Quotes.offers(vo.domain().slots(), request, ctx.config.geometry(), req.deadline());
            String reason = null;
            if (offers.isEmpty()) {
                reason = vo.nodes().size() < req.nodes()
                        ? "it needs " + req.nodes() + " nodes, the VO has "
                                + vo.nodes().size() + " now"
                        : Why.explain(
                                        new Why.Context(
                                                0,
                                                vo.nodes(),
                                                vo.domain().slots(),
                                                ctx.config.geometry(),
                                                end,
                                                BatchRows.settings(ctx.config, 1),
                                                Double.NaN,
                                                Map.of()),
                                        BatchRows.queued("quote", 0, who.name(), null, req, now),
                                        request,
                                        List.of())
                                .message()
                                .replaceFirst("^cycle 0 found|^cycle 0:", "now:");
            }
            long seq = Store.max(c, "quotes", "seq") + 1;
            Quotes.Quote q = new Quotes.Quote(
                    "q" + seq,
                    who.name(),
                    now,
                    now + ctx.config.quoteTtl(),
                    Quotes.requestJson(req),
                    Quotes.windowsJson(offers, vo),
                    null,
                    null,
                    null,
                    reason);
            Quotes.insert(c, q);
            return Quotes.json(q, now, q.reason());
        });
    }

    /** A new quote for the request of quote {@code id} (after it could not be accepted). */
    String requote(Token who, String id) {
        Quotes.Quote q = ctx.db.read(c -> Quotes.find(c, id));
        JsonNodeRequest r = JsonNodeRequest.of(q.request());
        return quote(who, r.request(BatchJob.Criterion.COST));
    }

    /** 403 unless {@code who} made quote {@code q} (as a job of another user is: docs/service.md, "Who may do what"). */
    private static void requireOwn(Token who, Quotes.Quote q) {
        if (!q.owner().equals(who.name())) {
            throw ApiException.forbidden("quote " + q.id() + " belongs to another user");
        }
    }

    /** Quote {@code id} as stored, for its user or the operator. */
    String quoteJson(Token who, String id) {
        return ctx.db.read(c -> {
            Quotes.Quote q = Quotes.find(c, id);
            if (q == null) {
                throw ApiException.notFound("no quote " + id);
            }
            if (who.role() != Role.OPERATOR) {
                requireOwn(who, q);
            }
            return Quotes.json(q, ctx.clock.now(), q.reason());
        });
    }

    /**
     * Accepts quote {@code id}'s window of {@code criterion} (null: its first): reserves exactly that window if its
     * slots are still free and the quote has not expired, holding its cost on the user's account. A window that began
     * since the quote is moved to start now (the same nodes, lengths and prices), if its slots are free for the whole
     * moved length and it still ends by the request's deadline; a reservation never starts before its acceptance.
     */
    Accepted accept(Token who, String id, String criterion, String key) {
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            ticker.tick(c, now);
            Quotes.Quote q = Quotes.find(c, id);
            if (q == null) {
                throw ApiException.notFound("no quote " + id);
            }
            requireOwn(who, q);
            Quotes.Quoted w = Quotes.window(q, criterion);
            if (key != null) {
                requireKeyUnused(c, who, key, q);
            }
            if (q.job() != null) {
                // a retry of the acceptance (the same quote, user and criterion) is its job, with or without the key
                // and after the quote's expiry too; a key names one request: its own, or (422) another
                boolean sameWindow = w.criterion().equals(q.criterion());
                boolean otherKey = key != null && q.key() != null && !key.equals(q.key());
                if (sameWindow && !otherKey) {
                    return new Accepted(JobStore.job(c, q.job()), false, null);
                }
                if (key != null && key.equals(q.key())) {
                    throw Submissions.keyReused(key, q.job());
                }
                throw ApiException.conflict("quote " + id + " was accepted already (" + q.criterion() + ", job "
                        + q.job() + ")" + (otherKey ? " with another Idempotency-Key" : ""));
            }
            if (Tolerance.gt(now, q.expires())) {
                return new Accepted(
                        null,
                        false,
                        "quote " + id + " expired at " + num(q.expires()) + " (the time is " + num(now) + ")");
            }
            String began = null;
            if (w.start() < now) {
                // the window began since the quote (on the wall clock, every acceptance comes a little after it):
                // the same slots from now, never a reservation that starts before it was made
                began = "the " + w.criterion() + " window of quote " + id + " began at " + num(w.start())
                        + " and cannot start now instead (" + num(now) + " to " + num(w.finish() - w.start() + now)
                        + "): ";
                w = w.startingAt(now);
            }
            JsonNodeRequest r = JsonNodeRequest.of(q.request());
            String stale = Quotes.stale(c, w, who);
            if (stale == null && !Double.isNaN(r.deadline()) && Tolerance.gt(w.finish(), r.deadline())) {
                stale = "it would end after the request's deadline " + num(r.deadline());
            }
            if (stale != null) {
                return new Accepted(
                        null,
                        false,
                        began != null
                                ? began + stale
                                : "the " + w.criterion() + " window of quote " + id + " is not free any more: "
                                        + stale);
            }
            long available = Ledger.available(c, who.account());
            if (w.hold() > available) {
                throw new ApiException(
                        402,
                        "insufficient-funds",
                        "the " + w.criterion() + " window costs " + num(w.cost()) + " but account " + who.account()
                                + " has " + num(Ledger.units(available)) + " available; nothing was reserved",
                        null);
            }
            long seq = ctx.nextJob();
            JobRow j = BatchRows.queued(
                    "j" + seq, seq, who.name(), null, r.request(Quotes.Criterion.parse(w.criterion()).job), now);
            // the key is the job's too: a submission with it is another request (no request hash matches)
            JobStore.insertJob(c, j, key, null, who.account());
            ctx.event(c, now, "job.submitted", j.id(), who.name(), Map.of("quote", id));
            SlotStore.reserve(c, j.id(), 0, 0, w.start(), w.runtime(), w.cost(), w.processorTime(), w.slotRows());
            Quotes.accepted(c, id, j.id(), w.criterion(), key);
            Ledger.priceSlots(c, j.id(), ctx.config::accountOf);
            Ledger.sync(c, now, j.id(), ctx.config::accountOf);
            ctx.event(
                    c,
                    now,
                    "job.reserved",
                    j.id(),
                    who.name(),
                    EventData.of("quote", id, "start", w.start(), "cost", w.cost()));
            ticker.tick(c, now); // a window that starts now runs at once
            return new Accepted(JobStore.job(c, j.id()), true, null);
        });
    }

    /**
     * Refuses (422) an Idempotency-Key that {@code who} used for another request than accepting quote {@code q}: a
     * submission, or the acceptance of another quote.
     */
    private static void requireKeyUnused(Connection c, Token who, String key, Quotes.Quote q) throws SQLException {
        JobRow keyed = JobStore.jobByKey(c, who.name(), key);
        String other = keyed != null
                ? keyed.id()
                // an acceptance before its job kept the key
                : SqlValues.first(
                        c,
                        "SELECT job_id FROM quotes WHERE owner = ? AND idempotency_key = ? AND id <> ?",
                        r -> r.getString(1),
                        who.name(),
                        key,
                        q.id());
        if (other != null && !other.equals(q.job())) {
            throw Submissions.keyReused(key, other);
        }
    }

    /** A stored quote's request read back. */
    private record JsonNodeRequest(
            int nodes, double volume, double budget, double deadline, double minPerformance, double maxPrice) {
        static JsonNodeRequest of(String json) {
            tools.jackson.databind.JsonNode n =
                    tools.jackson.databind.json.JsonMapper.builder().build().readTree(json);
            return new JsonNodeRequest(
                    n.get("nodes").asInt(),
                    n.get("volume").asDouble(),
                    n.get("budget").asDouble(),
                    n.get("deadline").isNull() ? Double.NaN : n.get("deadline").asDouble(),
                    n.get("minPerformance").asDouble(),
                    n.get("maxPrice").isNull()
                            ? Double.POSITIVE_INFINITY
                            : n.get("maxPrice").asDouble());
        }

        /** The request as a job's, with {@code criterion}. */
        JobRequest request(BatchJob.Criterion criterion) {
            return new JobRequest(nodes, volume, budget, criterion, deadline, null, minPerformance, maxPrice);
        }
    }
}
