package org.metasched.service;

import static org.metasched.service.Http.body;
import static org.metasched.service.Http.id;
import static org.metasched.service.Http.json;
import static org.metasched.service.Http.noBody;
import static org.metasched.service.JsonViews.node;
import static org.metasched.service.JsonViews.nodeFields;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metasched.io.JsonOutput;
import org.metasched.model.Interval;
import org.metasched.service.ServiceConfig.Token;
import org.metasched.service.Store.NodeRow;
import tools.jackson.core.JsonGenerator;

/** The HTTP handlers of {@code /v1/nodes}: list, read, publish and withdraw a node. */
final class NodeHandlers {
    private final Metascheduler m;

    NodeHandlers(Metascheduler m) {
        this.m = m;
    }

    void listNodes(Context c, Token w) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeName("nodes");
            g.writeStartArray();
            for (NodeRow n : m.nodes()) {
                g.writeStartObject();
                nodeFields(g, n);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }

    void getNode(Context c, Token w) {
        Metascheduler.NodeView v = m.node(id(c));
        json(c, 200, node(v, w));
    }

    void putNode(Context c, Token w) {
        String id = id(c);
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
            throw ApiException.badInput(
                    "id",
                    "'" + org.metasched.io.Text.shown(id)
                            + "' is not a node id: ASCII letters, digits, '.', '_' and '-', at most 100, starting with"
                            + " a letter or digit");
        }
        if (!w.owns(id)) {
            throw ApiException.forbidden(
                    "owner " + w.name() + " may publish only its own nodes " + w.nodes() + ", not " + id);
        }
        Body b = Body.parse(body(c), false).only("performance", "price", "busy");
        double p = b.number("performance");
        if (!(p > 0)) {
            throw ApiException.badInput("performance", "must be > 0, got " + Metascheduler.num(p));
        }
        NumberLimits.requirePerformance(p, m.config().horizon());
        double price = b.number("price");
        if (price < 0) {
            throw ApiException.badInput("price", "must be >= 0, got " + Metascheduler.num(price));
        }
        NumberLimits.requirePrice(price, m.config().horizon());
        List<double[]> pairs = b.pairs("busy");
        List<Interval> busy = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            double[] iv = pairs.get(i);
            if (iv[0] < 0) { // service time starts at 0: a busy time before it was kept and shown as -10--5
                throw ApiException.badInput(
                        "busy[" + i + "]",
                        "start " + Metascheduler.num(iv[0]) + " must be >= 0 (service time starts at 0)");
            }
            if (!(iv[1] > iv[0])) {
                throw ApiException.badInput(
                        "busy[" + i + "]",
                        "end " + Metascheduler.num(iv[1]) + " must be after start " + Metascheduler.num(iv[0]));
            }
            busy.add(new Interval(iv[0], iv[1]));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < busy.size(); i++) {
            order.add(i);
        }
        order.sort((x, y) -> Double.compare(busy.get(x).start(), busy.get(y).start()));
        for (int k = 1; k < order.size(); k++) {
            Interval a = busy.get(order.get(k - 1));
            Interval bb = busy.get(order.get(k));
            if (bb.start() < a.end()) {
                throw ApiException.badInput(
                        "busy[" + order.get(k) + "]",
                        "[" + Metascheduler.num(bb.start()) + ", "
                                + Metascheduler.num(bb.end()) + ") overlaps busy[" + order.get(k - 1) + "] ["
                                + Metascheduler.num(a.start()) + ", " + Metascheduler.num(a.end())
                                + "); give each busy time once");
            }
        }
        List<Interval> sorted = new ArrayList<>();
        order.forEach(i -> sorted.add(busy.get(i)));
        Metascheduler.Published pub = m.putNode(w, id, p, price, sorted);
        json(c, pub.created() ? 201 : 200, node(m.node(id), w));
    }

    void deleteNode(Context c, Token w) {
        noBody(c);
        String force = c.queryParam("force");
        // exactly the boolean openapi.json says (1, 0 and an empty value were taken too, unlike the message)
        boolean f = "true".equals(force);
        if (force != null && !f && !"false".equals(force)) {
            throw ApiException.badInput(
                    "force", "'" + org.metasched.io.Text.shown(force) + "', expected true or false");
        }
        Metascheduler.Withdrawn wd = m.deleteNode(w, id(c), f);
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("deleted", wd.node());
            g.writeName("cancelled");
            g.writeStartArray();
            for (Map.Entry<String, Store.State> e : wd.jobs().entrySet()) {
                g.writeStartObject();
                g.writeStringProperty("job", e.getKey());
                g.writeStringProperty("state", e.getValue().shortName());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        json(c, 200, s.toString());
    }
}
