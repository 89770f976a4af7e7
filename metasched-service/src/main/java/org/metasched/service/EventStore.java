package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The statements of the {@code events} table ({@link Store} has its rows). */
final class EventStore {
    private EventStore() {}

    /** The statement of {@link #insertEvent}. */
    static final String INSERT_EVENT =
            "INSERT INTO events (seq, at_time, kind, subject, owner, data) VALUES (?, ?, ?, ?, ?, ?)";

    /** An event through a prepared {@link #INSERT_EVENT}. */
    static void insertEvent(PreparedStatement p, Store.EventRow e) throws SQLException {
        bindEvent(p, e);
        p.executeUpdate();
    }

    /** Sets every parameter of a prepared {@link #INSERT_EVENT} (the caller executes or batches it). */
    static void bindEvent(PreparedStatement p, Store.EventRow e) throws SQLException {
        SqlValues.bind(p, e.seq(), e.time(), e.kind(), e.subject(), e.owner(), e.data());
    }

    static List<Store.EventRow> events(Connection c, long after, int limit) throws SQLException {
        return SqlValues.list(
                c,
                "SELECT seq, at_time, kind, subject, owner, data FROM events WHERE seq > ? ORDER BY seq LIMIT " + limit,
                r -> new Store.EventRow(
                        r.getLong(1), r.getDouble(2), r.getString(3), r.getString(4), r.getString(5), r.getString(6)),
                after);
    }

    static Store.EventSpan eventSpan(Connection c) throws SQLException {
        return SqlValues.first(
                c,
                "SELECT MIN(seq), MAX(seq), COUNT(*) FROM events",
                r -> new Store.EventSpan(r.getLong(1), r.getLong(2), r.getLong(3)));
    }

    /**
     * Deletes the events older than {@code before} (service time) from the oldest on, stopping at the first younger
     * one, so that the retained events stay one unbroken run of numbers; never the newest (the next number follows
     * it). Returns how many were deleted.
     */
    static int pruneEvents(Connection c, double before) throws SQLException {
        long oldest;
        double oldestTime;
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT seq, at_time FROM events ORDER BY seq LIMIT 1")) {
            if (!r.next()) {
                return 0;
            }
            oldest = r.getLong(1);
            oldestTime = r.getDouble(2);
        }
        if (oldestTime >= before) {
            return 0; // the usual case: nothing to do, one row read
        }
        long keep = Store.max(c, "events", "seq"); // the newest stays whatever its age
        try (PreparedStatement p = c.prepareStatement("SELECT MIN(seq) FROM events WHERE at_time >= ? AND seq > ?")) {
            p.setDouble(1, before);
            p.setLong(2, oldest);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    long young = r.getLong(1);
                    if (!r.wasNull()) {
                        keep = Math.min(keep, young);
                    }
                }
            }
        }
        return SqlValues.update(c, "DELETE FROM events WHERE seq < ?", keep);
    }
}
