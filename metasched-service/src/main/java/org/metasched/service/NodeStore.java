package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.metasched.service.Store.NodeRow;

/** The statements of the {@code nodes} table ({@link Store} has its rows). */
final class NodeStore {
    private NodeStore() {}

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
                SqlValues.intervals(r.getString(6)),
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
            p.setString(6, SqlValues.intervalsJson(n.busy()));
            p.setDouble(7, n.updated());
            p.executeUpdate();
        }
    }

    static void updateNode(Connection c, NodeRow n) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE nodes SET performance = ?, price = ?, busy = ?, updated = ? WHERE id = ?")) {
            p.setDouble(1, n.performance());
            p.setDouble(2, n.price());
            p.setString(3, SqlValues.intervalsJson(n.busy()));
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
}
