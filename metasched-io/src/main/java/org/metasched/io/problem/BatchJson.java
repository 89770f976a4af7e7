package org.metasched.io.problem;

import static org.metasched.io.JsonOutput.number;

import java.io.StringWriter;
import java.util.List;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.JsonOutput;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import tools.jackson.core.JsonGenerator;

/**
 * The JSON of a batch: the plan {@code metasched batch --format json} prints (docs/batch.md, Output), and the batch
 * file it reads. One writer for both the command and the service ({@code metasched serve} returns each cycle's plan
 * in the same fields and stores each cycle's input as a batch file).
 */
public final class BatchJson {
    private BatchJson() {}

    /** The plan as {@code metasched batch --format json} prints it. */
    public static String plan(BatchScheduler.Scheme scheme, CssProblem problem, BatchScheduler.Result r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.printed(w)) {
            g.writeStartObject();
            planFields(g, scheme, problem, r);
            g.writeEndObject();
        }
        return w.toString();
    }

    /**
     * The plan's fields, into an object the caller opened: {@code scheme}, {@code problem}, {@code feasible},
     * {@code limit}, {@code objective}, {@code exact} (not for backfill) and {@code jobs}.
     */
    public static void planFields(
            JsonGenerator g, BatchScheduler.Scheme scheme, CssProblem problem, BatchScheduler.Result r) {
        g.writeStringProperty("scheme", scheme.name());
        g.writeStringProperty("problem", problem.name());
        g.writeBooleanProperty("feasible", r.feasible());
        number(g, "limit", r.limit());
        number(g, "objective", r.feasible() || scheme == BatchScheduler.Scheme.BACKFILL ? r.objective() : Double.NaN);
        if (scheme != BatchScheduler.Scheme.BACKFILL) {
            g.writeBooleanProperty("exact", r.exact()); // proven optimal (the DP's quantum, docs/batch.md)
        }
        g.writeName("jobs");
        g.writeStartArray();
        for (BatchScheduler.JobResult j : r.jobs()) {
            g.writeStartObject();
            g.writeStringProperty("id", j.job().id());
            g.writeNumberProperty("subBatch", j.subBatch());
            g.writeName("alternatives");
            g.writeStartArray();
            for (Window a : j.alternatives()) {
                window(g, a);
            }
            g.writeEndArray();
            if (j.chosen() < 0) {
                g.writeNullProperty("chosen");
            } else {
                g.writeNumberProperty("chosen", j.chosen());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * A window as an object: {@code start}, {@code finish}, {@code runtime}, {@code cost}, {@code processorTime},
     * {@code slots}.
     */
    public static void window(JsonGenerator g, Window a) {
        g.writeStartObject();
        windowFields(g, a);
        g.writeEndObject();
    }

    /** A window's fields, into an object the caller opened. */
    public static void windowFields(JsonGenerator g, Window a) {
        number(g, "start", a.start());
        number(g, "finish", a.finish());
        number(g, "runtime", a.runtime());
        number(g, "cost", a.cost());
        number(g, "processorTime", a.processorTime());
        g.writeName("slots");
        g.writeStartArray();
        for (Allocation s : a.allocations()) {
            g.writeStartObject();
            g.writeStringProperty("node", s.node().id());
            number(g, "start", s.start());
            number(g, "end", s.end());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * A batch file ({@code metasched batch --input}): the horizon, the geometry, the nodes with their busy
     * intervals, the jobs in priority order and the settings (scheme, problem, time, the sub-batches and CSS jobs
     * where the scheme has them, the quantum unless it is the data's own), so that the file re-plans as it was.
     *
     * @param busy per node (by index) its busy intervals
     */
    public static String problem(
            double horizonStart,
            double horizonEnd,
            Geometry geometry,
            List<Node> nodes,
            List<List<Interval>> busy,
            List<BatchJob> jobs,
            BatchScheduler.Settings settings) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonOutput.printed(w)) {
            g.writeStartObject();
            g.writeName("horizon");
            g.writeStartArray();
            JsonOutput.number(g, horizonStart);
            JsonOutput.number(g, horizonEnd);
            g.writeEndArray();
            g.writeStringProperty("geometry", geometry.name().toLowerCase(java.util.Locale.ROOT));
            g.writeStringProperty("scheme", settings.scheme().name());
            g.writeStringProperty("problem", settings.problem().name());
            g.writeStringProperty("time", settings.time().name());
            if (settings.scheme().slices()) {
                g.writeNumberProperty("subBatches", settings.subBatches());
            }
            if (settings.scheme() == BatchScheduler.Scheme.BSF) {
                g.writeNumberProperty("cssJobs", settings.cssJobs());
            }
            if (settings.quantum() != CssDynamicProgramme.DATA_QUANTUM) {
                number(g, "quantum", settings.quantum()); // "data" is the default: left out
            }
            g.writeName("nodes");
            g.writeStartArray();
            for (Node n : nodes) {
                g.writeStartObject();
                g.writeStringProperty("id", n.id());
                number(g, "performance", n.performance());
                number(g, "price", n.unitPrice());
                g.writeName("busy");
                g.writeStartArray();
                for (Interval iv : busy.get(n.index())) {
                    g.writeStartArray();
                    JsonOutput.number(g, iv.start());
                    JsonOutput.number(g, iv.end());
                    g.writeEndArray();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeName("jobs");
            g.writeStartArray();
            for (BatchJob j : jobs) {
                ResourceRequest r = j.request();
                g.writeStartObject();
                g.writeStringProperty("id", j.id());
                g.writeNumberProperty("nodes", r.nodes());
                number(g, "volume", r.volume());
                if (r.hasBudget()) {
                    number(g, "budget", r.budget());
                } else {
                    g.writeStringProperty("budget", "unbounded");
                }
                if (r.minPerformance() > 0) {
                    number(g, "minPerformance", r.minPerformance());
                }
                if (r.arrival() != 0) {
                    number(g, "arrival", r.arrival());
                }
                if (r.maxUnitPrice() != Double.POSITIVE_INFINITY) {
                    number(g, "maxPrice", r.maxUnitPrice());
                }
                g.writeStringProperty("criterion", j.criterion().name());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return w.toString();
    }
}
