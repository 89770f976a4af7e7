package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.experiments.P000Experiment;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.io.results.CsvColumns;
import org.metasched.model.Allocation;
import org.metasched.model.Node;
import org.metasched.report.Gantt;
import org.metasched.report.GanttBuilder;
import org.metasched.report.Report;
import org.metasched.report.Series;

/** The report sections and the {@code table.csv} of paper P000's Tables 2 and 3 (docs/reproduction.md). */
public final class P000Report {
    /** The columns of {@code table.csv}. */
    public static final CsvColumns<P000Experiment.Row> TABLE_COLUMNS = CsvColumns.<P000Experiment.Row>of()
            .integer("queueLength", P000Experiment.Row::queueLength)
            .text("algorithm", P000Experiment.Row::algorithm)
            .decimal("meanFinish", P000Experiment.Row::meanFinish)
            .decimal("meanCost", P000Experiment.Row::meanCost)
            .integer("runs", P000Experiment.Row::runs);

    private P000Report() {}

    /** Adds the P000 sections (table, charts, a sample schedule) to {@code r}. */
    public static void add(Report r, P000Experiment.Config config, List<P000Experiment.Row> rows) {
        boolean arrivals = config.arrivals();
        List<List<?>> table = new ArrayList<>();
        for (P000Experiment.Row row : rows) {
            double base = baseline(rows, row.queueLength());
            double paper = P000Experiment.paper(arrivals, row.queueLength(), row.algorithm());
            double paperBase = P000Experiment.paper(arrivals, row.queueLength(), "bf-finish");
            table.add(List.of(
                    row.queueLength(),
                    row.algorithm(),
                    round(row.meanFinish(), 1),
                    Double.isNaN(paper) ? "-" : round(paper, 1),
                    round(100 * (base - row.meanFinish()) / base, 2),
                    Double.isNaN(paper) ? "-" : round(100 * (paperBase - paper) / paperBase, 2),
                    round(row.meanCost(), 1)));
        }
        r.table(
                "Mean finish time, ours and the paper's (advantage = (F_BFfinish - F) / F_BFfinish, %)",
                List.of("N_Q", "algorithm", "mean finish", "paper", "advantage %", "paper advantage %", "mean cost"),
                table);
        List<Integer> qs = config.queueLengths();
        double[] x = new double[qs.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = qs.get(i);
        }
        // The mean finish times of the criteria differ by a few per cent, so lines of them would lie on top of each
        // other: like the paper's figures, plot BFshort, PAST and CoP relative to BFfinish (BFfinish is the zero
        // line; BFstart, far below, is in the table).
        List<Series> ours = new ArrayList<>();
        List<Series> paper = new ArrayList<>();
        for (String a : P000Experiment.CRITERIA) {
            if (a.equals("bf-finish") || a.equals("bf-start")) {
                continue;
            }
            double[] adv = new double[x.length];
            double[] padv = new double[x.length];
            boolean paperComplete = true;
            for (int i = 0; i < x.length; i++) {
                int q = qs.get(i);
                double base = baseline(rows, q);
                adv[i] = 100 * (base - find(rows, q, a).meanFinish()) / base;
                double p = P000Experiment.paper(arrivals, q, a);
                double pb = P000Experiment.paper(arrivals, q, "bf-finish");
                padv[i] = 100 * (pb - p) / pb;
                paperComplete &= !Double.isNaN(p);
            }
            ours.add(Series.of(a, x, adv));
            if (paperComplete) {
                paper.add(Series.of(a, x, padv));
            }
        }
        String fig = arrivals ? "Figure 4" : "Figure 3";
        r.lineChart(
                "advantage",
                "Mean finish time relative to BFfinish, ours (the paper's " + fig + "; above zero is earlier)",
                "jobs in the queue N_Q",
                "advantage over BFfinish (%)",
                ours);
        if (!paper.isEmpty()) {
            r.lineChart(
                    "paper-advantage",
                    "Mean finish time relative to BFfinish, the paper's numbers",
                    "jobs in the queue N_Q",
                    "advantage over BFfinish (%)",
                    paper);
        }
        int q = qs.get(0);
        P000Experiment.Instance instance = P000Experiment.generate(config, q, 0);
        WindowBackfilling.Schedule s = P000Experiment.schedule(config, instance, "cop");
        r.gantt(scheduleGantt(
                "gantt-cop",
                "Schedule of instance 0 (N_Q = " + q + ") under CoP: hover a job to see all its slots",
                instance.domain().nodes(),
                s));
    }

