package org.metasched.io.problem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.metasched.io.TreeReader;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.timeline.ResourceDomain;

/** Reads a {@link Problem} from a JSON or YAML file; every error names the file and field. */
public final class ProblemReader {
    private ProblemReader() {}

    public static Problem read(Path file) {
        TreeReader root = TreeReader.open(file).onlyFields("horizon", "geometry", "nodes", "job");
        Geometry geometry = geometry(root);
        ResourceDomain domain = domain(root);
        return new Problem(
                domain,
                geometry,
                request(
                        root.child("job", "the job (nodes, volume, ...)"),
                        domain.nodes().size()));
    }

    /** The {@code geometry} field: common or rough (the default). */
    static Geometry geometry(TreeReader root) {
        String g = root.string("geometry", "rough");
        try {
            return Geometry.parse(g);
        } catch (IllegalArgumentException e) {
            throw root.child("geometry").error("must be common or rough, got '" + g + "'");
        }
    }

    /** The {@code horizon} and {@code nodes} of a problem file, as a domain with its busy intervals. */
    static ResourceDomain domain(TreeReader root) {
        double[] horizon = horizon(root.child("horizon", "a number (the end) or a [start, end] pair"));
        List<Node> nodes = new ArrayList<>();
        List<List<Interval>> busy = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<TreeReader> list = root.child("nodes", "a list of nodes").elements();
        if (list.isEmpty()) {
            throw root.child("nodes").error("is empty, expected at least one node");
        }
        for (TreeReader n : list) {
            n.onlyFields("id", "performance", "price", "busy");
            String id = n.string("id", "n" + nodes.size());
            if (!ids.add(id)) {
                throw n.error("repeats the id '" + id + "', ids must be unique");
            }
            double p = n.number("performance");
            if (!(p > 0)) {
                throw n.child("performance").error("must be > 0, got " + p);
            }
            double c = n.number("price");
            if (c < 0) {
                throw n.child("price").error("must be >= 0, got " + c);
            }
            nodes.add(new Node(nodes.size(), id, p, c));
            List<Interval> intervals = new ArrayList<>();
            if (n.has("busy")) {
                for (TreeReader b : n.child("busy").elements()) {
                    intervals.add(interval(b));
                }
            }
            busy.add(intervals);
        }
        ResourceDomain domain = new ResourceDomain(nodes, horizon[0], horizon[1]);
        for (int i = 0; i < nodes.size(); i++) {
            for (Interval iv : busy.get(i)) {
                domain.addBusy(i, iv);
            }
        }
        return domain;
    }

    static double[] horizon(TreeReader h) {
        if (h.isNumber()) {
            double end = h.asNumber();
            if (!(end > 0)) {
                throw h.error("must be > 0 (or a [start, end] pair), got " + end);
            }
            return new double[] {0, end};
        }
        if (!h.isArray()) {
            throw h.error("must be a number (the end; start 0) or a [start, end] pair");
        }
        List<TreeReader> e = h.elements();
        if (e.size() != 2) {
            throw h.error("must be a [start, end] pair, got " + e.size() + " values");
        }
        double a = e.get(0).asNumber();
        double b = e.get(1).asNumber();
        if (!(b > a)) {
            throw h.error("end " + b + " must be after start " + a);
        }
        return new double[] {a, b};
    }

    static Interval interval(TreeReader b) {
        if (!b.isArray() || b.elements().size() != 2) {
            throw b.error("must be a [start, end] pair");
        }
        double a = b.elements().get(0).asNumber();
        double e = b.elements().get(1).asNumber();
        if (e < a) {
            throw b.error("end " + e + " is before start " + a);
        }
        return new Interval(a, e);
    }

    static ResourceRequest request(TreeReader job, int nodeCount, String... extraFields) {
        List<String> fields =
                new ArrayList<>(List.of("nodes", "volume", "minPerformance", "budget", "arrival", "maxPrice"));
        fields.addAll(List.of(extraFields));
        job.onlyFields(fields.toArray(new String[0]));
        int n = job.integer("nodes");
        if (n < 1) {
            throw job.child("nodes").error("must be >= 1, got " + n);
        }
        if (n > nodeCount) {
            throw job.child("nodes").error("asks for " + n + " nodes but the domain has only " + nodeCount);
        }
        double volume = job.number("volume");
        if (!(volume > 0)) {
            throw job.child("volume").error("must be > 0, got " + volume);
        }
        double minPerf = job.number("minPerformance", 0, false);
        if (minPerf < 0) {
            throw job.child("minPerformance").error("must be >= 0, got " + minPerf);
        }
        double budget = job.number("budget", Double.POSITIVE_INFINITY, true);
        if (budget < 0) {
            throw job.child("budget").error("must be >= 0, got " + budget);
        }
        double arrival = job.number("arrival", 0, false);
        double maxPrice = job.number("maxPrice", Double.POSITIVE_INFINITY, true);
        if (maxPrice < 0) {
            throw job.child("maxPrice").error("must be >= 0, got " + maxPrice);
        }
        try {
            return new ResourceRequest(n, volume, minPerf, budget, arrival, maxPrice);
        } catch (IllegalArgumentException e) {
            throw new InputFormatException(job.file() + ": " + e.getMessage(), e);
        }
    }
}
