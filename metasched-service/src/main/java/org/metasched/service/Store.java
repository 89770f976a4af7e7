package org.metasched.service;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.io.JsonOutput;
import org.metasched.model.Interval;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every SQL statement of the service, over a connection the caller's transaction owns ({@link Database}). The
 * statements are plain SQL that SQLite and PostgreSQL both run; nothing here knows which one it talks to.
 */
final class Store {
    private static final JsonMapper JSON = JsonMapper.builder().build();

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
        try (PreparedStatement p = c.prepareStatement("SELECT val FROM meta WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    static void setMeta(Connection c, String name, String value) throws SQLException {
        try (PreparedStatement u = c.prepareStatement("UPDATE meta SET val = ? WHERE name = ?")) {
            u.setString(1, value);
            u.setString(2, name);
            if (u.executeUpdate() == 1) {
                return;
            }
        }
        try (PreparedStatement i = c.prepareStatement("INSERT INTO meta (name, val) VALUES (?, ?)")) {
            i.setString(1, name);
            i.setString(2, value);
            i.executeUpdate();
        }
    }

    static long max(Connection c, String table, String column) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT MAX(" + column + ") FROM " + table)) {
            r.next();
            return r.getLong(1);
        }
    }

    // --------------------------------------------------------------------------------------------- nodes

    private static final String NODE_COLUMNS = "id, seq, owner, performance, price, busy, updated";

    static List<NodeRow> nodes(Connection c) throws SQLException {
        List<NodeRow> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT " + NODE_COLUMNS + " FROM nodes ORDER BY seq")) {
            while (r.next()) {
                out.add(node(r));
            }
        }
        return out;
    }

    static NodeRow node(Connection c, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + NODE_COLUMNS + " FROM nodes WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? node(r) : null;
            }
        }
    }

    private static NodeRow node(ResultSet r) throws SQLException {
        return new NodeRow(
                r.getString(1),
                r.getLong(2),
                r.getString(3),
                r.getDouble(4),
                r.getDouble(5),
                intervals(r.getString(6)),
                r.getDouble(7));
    }

    static void insertNode(Connection c, NodeRow n) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("INSERT INTO nodes (" + NODE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, n.id());
            p.setLong(2, n.seq());
            p.setString(3, n.owner());
            p.setDouble(4, n.performance());
            p.setDouble(5, n.price());
            p.setString(6, intervalsJson(n.busy()));
            p.setDouble(7, n.updated());
            p.executeUpdate();
        }
    }

    static void updateNode(Connection c, NodeRow n) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE nodes SET performance = ?, price = ?, busy = ?, updated = ? WHERE id = ?")) {
            p.setDouble(1, n.performance());
            p.setDouble(2, n.price());
            p.setString(3, intervalsJson(n.busy()));
            p.setDouble(4, n.updated());
            p.setString(5, n.id());
            p.executeUpdate();
        }
    }

    static void deleteNode(Connection c, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM nodes WHERE id = ?")) {
            p.setString(1, id);
            p.executeUpdate();
        }
    }

    // ---------------------------------------------------------------------------------------------- jobs

    private static final String JOB_COLUMNS = "id, seq, owner, client_id, nodes, volume, budget, criterion, deadline,"
            + " min_performance, max_price, state, reason, submitted, cycles_waited, cycle_n, batch_pos, start_time,"
            + " runtime, cost, processor_time, real_runtime, ended";

    static JobRow job(Connection c, String id) throws SQLException {
        List<JobRow> j = jobs(c, "WHERE id = ?", id);
        return j.isEmpty() ? null : j.get(0);
    }

    static JobRow jobByKey(Connection c, String owner, String key) throws SQLException {
        List<JobRow> j = jobs(c, "WHERE owner = ? AND idempotency_key = ?", owner, key);
        return j.isEmpty() ? null : j.get(0);
    }

    static String requestHash(Connection c, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT request_hash FROM jobs WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
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
        List<JobRow> rows = new ArrayList<>();
        Map<String, List<SlotRow>> slots = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT " + JOB_COLUMNS + " FROM jobs " + where)) {
            bind(p, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    rows.add(jobRow(r, List.of()));
                }
            }
        }
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
                bind(p, part.toArray());
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
                List.copyOf(s));
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
                BatchJob.Criterion.parse(r.getString(8), "jobs.criterion"),
                nullable(r, 9, Double.NaN),
                r.getDouble(10),
                nullable(r, 11, Double.POSITIVE_INFINITY),
                State.parse(r.getString(12)),
                r.getString(13),
                r.getDouble(14),
                r.getInt(15),
                r.getLong(16),
                r.getInt(17),
                nullable(r, 18, Double.NaN),
                nullable(r, 19, Double.NaN),
                nullable(r, 20, Double.NaN),
                nullable(r, 21, Double.NaN),
                nullable(r, 22, Double.NaN),
                nullable(r, 23, Double.NaN),
                slots);
    }

    /** A new job, with its idempotency key and request hash (both may be null). */
    static void insertJob(Connection c, JobRow j, String idempotencyKey, String requestHash, String account)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO jobs (id, seq, owner, client_id, idempotency_key,"
                + " request_hash, nodes, volume, budget, criterion, deadline, min_performance, max_price, state,"
                + " submitted, cycles_waited, account) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, j.id());
            p.setLong(2, j.seq());
            p.setString(3, j.owner());
            p.setString(4, j.clientId());
            p.setString(5, idempotencyKey);
            p.setString(6, requestHash);
            p.setInt(7, j.nodes());
            p.setDouble(8, j.volume());
            p.setDouble(9, j.budget());
            p.setString(10, j.criterion().shortName());
            setNullable(p, 11, j.deadline());
            p.setDouble(12, j.minPerformance());
            setNullable(p, 13, j.maxPrice());
            p.setString(14, j.state().shortName());
            p.setDouble(15, j.submitted());
            p.setInt(16, 0);
            p.setString(17, account);
            p.executeUpdate();
        }
    }

    /** Sets a job's state, reason and waited cycles. */
    static void setState(Connection c, String id, State state, String reason, int cyclesWaited) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE jobs SET state = ?, reason = ?, cycles_waited = ? WHERE id = ?")) {
            p.setString(1, state.shortName());
            p.setString(2, reason);
            p.setInt(3, cyclesWaited);
            p.setString(4, id);
            p.executeUpdate();
        }
    }

    /** The reserved (not yet running) jobs accepted from a quote: they keep their windows. */
    static java.util.Set<String> quotedReservations(Connection c) throws SQLException {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (PreparedStatement p =
                        c.prepareStatement("SELECT id FROM jobs WHERE state = 'reserved' AND quote_id IS NOT NULL");
                ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    /** Why job {@code id} waits (JSON, {@link Why}). */
    static void setWhy(Connection c, String id, String why) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET why = ? WHERE id = ?")) {
            p.setString(1, why);
            p.setString(2, id);
            p.executeUpdate();
        }
    }

    /** The stored why of job {@code id}, or null. */
    static String why(Connection c, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT why FROM jobs WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    /** Ends a job: its state, reason, real runtime and end time. */
    static void end(Connection c, String id, State state, String reason, double realRuntime, double ended)
            throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE jobs SET state = ?, reason = ?, real_runtime = ?, ended = ? WHERE id = ?")) {
            p.setString(1, state.shortName());
            p.setString(2, reason);
            setNullable(p, 3, realRuntime);
            setNullable(p, 4, ended);
            p.setString(5, id);
            p.executeUpdate();
        }
    }

    /**
     * Gives job {@code id} the reservation {@code slots} (replacing any it had) with its figures, made by cycle
     * {@code cycle} at batch position {@code batchPos}.
     */
    static void reserve(
            Connection c,
            String id,
            long cycle,
            int batchPos,
            double start,
            double runtime,
            double cost,
            double processorTime,
            List<SlotRow> slots)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET state = 'reserved', reason = NULL, cycle_n = ?,"
                + " batch_pos = ?, start_time = ?, runtime = ?, cost = ?, processor_time = ? WHERE id = ?")) {
            p.setLong(1, cycle);
            p.setInt(2, batchPos);
            p.setDouble(3, start);
            p.setDouble(4, runtime);
            p.setDouble(5, cost);
            p.setDouble(6, processorTime);
            p.setString(7, id);
            p.executeUpdate();
        }
        deleteSlots(c, id);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO slots (job_id, idx, node_id, start_time, end_time,"
                + " planned_end) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < slots.size(); i++) {
                SlotRow s = slots.get(i);
                p.setString(1, id);
                p.setInt(2, i);
                p.setString(3, s.node());
                p.setDouble(4, s.start());
                p.setDouble(5, s.end());
                p.setDouble(6, s.plannedEnd());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** Takes job {@code id}'s reservation away (its slots are free again) and clears its figures. */
    static void release(Connection c, String id) throws SQLException {
        deleteSlots(c, id);
        try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET cycle_n = NULL, batch_pos = NULL, start_time ="
                + " NULL, runtime = NULL, cost = NULL, processor_time = NULL WHERE id = ?")) {
            p.setString(1, id);
            p.executeUpdate();
        }
    }

    private static void deleteSlots(Connection c, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM slots WHERE job_id = ?")) {
            p.setString(1, id);
            p.executeUpdate();
        }
    }

    /** Cuts job {@code id}'s slot {@code idx... } ends: slot i now ends at {@code ends[i]}. */
    static void cutSlots(Connection c, String id, double[] ends) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE slots SET end_time = ? WHERE job_id = ? AND idx = ?")) {
            for (int i = 0; i < ends.length; i++) {
                p.setDouble(1, ends[i]);
                p.setString(2, id);
                p.setInt(3, i);
                p.addBatch();
            }
            p.executeBatch();
        }
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

    /** Per node, the number of jobs holding slots on it. */
    static Map<String, Long> reservationsByNode(Connection c) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT s.node_id, COUNT(*) FROM slots s JOIN jobs j ON j.id = s.job_id"
                        + " WHERE j.state IN ('reserved', 'running') GROUP BY s.node_id")) {
            while (r.next()) {
                out.put(r.getString(1), r.getLong(2));
            }
        }
        return out;
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
        try (PreparedStatement p = c.prepareStatement("INSERT INTO cycles (n, at_time, scheme, problem, time_kind,"
                + " sub_batches, css_jobs, quantum, feasible, objective, limit_value, jobs, reserved, queued, failed,"
                + " duration_ms, input, plan) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setLong(1, n);
            p.setDouble(2, time);
            p.setString(3, s.scheme().shortName());
            p.setString(4, s.problem().shortName());
            p.setString(5, s.time().shortName());
            p.setInt(6, s.subBatches());
            p.setInt(7, s.cssJobs());
            p.setDouble(8, s.quantum());
            p.setInt(9, feasible ? 1 : 0);
            setNullable(p, 10, objective);
            setNullable(p, 11, limit);
            p.setInt(12, jobs);
            p.setInt(13, reserved);
            p.setInt(14, queued);
            p.setInt(15, failed);
            p.setDouble(16, durationMs);
            p.setString(17, input);
            p.setString(18, plan);
            p.executeUpdate();
        }
    }

    static List<CycleRow> cycles(Connection c, long after, int limit) throws SQLException {
        List<CycleRow> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT n, at_time, scheme, problem, feasible, objective, jobs,"
                + " reserved, queued, failed, duration_ms FROM cycles WHERE n > ? ORDER BY n LIMIT " + limit)) {
            p.setLong(1, after);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new CycleRow(
                            r.getLong(1),
                            r.getDouble(2),
                            r.getString(3),
                            r.getString(4),
                            r.getInt(5) != 0,
                            nullable(r, 6, Double.NaN),
                            r.getInt(7),
                            r.getInt(8),
                            r.getInt(9),
                            r.getInt(10),
                            r.getDouble(11)));
                }
            }
        }
        return out;
    }

    /** A cycle's stored {@code plan} or {@code input} text, null when there is no such cycle. */
    static String cycleText(Connection c, long n, String column) throws SQLException {
        if (!column.equals("plan") && !column.equals("input")) {
            throw new IllegalArgumentException(column);
        }
        try (PreparedStatement p = c.prepareStatement("SELECT " + column + " FROM cycles WHERE n = ?")) {
            p.setLong(1, n);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    // -------------------------------------------------------------------------------------------- events

    /** An event: what changed, when, about what (a job or node id), whose, and its data as a JSON object. */
    record EventRow(long seq, double time, String kind, String subject, String owner, String data) {}

    static void insertEvent(Connection c, EventRow e) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO events (seq, at_time, kind, subject, owner, data) VALUES (?, ?, ?, ?, ?, ?)")) {
            p.setLong(1, e.seq());
            p.setDouble(2, e.time());
            p.setString(3, e.kind());
            p.setString(4, e.subject());
            p.setString(5, e.owner());
            p.setString(6, e.data());
            p.executeUpdate();
        }
    }

    static List<EventRow> events(Connection c, long after, int limit) throws SQLException {
        List<EventRow> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT seq, at_time, kind, subject, owner, data FROM events"
                + " WHERE seq > ? ORDER BY seq LIMIT " + limit)) {
            p.setLong(1, after);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new EventRow(
                            r.getLong(1),
                            r.getDouble(2),
                            r.getString(3),
                            r.getString(4),
                            r.getString(5),
                            r.getString(6)));
                }
            }
        }
        return out;
    }

    /** The retained events: the oldest's and the newest's numbers (0 and 0 when there are none) and how many. */
    record EventSpan(long first, long last, long count) {}

    static EventSpan eventSpan(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT MIN(seq), MAX(seq), COUNT(*) FROM events")) {
            r.next();
            return new EventSpan(r.getLong(1), r.getLong(2), r.getLong(3));
        }
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
        long keep = max(c, "events", "seq"); // the newest stays whatever its age
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
        try (PreparedStatement p = c.prepareStatement("DELETE FROM events WHERE seq < ?")) {
            p.setLong(1, keep);
            return p.executeUpdate();
        }
    }

    // ------------------------------------------------------------------------------------------- helpers

    static List<Interval> intervals(String json) {
        List<Interval> out = new ArrayList<>();
        JsonNode a = JSON.readTree(json);
        for (JsonNode p : a) {
            out.add(new Interval(p.get(0).doubleValue(), p.get(1).doubleValue()));
        }
        return out;
    }

    static String intervalsJson(List<Interval> busy) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(w)) {
            g.writeStartArray();
            for (Interval iv : busy) {
                g.writeStartArray();
                g.writeNumber(iv.start());
                g.writeNumber(iv.end());
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        return w.toString();
    }

    private static void bind(PreparedStatement p, Object[] args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof Long l) {
                p.setLong(i + 1, l);
            } else {
                p.setString(i + 1, (String) a);
            }
        }
    }

    private static double nullable(ResultSet r, int column, double otherwise) throws SQLException {
        double d = r.getDouble(column);
        return r.wasNull() ? otherwise : d;
    }

    private static void setNullable(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            p.setDouble(i, v);
        } else {
            p.setNull(i, Types.DOUBLE);
        }
    }
}
