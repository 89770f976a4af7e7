package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.service.Store.SlotRow;

/**
 * The statements of the {@code slots} table: a job's reservation given, cut and taken away (with the job's
 * reservation figures), and the slots held per node.
 */
final class SlotStore {
    private SlotStore() {}

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
        SqlValues.update(
                c,
                "UPDATE jobs SET state = 'reserved', reason = NULL, cycle_n = ?, batch_pos = ?, start_time = ?,"
                        + " runtime = ?, cost = ?, processor_time = ? WHERE id = ?",
                cycle,
                batchPos,
                start,
                runtime,
                cost,
                processorTime,
                id);
        deleteSlots(c, id);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO slots (job_id, idx, node_id, start_time, end_time,"
                + " planned_end) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < slots.size(); i++) {
                SlotRow s = slots.get(i);
                SqlValues.bind(p, id, i, s.node(), s.start(), s.end(), s.plannedEnd());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** Takes job {@code id}'s reservation away (its slots are free again) and clears its figures. */
    static void release(Connection c, String id) throws SQLException {
        deleteSlots(c, id);
        SqlValues.update(
                c,
                "UPDATE jobs SET cycle_n = NULL, batch_pos = NULL, start_time = NULL, runtime = NULL, cost = NULL,"
                        + " processor_time = NULL WHERE id = ?",
                id);
    }

    private static void deleteSlots(Connection c, String id) throws SQLException {
        SqlValues.update(c, "DELETE FROM slots WHERE job_id = ?", id);
    }

    /** Cuts job {@code id}'s slot {@code idx... } ends: slot i now ends at {@code ends[i]}. */
    static void cutSlots(Connection c, String id, double[] ends) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE slots SET end_time = ? WHERE job_id = ? AND idx = ?")) {
            for (int i = 0; i < ends.length; i++) {
                SqlValues.bind(p, ends[i], id, i);
                p.addBatch();
            }
            p.executeBatch();
        }
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
}
