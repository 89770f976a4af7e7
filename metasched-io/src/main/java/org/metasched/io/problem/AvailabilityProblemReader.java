package org.metasched.io.problem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityNode;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.LocalJob;
import org.metasched.io.TreeReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.Parameter;

/**
 * Reads an {@link AvailabilityProblem} from the {@code select} file format (docs/select.md) with the availability
 * fields: a node may carry {@code occupancy} (in [0, 1], default 0) and {@code localJobs} ({@code start}, {@code
 * length}, {@code sigmaStart}, {@code sigmaRelease}, optional {@code probability} default 1); the job gives its
 * window length as {@code runtime} or, as paper P003 says it, {@code volume} (exactly one of them). Every error
 * names the file and the field.
 */
public final class AvailabilityProblemReader {
    private AvailabilityProblemReader() {}

    public static AvailabilityProblem read(Path file) {
        TreeReader root = ProblemReader.root(file);
        double[] horizon = ProblemReader.horizon(root.child("horizon", "a number (the end) or a [start, end] pair"));
        List<AvailabilityNode> nodes = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Node dearest = null;
        for (TreeReader n : ProblemReader.nodeList(root)) {
            n.onlyFields("id", "performance", "price", "busy", "occupancy", "localJobs");
            Node node = ProblemReader.node(n, nodes.size(), ids, horizon[1] - horizon[0]);
            if (dearest == null || node.unitPrice() > dearest.unitPrice()) {
                dearest = node;
            }
            double occupancy = n.number("occupancy", 0, false);
            if (!(occupancy >= 0 && occupancy <= 1)) {
                throw n.child("occupancy").error("must be a probability in [0, 1], got " + occupancy);
            }
            List<Interval> busy = ProblemReader.busy(n);
            List<LocalJob> jobs = new ArrayList<>();
            if (n.has("localJobs")) {
                for (TreeReader j : n.child("localJobs", "a list of local jobs").elements()) {
                    jobs.add(localJob(j));
                }
            }
            nodes.add(AvailabilityNode.of(node, occupancy, jobs, busy));
        }
        AvailabilityDomain domain = new AvailabilityDomain(nodes, horizon[0], horizon[1]);
        return new AvailabilityProblem(
                domain, request(root.child("job", "the job (nodes, runtime, ...)"), nodes.size(), dearest));
    }

    private static LocalJob localJob(TreeReader j) {
        j.onlyFields("start", "length", "sigmaStart", "sigmaRelease", "probability");
        double start = j.number("start");
        double length = ProblemReader.nonNegative(j, "length", j.number("length"));
        double sigmaStart = j.number("sigmaStart");
        if (sigmaStart < 0) {
            throw j.child("sigmaStart").error("must be >= 0 (a standard deviation), got " + sigmaStart);
        }
        double sigmaRelease = j.number("sigmaRelease");
        if (sigmaRelease < 0) {
            throw j.child("sigmaRelease").error("must be >= 0 (a standard deviation), got " + sigmaRelease);
        }
        double probability = j.number("probability", 1, false);
        if (!(probability >= 0 && probability <= 1)) {
            throw j.child("probability").error("must be a probability in [0, 1], got " + probability);
        }
        return new LocalJob(start, length, sigmaStart, sigmaRelease, probability);
    }

    /**
     * The job; its window length T on the {@code dearest} node (the first of the highest price) costs at most {@link
     * ProblemReader#MOST_COST}: a window is not bounded by the horizon here, and a cost past it made the knapsack
     * report a window of infinite cost under a finite budget.
     */
    private static AvailabilityRequest request(TreeReader job, int nodeCount, Node dearest) {
        // arrival and maxPrice belong to the common format and are not used here (docs/select.md), so that the same
        // file serves every strategy; they are still checked to be numbers
        job.onlyFields("nodes", "runtime", "volume", "minPerformance", "budget", "arrival", "maxPrice");
        for (String unused : new String[] {"arrival", "maxPrice"}) {
            if (job.has(unused)) {
                job.number(unused);
            }
        }
        int n = ProblemReader.nodesAsked(job, nodeCount);
        if (job.has("runtime") == job.has("volume")) {
            throw job.error(
                    job.has("runtime")
                            ? "gives both runtime and volume;"
                                    + " the availability strategies take one window length: give one"
                            : "gives neither runtime nor volume; the availability strategies need the window length T"
                                    + " as runtime (or volume, as paper P003 calls it)");
        }
        String field = job.has("runtime") ? "runtime" : "volume";
        double t = job.number(field);
        if (!(t > 0)) {
            throw job.child(field).error("must be > 0, got " + t);
        }
        if (dearest != null && !(dearest.unitPrice() * t <= ProblemReader.MOST_COST)) {
            throw job.child(field)
                    .error(Parameter.shown(t) + " makes a window on node '" + dearest.id() + "' (price "
                            + Parameter.shown(dearest.unitPrice()) + ") cost past "
                            + Parameter.shown(ProblemReader.MOST_COST)
                            + ", where the strategies' sums of costs stop being numbers: expected a " + field
                            + " of at most "
                            + Parameter.shown(
                                    ProblemReader.fourDigitsDown(ProblemReader.MOST_COST / dearest.unitPrice())));
        }
        double minPerf = ProblemReader.nonNegative(job, "minPerformance", job.number("minPerformance", 0, false));
        double budget = ProblemReader.unboundedOrNonNegative(job, "budget");
        try {
            return new AvailabilityRequest(n, t, budget, minPerf);
        } catch (InputFormatException e) {
            throw new InputFormatException(job.file() + ": " + e.getMessage(), e);
        }
    }
}
