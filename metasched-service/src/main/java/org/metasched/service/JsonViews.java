package org.metasched.service;

import static org.metasched.io.JsonOutput.number;
import static org.metasched.service.JsonViews.event;
import static org.metasched.service.JsonViews.jobFields;
import static org.metasched.service.JsonViews.nodeFields;
import static org.metasched.service.JsonViews.nullableString;

import java.io.StringWriter;
import org.metasched.io.JsonOutput;
import org.metasched.model.Interval;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import tools.jackson.core.JsonGenerator;

/** The API's JSON views of the stored rows: a job, a node, an account, a cycle's summary, an event. */
final class JsonViews {
    private JsonViews() {}

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

    static void jobFields(JsonGenerator g, JobRow j) {
        g.writeStringProperty("id", j.id());
        g.writeStringProperty("user", j.owner());
        nullableString(g, "clientId", j.clientId());
        g.writeStringProperty("state", j.state().shortName());
        nullableString(g, "reason", j.reason());
        g.writeNumberProperty("nodes", j.nodes());
        number(g, "volume", j.volume());
        number(g, "budget", j.budget());
        g.writeStringProperty("criterion", j.criterion().name());
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
            number(g, "paid", j.paid()); // null until the job ends; less than cost after an early end
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

    /**
     * {@code GET /v1/nodes/{id}}: the node and the slots held on it, each job named only to a caller who sees it in
     * full in the live view ({@link WebView#seesInFull}: the operator every job, a user its own); the others' jobs
     * are {@code null}, as the view anonymises them.
     */
    static String node(Metascheduler.NodeView v, ServiceConfig.Token who) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            nodeFields(g, v.node());
            g.writeName("reservations");
            g.writeStartArray();
            for (Metascheduler.Hold h : v.holds()) {
                g.writeStartObject();
                if (WebView.seesInFull(who, h.user())) {
                    g.writeStringProperty("job", h.job());
                } else {
                    g.writeNullProperty("job");
                }
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

    static void nullableString(JsonGenerator g, String name, String v) {
        if (v == null) {
            g.writeNullProperty(name);
        } else {
            g.writeStringProperty(name, v);
        }
    }
}
