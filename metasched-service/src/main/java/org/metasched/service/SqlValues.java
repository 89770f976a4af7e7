package org.metasched.service;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.metasched.io.JsonOutput;
import org.metasched.model.Interval;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The conversions the service's statements share: nullable numbers, bound arguments, busy intervals as JSON. */
final class SqlValues {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SqlValues() {}

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

    /** Reads one row of a result set. */
    interface RowReader<T> {
        T read(ResultSet r) throws SQLException;
    }

    /** A double argument that is bound as SQL NULL when it is not finite (NaN, an infinity). */
    static Object orNull(double v) {
        return Double.isFinite(v) ? v : NULL_DOUBLE;
    }

    private static final Object NULL_DOUBLE = new Object();

    /**
     * Binds the arguments in order, each by its type: {@code Long} with setLong, {@code Integer} with setInt, {@code
     * Double} with setDouble, {@link #orNull} of a value that is not finite as NULL, anything else (a String or
     * null) with setString.
     */
    static void bind(PreparedStatement p, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof Long l) {
                p.setLong(i + 1, l);
            } else if (a instanceof Integer n) {
                p.setInt(i + 1, n);
            } else if (a instanceof Double d) {
                p.setDouble(i + 1, d);
            } else if (a == NULL_DOUBLE) {
                p.setNull(i + 1, Types.DOUBLE);
            } else {
                p.setString(i + 1, (String) a);
            }
        }
    }

    /** Runs statement {@code sql} with {@code args} bound ({@link #bind}); the number of rows it changed. */
    static int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            bind(p, args);
            return p.executeUpdate();
        }
    }

    /** Every row of query {@code sql} with {@code args} bound ({@link #bind}), each read by {@code row}, in order. */
    static <T> List<T> list(Connection c, String sql, RowReader<T> row, Object... args) throws SQLException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(sql)) {
            bind(p, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(row.read(r));
                }
            }
        }
        return out;
    }

    /**
     * The first row of query {@code sql} with {@code args} bound ({@link #bind}), read by {@code row}; null for none.
     */
    static <T> T first(Connection c, String sql, RowReader<T> row, Object... args) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            bind(p, args);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? row.read(r) : null;
            }
        }
    }

    static double nullable(ResultSet r, int column, double otherwise) throws SQLException {
        double d = r.getDouble(column);
        return r.wasNull() ? otherwise : d;
    }
}
