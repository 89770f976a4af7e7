package org.metasched.service;

import java.io.StringWriter;
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

    static void bind(PreparedStatement p, Object[] args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof Long l) {
                p.setLong(i + 1, l);
            } else {
                p.setString(i + 1, (String) a);
            }
        }
    }

    static double nullable(ResultSet r, int column, double otherwise) throws SQLException {
        double d = r.getDouble(column);
        return r.wasNull() ? otherwise : d;
    }

    static void setNullable(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            p.setDouble(i, v);
        } else {
            p.setNull(i, Types.DOUBLE);
        }
    }
}
