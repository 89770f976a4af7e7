package org.metasched.service;

import static org.metasched.service.Http.body;
import static org.metasched.service.Http.id;
import static org.metasched.service.Http.idempotencyKey;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.longParam;
import static org.metasched.service.JsonViews.job;
import static org.metasched.service.JsonViews.jobFields;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.metasched.batch.BatchJob;
import org.metasched.io.JsonOutput;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.JobRow;
import tools.jackson.core.JsonGenerator;

/** The HTTP handlers of {@code /v1/jobs}: submit, list, end early; the request body of a job (also a quote's). */
final class JobHandlers {
    private final Metascheduler m;

    JobHandlers(Metascheduler m) {
        this.m = m;
    }

    void submit(Context c, Token w) {
        Body b = Body.parse(body(c), false)
                .only("nodes", "volume", "budget", "criterion", "deadline", "clientId", "minPerformance", "maxPrice");
        Metascheduler.JobRequest req = jobRequest(m, b);
        String key = idempotencyKey(c);
        Metascheduler.Submitted s = m.submit(w, req, key);
        c.header("Location", "/v1/jobs/" + s.job().id());
        json(c, s.created() ? 201 : 200, job(s.job()));
    }

    static Metascheduler.JobRequest jobRequest(Metascheduler m, Body b) {
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
        if (budget > Ledger.MAX_COST) {
            // a budget bounds the window's cost in cycles, moves and quotes alike: no cost past it is ever held
            throw ApiException.badInput(
                    "budget",
                    "must be at most 1e12 (the most a job may cost: the ledger keeps amounts exact in whole"
                            + " millionths up to that), got " + Metascheduler.num(budget));
        }
        String critText = b.string("criterion", "cost");
        BatchJob.Criterion crit = BatchJob.Criterion.REGISTRY
                .find(critText)
                .orElseThrow(() -> ApiException.badInput(
                        "criterion",
                        "'" + org.metasched.io.Text.shown(critText) + "' is not a criterion, expected one of "
                                + String.join(", ", BatchJob.Criterion.REGISTRY.names())));
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

    void listJobs(Context c, Token w) {
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
                                    + "' is not a job state,"
                                    + " expected queued, reserved, running, done, failed or cancelled");
                }
            }
        }
        long after = longParam(c, "after", 0);
        int limit = Http.limitParam(c);
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
            Http.next(
                    g,
                    limit,
                    jobs.size(),
                    jobs.isEmpty() ? after : jobs.get(jobs.size() - 1).seq());
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    void finished(Context c, Token w) {
        Body b = Body.parse(body(c), true).only("runtime");
        Double runtime = b.has("runtime") ? b.number("runtime") : null;
        json(c, 200, job(m.finished(w, id(c), runtime)));
    }
}
