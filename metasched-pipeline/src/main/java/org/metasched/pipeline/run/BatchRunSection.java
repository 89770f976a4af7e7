package org.metasched.pipeline.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.experiments.P002Environment;
import org.metasched.model.Allocation;
import org.metasched.model.Geometry;
import org.metasched.model.Node;
import org.metasched.model.Window;
import org.metasched.pipeline.Values;
import org.metasched.report.Gantt;
import org.metasched.report.GanttBuilder;
import org.metasched.report.Report;

/**
 * {@code run}'s P002 section: one generated cycle (24 nodes with local load over [0, 600], a batch of 20 jobs) by
 * CSS, the batch-slicer with 5 sub-batches and backfilling, each with a Gantt chart of the chosen windows.
 */
final class BatchRunSection implements RunSection {
    static final List<BatchScheduler.Scheme> SCHEMES =
            List.of(BatchScheduler.Scheme.CSS, BatchScheduler.Scheme.SLICER, BatchScheduler.Scheme.BACKFILL);

    @Override
    public String name() {
        return "batch";
    }

    @Override
    public String title() {
        return "A batch of 20 jobs in one cycle (paper P002): CSS, batch-slicer (5 sub-batches), backfilling";
    }

    @Override
    public Part run(long seed) {
        P002Environment.Cycle cycle = P002Environment.cycle(seed, P002Environment.Load.MEDIUM, 0);
        List<BatchJob> jobs = cycle.jobs();
        List<BatchScheduler.Result> results = new ArrayList<>();
        for (BatchScheduler.Scheme scheme : SCHEMES) {
            results.add(BatchScheduler.schedule(
                    jobs,
                    cycle.slots(),
                    Geometry.ROUGH,
                    new BatchScheduler.Settings(
                            scheme, CssProblem.MIN_TIME, CssProblem.Time.PROCESSOR_TIME, 5, 10, 1)));
        }
        return new BatchPart(cycle.nodes(), results);
    }

    record BatchPart(List<Node> nodes, List<BatchScheduler.Result> results) implements Part {
        @Override
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            String header = String.format(
                    Locale.ROOT,
                    "%-9s %8s %6s %7s %10s %11s %11s %12s",
                    "scheme",
                    "feasible",
                    "placed",
                    "no alt",
                    "mean start",
                    "total T_CPU",
                    "total cost",
                    "alternatives");
            out.add(header);
            out.add("-".repeat(header.length()));
            for (int i = 0; i < results.size(); i++) {
                BatchScheduler.Result r = results.get(i);
                int placed = 0;
                double start = 0;
                double cpu = 0;
                double cost = 0;
                double alts = 0;
                int none = 0;
                for (BatchScheduler.JobResult j : r.jobs()) {
                    alts += j.alternatives().size();
                    none += j.alternatives().isEmpty() ? 1 : 0;
                    if (j.chosen() >= 0) {
                        Window w = j.alternatives().get(j.chosen());
                        placed++;
                        start += w.start();
                        cpu += w.processorTime();
                        cost += w.cost();
                    }
                }
                out.add(String.format(
                        Locale.ROOT,
                        "%-9s %8s %6d %7d %10.1f %11.1f %11.1f %12.1f",
                        SCHEMES.get(i).name(),
                        r.feasible() ? "yes" : "no",
                        placed,
                        none,
                        placed == 0 ? Double.NaN : start / placed,
                        cpu,
                        cost,
                        alts / r.jobs().size()));
            }
            out.add("(24 nodes, p in [2, 10], 20 jobs of 2-6 nodes, the medium load of reproduce p002-*: "
                    + P002Environment.Load.MEDIUM.describe() + "; VO problem min-time. A job with no alternative"
                    + " (\"no alt\") fails its whole sub-batch)");
            return out;
        }

        @Override
        public void addTo(Report report) {
            List<String> rows = new ArrayList<>();
            for (Node n : nodes) {
                rows.add(String.format(Locale.ROOT, "%s (p=%.1f)", n.id(), n.performance()));
            }
            List<GanttBuilder> group = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                GanttBuilder g = Gantt.builder()
                        .id("run-batch-" + SCHEMES.get(i).name())
                        .title("P002, " + SCHEMES.get(i).name() + ": the windows chosen for the batch")
                        .timeTitle("time")
                        .rows(rows);
                for (BatchScheduler.JobResult j : results.get(i).jobs()) {
                    if (j.chosen() < 0) {
                        continue;
                    }
                    Window w = j.alternatives().get(j.chosen());
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("criterion", j.job().criterion().name());
                    fields.put("sub-batch", j.subBatch());
                    fields.put("cost", Values.fixed(w.cost(), 1));
                    for (Allocation a : w.allocations()) {
                        int row = a.node().index();
                        g.bar(j.job().id(), row, row, a.start(), a.end(), fields);
                    }
                }
                group.add(g);
            }
            // one time axis for the three schemes, so that their schedules compare by eye (issue 22)
            for (Gantt g : Gantt.onOneTimeAxis(group)) {
                report.gantt(g);
            }
        }
    }
}
