package org.metasched.service;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.NodeRow;
import org.metasched.service.Store.SlotRow;
import org.metasched.timeline.ResourceDomain;

/**
 * The VO's free time from {@code now} to {@code end}, as a cycle and a quote see it: the nodes in publication order,
 * each node's busy intervals (its owner's, and the slots reservations hold) and the resource domain built from them.
 */
record VoDomain(List<NodeRow> rows, List<Node> nodes, List<List<Interval>> busy, ResourceDomain domain, double end) {

    static VoDomain at(Connection c, double now, double end) throws SQLException {
        List<NodeRow> rows = NodeStore.nodes(c);
        List<Node> nodes = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (NodeRow n : rows) {
            index.put(n.id(), nodes.size());
            nodes.add(new Node(nodes.size(), n.id(), n.performance(), n.price()));
        }
        List<List<Interval>> busy = new ArrayList<>();
        for (NodeRow n : rows) {
            List<Interval> b = new ArrayList<>();
            for (Interval iv : n.busy()) {
                if (iv.end() > now && iv.start() < end) {
                    b.add(iv);
                }
            }
            busy.add(b);
        }
        for (JobRow h : JobStore.holding(c)) {
            for (SlotRow s : h.slots()) {
                if (s.end() > now && s.start() < end) {
                    busy.get(index.get(s.node())).add(new Interval(s.start(), s.end()));
                }
            }
        }
        ResourceDomain domain = new ResourceDomain(nodes, now, end);
        for (int i = 0; i < nodes.size(); i++) {
            busy.get(i).sort(Comparator.comparingDouble(Interval::start));
            for (Interval iv : busy.get(i)) {
                domain.addBusy(i, iv);
            }
        }
        return new VoDomain(rows, nodes, busy, domain, end);
    }

    /** The owner of node {@code id} (null when it is not published). */
    String owner(String id) {
        for (NodeRow r : rows) {
            if (r.id().equals(id)) {
                return r.owner();
            }
        }
        return null;
    }
}
