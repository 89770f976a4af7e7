package org.metasched.service;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.metasched.batch.BatchJob;
import org.metasched.model.Interval;

/**
 * The service's rows (nodes, jobs, slots, events, cycles), its {@code meta} table and the statements of the
 * {@code cycles} table, over a connection the caller's transaction owns ({@link Database}). The other tables'
 * statements: {@link NodeStore}, {@link JobStore}, {@link SlotStore}, {@link EventStore} ({@link SqlValues} the
 * conversions they share). Every statement is plain SQL that SQLite and PostgreSQL both run; nothing here knows which
 * one it talks to.
 */
final class Store {
    private Store() {}

    /** The states of a job. */
    enum State {
        QUEUED,
        RESERVED,
        RUNNING,
        DONE,
        FAILED,
        CANCELLED;

        String shortName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static State parse(String s) {
            return valueOf(s.toUpperCase(Locale.ROOT));
        }

        /** Whether the job holds slots (a reservation or a running window). */
        boolean holds() {
            return this == RESERVED || this == RUNNING;
        }
    }

    /** A published node. */
    record NodeRow(
            String id, long seq, String owner, double performance, double price, List<Interval> busy, double updated) {}

    /** One slot a job holds on a node: {@code [start, end)}, {@code plannedEnd} the reserved end. */
    record SlotRow(String node, double start, double end, double plannedEnd) {}

    /**
     * A job. NaN for an absent number ({@code deadline}, the reservation's figures, {@code realRuntime}, {@code
     * ended}), +infinity for no {@code maxPrice}; {@code cycle} 0 before a cycle reserved it.
     */
    record JobRow(
            String id,
            long seq,
            String owner,
            String clientId,
            int nodes,
            double volume,
            double budget,
            BatchJob.Criterion criterion,
            double deadline,
            double minPerformance,
            double maxPrice,
            State state,
            String reason,
            double submitted,
            int cyclesWaited,
            long cycle,
            int batchPos,
            double start,
            double runtime,
            double cost,
            double processorTime,
            double realRuntime,
            double ended,
            double paid,
            List<SlotRow> slots) {
        boolean hasReservation() {
            return !Double.isNaN(start);
        }

        double finish() {
            return start + runtime;
        }
    }

    // ---------------------------------------------------------------------------------------------- meta

    static String meta(Connection c, String name) throws SQLException {
        return SqlValues.first(c, "SELECT val FROM meta WHERE name = ?", r -> r.getString(1), name);
    }

    static void setMeta(Connection c, String name, String value) throws SQLException {
        if (SqlValues.update(c, "UPDATE meta SET val = ? WHERE name = ?", value, name) != 1) {
            SqlValues.update(c, "INSERT INTO meta (name, val) VALUES (?, ?)", name, value);
        }
    }

    static long max(Connection c, String table, String column) throws SQLException {
        return SqlValues.first(c, "SELECT MAX(" + column + ") FROM " + table, r -> r.getLong(1));
    }

    // -------------------------------------------------------------------------------------------- cycles

    /** A cycle's summary and stored texts. */
    record CycleRow(
            long n,
            double time,
            String scheme,
            String problem,
            boolean feasible,
            double objective,
            int jobs,
            int reserved,
            int queued,
            int failed,
            double durationMs) {}

    static void insertCycle(
            Connection c,
            long n,
            double time,
            org.metasched.batch.BatchScheduler.Settings s,
            boolean feasible,
            double objective,
            double limit,
            int jobs,
            int reserved,
            int queued,
            int failed,
            double durationMs,
            String input,
            String plan)
            throws SQLException {
        SqlValues.update(
                c,
                "INSERT INTO cycles (n, at_time, scheme, problem, time_kind, sub_batches, css_jobs, quantum, feasible,"
                        + " objective, limit_value, jobs, reserved, queued, failed, duration_ms, input, plan) VALUES"
                        + " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                n,
                time,
                s.scheme().name(),
                s.problem().name(),
                s.time().name(),
                s.subBatches(),
                s.cssJobs(),
                s.quantum(),
                feasible ? 1 : 0,
                SqlValues.orNull(objective),
                SqlValues.orNull(limit),
                jobs,
                reserved,
                queued,
                failed,
                durationMs,
                input,
                plan);
    }

    static List<CycleRow> cycles(Connection c, long after, int limit) throws SQLException {
        return SqlValues.list(
                c,
                "SELECT n, at_time, scheme, problem, feasible, objective, jobs, reserved, queued, failed, duration_ms"
                        + " FROM cycles WHERE n > ? ORDER BY n LIMIT " + limit,
                r -> new CycleRow(
                        r.getLong(1),
                        r.getDouble(2),
                        r.getString(3),
                        r.getString(4),
                        r.getInt(5) != 0,
                        SqlValues.nullable(r, 6, Double.NaN),
                        r.getInt(7),
                        r.getInt(8),
                        r.getInt(9),
                        r.getInt(10),
                        r.getDouble(11)),
                after);
    }

    /** A cycle's stored {@code plan} or {@code input} text, null when there is no such cycle. */
    static String cycleText(Connection c, long n, String column) throws SQLException {
        if (!column.equals("plan") && !column.equals("input")) {
            throw new IllegalArgumentException(column);
        }
        return SqlValues.first(c, "SELECT " + column + " FROM cycles WHERE n = ?", r -> r.getString(1), n);
    }

    // -------------------------------------------------------------------------------------------- events

    /** An event: what changed, when, about what (a job or node id), whose, and its data as a JSON object. */
    record EventRow(long seq, double time, String kind, String subject, String owner, String data) {}

    /** The retained events: the oldest's and the newest's numbers (0 and 0 when there are none) and how many. */
    record EventSpan(long first, long last, long count) {}
}