    /** Writes the tidy {@code table.csv} of a P000 run ({@link #TABLE_COLUMNS}). */
    public static void writeTable(Path file, List<P000Experiment.Row> rows) throws IOException {
        TABLE_COLUMNS.write(file, rows);
    }

    /** A Gantt chart of a window schedule: one row per node, one bar per allocation. */
    static Gantt scheduleGantt(String id, String title, List<Node> nodes, WindowBackfilling.Schedule s) {
        List<String> rows = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            rows.add(String.format(
                    Locale.ROOT, "%s (p=%s, c=%s)", n.id(), fixed(n.performance(), 1), fixed(n.unitPrice(), 1)));
        }
        GanttBuilder g = Gantt.builder().id(id).title(title).timeTitle("time").rows(rows);
        for (WindowBackfilling.Placement p : s.placements()) {
            if (!p.scheduled()) {
                continue;
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("nodes", p.request().nodes());
            fields.put("volume", round(p.request().volume(), 1));
            fields.put("arrival", round(p.request().arrival(), 1));
            fields.put("cost", round(p.window().cost(), 1));
            String job = "J" + (p.job() + 1);
            for (Allocation a : p.window().allocations()) {
                g.bar(job, a.node().index(), a.node().index(), a.start(), a.end(), fields);
            }
        }
        return g.build();
    }

    /** The BFfinish mean finish time of queue length {@code q}, the reference of the relative advantages. */
    static double baseline(List<P000Experiment.Row> rows, int q) {
        return find(rows, q, "bf-finish").meanFinish();
    }

    private static P000Experiment.Row find(List<P000Experiment.Row> rows, int q, String a) {
        for (P000Experiment.Row r : rows) {
            if (r.queueLength() == q && r.algorithm().equals(a)) {
                return r;
            }
        }
        throw new IllegalStateException("no row for " + q + " " + a);
    }

    private static String fixed(double v, int decimals) {
        return new java.math.BigDecimal(Double.toString(v))
                .setScale(decimals, java.math.RoundingMode.HALF_EVEN)
                .toPlainString();
    }

    public static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }

    /** The terminal table of a P000 run, beside the paper's numbers. */
    public static List<String> tableLines(List<P000Experiment.Row> rows, boolean arrivals) {
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(String.format(
                Locale.ROOT,
                "%-5s %-10s %12s %10s %14s %14s %12s",
                "N_Q",
                "algorithm",
                "meanFinish",
                "paper",
                "vs BFfinish",
                "paper vs BFf",
                "meanCost"));
        for (P000Experiment.Row r : rows) {
            double ours = r.meanFinish();
            double base = baseline(rows, r.queueLength());
            double paper = P000Experiment.paper(arrivals, r.queueLength(), r.algorithm());
            double paperBase = P000Experiment.paper(arrivals, r.queueLength(), "bf-finish");
            out.add(String.format(
                    Locale.ROOT,
                    "%-5d %-10s %12.1f %10.1f %13.2f%% %13.2f%% %12.1f",
                    r.queueLength(),
                    r.algorithm(),
                    ours,
                    paper,
                    100 * (base - ours) / base,
                    100 * (paperBase - paper) / paperBase,
                    r.meanCost()));
        }
        out.add("(vs BFfinish: relative advantage (F_BFfinish - F) / F_BFfinish; positive is better)");
        return out;
    }
}
