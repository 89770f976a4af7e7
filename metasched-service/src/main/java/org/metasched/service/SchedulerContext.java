package org.metasched.service;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/**
 * What the metascheduler's operations share: the database, the configuration and the clock, the write transaction
 * (refused while draining; the ledger settled; the commit listener told), the counters and the events it writes.
 */
final class SchedulerContext {
    /**
     * Every kind of event the service records, in the order docs/service.md lists them ({@code EventKindsTest} checks
     * both that list and the kinds the sources record); recording another is a programming error.
     */
    static final java.util.List<String> EVENT_KINDS = java.util.List.of(
            "node.published",
            "node.updated",
            "node.withdrawn",
            "job.submitted",
            "job.reserved",
            "job.started",
            "job.moved",
            "job.done",
            "job.requeued",
            "job.cancelled",
            "job.failed",
            "cycle.completed",
            "clock.moved",
            "account.credited");

    final Database db;
    final ServiceConfig config;
    final ServiceClock clock;
    private Runnable committed = () -> {};
    private volatile boolean draining;

    // counters, guarded by the database's writer lock; reloaded after a failed transaction
    private long lastJob;
    private long lastNode;
    private long lastEvent;
    private long lastCycle;
    private boolean countersStale = true;

    SchedulerContext(Database db, ServiceConfig config, ServiceClock clock) {
        this.db = db;
        this.config = config;
        this.clock = clock;
    }

    void onCommit(Runnable r) {
        this.committed = r;
    }

    void drain() {
        draining = true;
    }

    boolean draining() {
        return draining;
    }

    /** 503 while draining: no change is accepted. */
    void refuseWhenDraining() {
        if (draining) {
            throw ApiException.unavailable(
                    "the service is shutting down and accepts no changes; retry after it restarts");
        }
    }

    long nextJob() {
        return ++lastJob;
    }

    long nextNode() {
        return ++lastNode;
    }

    long nextCycle() {
        return ++lastCycle;
    }

    /** One write transaction; the counters are reloaded from the database after any failure. */
    <T> T tx(Database.Work<T> work) {
        refuseWhenDraining();
        try {
            T out = db.write(c -> {
                if (countersStale) {
                    lastJob = Store.max(c, "jobs", "seq");
                    lastNode = Store.max(c, "nodes", "seq");
                    lastEvent = Store.max(c, "events", "seq");
                    lastCycle = Store.max(c, "cycles", "n");
                    countersStale = false;
                }
                long from = lastEvent;
                T result = work.run(c);
                settle(c, from);
                return result;
            });
            committed.run();
            return out;
        } catch (RuntimeException | Error e) {
            countersStale = true;
            throw e;
        }
    }

    /** Brings the ledger up to every job that changed since event {@code from} (in this transaction). */
    private void settle(Connection c, long from) throws SQLException {
        Map<String, Double> changed = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT subject, at_time FROM events WHERE seq > ? AND kind LIKE"
                + " 'job.%' AND kind <> 'job.submitted' ORDER BY seq")) {
            p.setLong(1, from);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    changed.put(r.getString(1), r.getDouble(2));
                }
            }
        }
        for (Map.Entry<String, Double> e : changed.entrySet()) {
            Ledger.sync(c, e.getValue(), e.getKey(), config::accountOf);
        }
    }

    void event(Connection c, double now, String kind, String subject, String owner, Map<String, ?> data)
            throws SQLException {
        Store.EventRow row = eventRow(now, kind, subject, owner, data);
        if (db.isWriteConnection(c)) {
            EventStore.insertEvent(db.writeStatement(c, EventStore.INSERT_EVENT), row);
        } else {
            try (java.sql.PreparedStatement p = c.prepareStatement(EventStore.INSERT_EVENT)) {
                EventStore.insertEvent(p, row);
            }
        }
    }

    /**
     * An event added to the batch of the write connection's kept {@link EventStore#INSERT_EVENT}; the caller runs
     * the batch ({@code executeBatch}) before its transaction ends (a failed transaction discards the connection and
     * its statements with it).
     */
    void eventInBatch(Connection c, double now, String kind, String subject, String owner, Map<String, ?> data)
            throws SQLException {
        java.sql.PreparedStatement p = db.writeStatement(c, EventStore.INSERT_EVENT);
        EventStore.bindEvent(p, eventRow(now, kind, subject, owner, data));
        p.addBatch();
    }

    private Store.EventRow eventRow(double now, String kind, String subject, String owner, Map<String, ?> data) {
        if (!EVENT_KINDS.contains(kind)) {
            throw new IllegalArgumentException("event kind " + kind + " is not one of " + EVENT_KINDS);
        }
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(w)) {
            g.writeStartObject();
            for (Map.Entry<String, ?> e : data.entrySet()) {
                g.writeName(e.getKey());
                if (e.getValue() instanceof Long || e.getValue() instanceof Integer) { // a count, a cycle: 2, not 2.0
                    g.writeNumber(((Number) e.getValue()).longValue());
                } else if (e.getValue() instanceof Number x) {
                    JsonOutput.number(g, x.doubleValue());
                } else {
                    g.writeString(String.valueOf(e.getValue()));
                }
            }
            g.writeEndObject();
        }
        return new Store.EventRow(++lastEvent, now, kind, subject, owner, w.toString());
    }
}
