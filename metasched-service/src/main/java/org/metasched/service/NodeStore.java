package org.metasched.service;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.metasched.service.Store.NodeRow;

/** The statements of the {@code nodes} table ({@link Store} has its rows). */
final class NodeStore {
    private NodeStore() {}

    private static final String NODE_COLUMNS = "id, seq, owner, performance, price, busy, updated";

    static List<NodeRow> nodes(Connection c) throws SQLException {
        return SqlValues.list(c, "SELECT " + NODE_COLUMNS + " FROM nodes ORDER BY seq", NodeStore::node);
    }

    static NodeRow node(Connection c, String id) throws SQLException {
        return SqlValues.first(c, "SELECT " + NODE_COLUMNS + " FROM nodes WHERE id = ?", NodeStore::node, id);
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
        SqlValues.update(
                c,
                "INSERT INTO nodes (" + NODE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)",
                n.id(),
                n.seq(),
                n.owner(),
                n.performance(),
                n.price(),
                SqlValues.intervalsJson(n.busy()),
                n.updated());
    }

    static void updateNode(Connection c, NodeRow n) throws SQLException {
        SqlValues.update(
                c,
                "UPDATE nodes SET performance = ?, price = ?, busy = ?, updated = ? WHERE id = ?",
                n.performance(),
                n.price(),
                SqlValues.intervalsJson(n.busy()),
                n.updated(),
                n.id());
    }

    static void deleteNode(Connection c, String id) throws SQLException {
        SqlValues.update(c, "DELETE FROM nodes WHERE id = ?", id);
    }
}
