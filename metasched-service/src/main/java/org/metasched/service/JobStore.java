package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.service.Store.State;

/** The statements of the {@code jobs} table but reservations ({@link SlotStore}); {@link Store} has its rows. */
final class JobStore {
    private JobStore() {}

    private static final String JOB_COLUMNS = "id, seq, owner, client_id, nodes, volume, budget, criterion, deadline,"
            + " min_performance, max_price, state, reason, submitted, cycles_waited, cycle_n, batch_pos, start_time,"
            + " runtime, cost, processor_time, real_runtime, ended,"
            // what an ended job paid: its ledger's pay rows (whole millionths), asked only of ended jobs
            + " CASE WHEN state IN ('done', 'cancelled', 'failed') THEN (SELECT -SUM(l.amount) FROM ledger l"
            + " WHERE l.job_id = jobs.id AND l.kind = 'pay') END";

    static JobRow job(Connection c, String id) throws SQLException {
        List<JobRow> j = jobs(c, "WHERE id = ?", id);
        return j.isEmpty() ? null : j.get(0);
    }

    static JobRow jobByKey(Connection c, String owner, String key) throws SQLException {
        List<JobRow> j = jobs(c, "WHERE owner = ? AND idempotency_key = ?", owner, key);
        return j.isEmpty() ? null : j.get(0);
    }

    static String requestHash(Connection c, String id) throws SQLException {
        return SqlValues.first(c, "SELECT request_hash FROM jobs WHERE id = ?", r -> r.getString(1), id);
    }

    /** Jobs in {@code states} (all when empty), of {@code owner} (all when null), by submission order. */
    static List<JobRow> jobs(Connection c, List<State> states, String owner, long afterSeq, int limit)
            throws SQLException {
        StringBuilder where = new StringBuilder("WHERE seq > ?");
        List<Object> args = new ArrayList<>();
        args.add(afterSeq);
        if (!states.isEmpty()) {
            where.append(" AND state IN (");
            for (int i = 0; i < states.size(); i++) {
                where.append(i == 0 ? "?" : ", ?");
                args.add(states.get(i).shortName());
            }
            where.append(')');
        }
        if (owner != null) {
            where.append(" AND owner = ?");
            args.add(owner);
        }
        where.append(" ORDER BY seq LIMIT ").append(limit);
        return jobs(c, where.toString(), args.toArray());
    }

    /** The jobs that hold slots: reserved and running, reserved ones in backfilling order (cycle, batch position). */
    static List<JobRow> holding(Connection c) throws SQLException {
        return jobs(c, "WHERE state IN ('reserved', 'running') ORDER BY cycle_n, batch_pos, seq");
    }

    private static List<JobRow> jobs(Connection c, String where, Object... args) throws SQLException {
        List<JobRow> rows =
                SqlValues.list(c, "SELECT " + JOB_COLUMNS + " FROM jobs " + where, r -> jobRow(r, List.of()), args);
        Map<String, List<SlotRow>> slots = new LinkedHashMap<>();
        List<String> withSlots = new ArrayList<>();
        for (JobRow j : rows) {
            if (j.hasReservation()) {
                withSlots.add(j.id());
            }
        }
        for (int from = 0; from < withSlots.size(); from += 500) {
            List<String> part = withSlots.subList(from, Math.min(withSlots.size(), from + 500));
            StringBuilder q = new StringBuilder(
                    "SELECT job_id, node_id, start_time, end_time, planned_end FROM slots WHERE job_id IN (");
            for (int i = 0; i < part.size(); i++) {
                q.append(i == 0 ? "?" : ", ?");
            }
            q.append(") ORDER BY job_id, idx");
            try (PreparedStatement p = c.prepareStatement(q.toString())) {
                SqlValues.bind(p, part.toArray());
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        slots.computeIfAbsent(r.getString(1), k -> new ArrayList<>())
                                .add(new SlotRow(r.getString(2), r.getDouble(3), r.getDouble(4), r.getDouble(5)));
                    }
                }
            }
        }
        List<JobRow> out = new ArrayList<>(rows.size());
        for (JobRow j : rows) {
            List<SlotRow> s = slots.get(j.id());
            out.add(s == null ? j : withSlots(j, s));
        }
        return out;
    }

    private static JobRow withSlots(JobRow j, List<SlotRow> s) {
        return new JobRow(
                j.id(),
                j.seq(),
                j.owner(),
                j.clientId(),
                j.nodes(),
                j.volume(),
                j.budget(),
                j.criterion(),
                j.deadline(),
                j.minPerformance(),
                j.maxPrice(),
                j.state(),
                j.reason(),
                j.submitted(),
                j.cyclesWaited(),
                j.cycle(),
                j.batchPos(),
                j.start(),
                j.runtime(),
                j.cost(),
                j.processorTime(),
                j.realRuntime(),
                j.ended(),
                j.paid(),
                List.copyOf(s));
    }

    /** Column 24: what an ended job paid (0 when it paid nothing), NaN for a job that has not ended. */
    private static double paid(ResultSet r) throws SQLException {
        String state = r.getString(12);
        if (!state.equals("done") && !state.equals("cancelled") && !state.equals("failed")) {
            return Double.NaN;
        }
        long micros = r.getLong(24);
        return r.wasNull() ? 0 : Ledger.units(micros);
    }

    private static JobRow jobRow(ResultSet r, List<SlotRow> slots) throws SQLException {
        return new JobRow(
                r.getString(1),
                r.getLong(2),
                r.getString(3),
                r.getString(4),
                r.getInt(5),
                r.getDouble(6),
                r.getDouble(7),
                BatchJob.Criterion.REGISTRY.byName(r.getString(8), "jobs.criterion"),
                SqlValues.nullable(r, 9, Double.NaN),
                r.getDouble(10),
                SqlValues.nullable(r, 11, Double.POSITIVE_INFINITY),
                State.parse(r.getString(12)),
                r.getString(13),
                r.getDouble(14),
                r.getInt(15),
                r.getLong(16),
                r.getInt(17),
                SqlValues.nullable(r, 18, Double.NaN),
                SqlValues.nullable(r, 19, Double.NaN),
                SqlValues.nullable(r, 20, Double.NaN),
                SqlValues.nullable(r, 21, Double.NaN),
                SqlValues.nullable(r, 22, Double.NaN),
                SqlValues.nullable(r, 23, Double.NaN),
                paid(r),
                slots);
    }

    /** A new job, with its idempotency key and request hash (both may be null). */
    static void insertJob(Connection c, JobRow j, String idempotencyKey, String requestHash, String account)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(INSERT_JOB)) {
            bindJob(p, j, idempotencyKey, requestHash, account);
            p.executeUpdate();
        }
    }

    /** The statement of {@link #insertJob} and {@link #bindJob}. */
    static final String INSERT_JOB = "INSERT INTO jobs (id, seq, owner, client_id, idempotency_key, request_hash,"
            + " nodes, volume, budget, criterion, deadline, min_performance, max_price, state, submitted,"
            + " cycles_waited, account) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** Sets every parameter of a prepared {@link #INSERT_JOB} for a new job (the caller executes or batches it). */
    static void bindJob(PreparedStatement p, JobRow j, String idempotencyKey, String requestHash, String account)
            throws SQLException {
        SqlValues.bind(
                p,
                j.id(),
                j.seq(),
                j.owner(),
                j.clientId(),
                idempotencyKey,
                requestHash,
                j.nodes(),
                j.volume(),
                j.budget(),
                j.criterion().name(),
                SqlValues.orNull(j.deadline()),
                j.minPerformance(),
                SqlValues.orNull(j.maxPrice()),
                j.state().shortName(),
                j.submitted(),
                0,
                account);
    }

    /** Sets a job's state, reason and waited cycles. */
    static void setState(Connection c, String id, State state, String reason, int cyclesWaited) throws SQLException {
        SqlValues.update(
                c,
                "UPDATE jobs SET state = ?, reason = ?, cycles_waited = ? WHERE id = ?",
                state.shortName(),
                reason,
                cyclesWaited,
                id);
    }

    /** The reserved (not yet running) jobs accepted from a quote: they keep their windows. */
    static java.util.Set<String> quotedReservations(Connection c) throws SQLException {
        return new java.util.HashSet<>(SqlValues.list(
                c, "SELECT id FROM jobs WHERE state = 'reserved' AND quote_id IS NOT NULL", r -> r.getString(1)));
    }

    /** Why job {@code id} waits (JSON, {@link Why}). */
    static void setWhy(Connection c, String id, String why) throws SQLException {
        SqlValues.update(c, "UPDATE jobs SET why = ? WHERE id = ?", why, id);
    }

    /** The stored why of job {@code id}, or null. */
    static String why(Connection c, String id) throws SQLException {
        return SqlValues.first(c, "SELECT why FROM jobs WHERE id = ?", r -> r.getString(1), id);
    }

    /** Ends a job: its state, reason, real runtime and end time. */
    static void end(Connection c, String id, State state, String reason, double realRuntime, double ended)
            throws SQLException {
        SqlValues.update(
                c,
                "UPDATE jobs SET state = ?, reason = ?, real_runtime = ?, ended = ? WHERE id = ?",
                state.shortName(),
                reason,
                SqlValues.orNull(realRuntime),
                SqlValues.orNull(ended),
                id);
    }

    /** The number of jobs in each state. */
    static Map<State, Long> countByState(Connection c) throws SQLException {
        Map<State, Long> out = new LinkedHashMap<>();
        for (State s : State.values()) {
            out.put(s, 0L);
        }
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT state, COUNT(*) FROM jobs GROUP BY state")) {
            while (r.next()) {
                out.put(State.parse(r.getString(1)), r.getLong(2));
            }
        }
        return out;
    }
}
