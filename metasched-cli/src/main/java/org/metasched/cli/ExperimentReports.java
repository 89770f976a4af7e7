package org.metasched.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.experiments.P000Experiment;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.model.Allocation;
import org.metasched.model.Node;
import org.metasched.report.Gantt;
import org.metasched.report.Report;
import org.metasched.report.Series;

/** Builds the HTML reports of experiments. */
final class ExperimentReports {
    private ExperimentReports() {}

    /** The P000 table report, written into {@code dir}. */
    static void p000(
            Path dir, P000Experiment.Config config, List<P000Experiment.Row> rows, double seconds, String command)
            throws IOException {
        p000Report(config, rows, seconds, command).writeTo(dir);
    }

    static Report p000Report(
            P000Experiment.Config config, List<P000Experiment.Row> rows, double seconds, String command) {
        String table = config.arrivals() ? "Table 3 (arrivals)" : "Table 2 (static queue)";
        Report r = Report.create("P000 " + table + ": conservative backfilling with placement criteria")
                .subtitle(String.format(
                        Locale.ROOT,
                        "%s | %d instances per queue length, seed %d, %s performance, 32 nodes | %.1f s",
                        command,
                        config.runs(),
                        config.seed(),
                        config.integerPerformance() ? "integer" : "real",
                        seconds));
        addP000(r, config, rows);
        return r;
    }

    /** Adds the P000 sections (table, charts, a sample schedule) to {@code r}. */
    static void addP000(Report r, P000Experiment.Config config, List<P000Experiment.Row> rows) {
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
        List<Series> ours = new ArrayList<>();
        List<Series> paper = new ArrayList<>();
        List<Series> finish = new ArrayList<>();
        for (String a : P000Experiment.CRITERIA) {
            double[] adv = new double[x.length];
            double[] padv = new double[x.length];
            double[] f = new double[x.length];
            boolean paperComplete = true;
            for (int i = 0; i < x.length; i++) {
                int q = qs.get(i);
                double base = baseline(rows, q);
                double mine = find(rows, q, a).meanFinish();
                adv[i] = 100 * (base - mine) / base;
                f[i] = mine;
                double p = P000Experiment.paper(arrivals, q, a);
                double pb = P000Experiment.paper(arrivals, q, "bf-finish");
                padv[i] = 100 * (pb - p) / pb;
                paperComplete &= !Double.isNaN(p);
            }
            finish.add(Series.of(a, x, f));
            if (!a.equals("bf-finish") && !a.equals("bf-start")) {
                ours.add(Series.of(a, x, adv));
                if (paperComplete) {
                    paper.add(Series.of(a, x, padv));
                }
            }
        }
        String fig = arrivals ? "Figure 4" : "Figure 3";
        r.lineChart(
                "advantage",
                "Advantage over BFfinish, ours (the paper's " + fig + ")",
                "jobs in the queue N_Q",
                "advantage over BFfinish (%)",
                ours);
        if (!paper.isEmpty()) {
            r.lineChart(
                    "paper-advantage",
                    "Advantage over BFfinish, the paper's numbers",
                    "jobs in the queue N_Q",
                    "advantage over BFfinish (%)",
                    paper);
        }
        r.lineChart(
                "mean-finish", "Mean finish time per criterion", "jobs in the queue N_Q", "mean finish time", finish);
        int q = qs.get(0);
        P000Experiment.Instance instance = P000Experiment.generate(config, q, 0);
        WindowBackfilling.Schedule s = P000Experiment.schedule(config, instance, "cop");
        r.gantt(scheduleGantt(
                "gantt-cop",
                "Schedule of instance 0 (N_Q = " + q + ") under CoP: hover a job to see all its slots",
                instance.domain().nodes(),
                s));
    }

    /** Writes the tidy {@code table.csv} of a P000 run: {@code queueLength,algorithm,meanFinish,meanCost,runs}. */
    static void writeP000Table(Path file, List<P000Experiment.Row> rows) throws IOException {
        List<String> table = new ArrayList<>(rows.size() + 1);
        table.add("queueLength,algorithm,meanFinish,meanCost,runs");
        for (P000Experiment.Row r : rows) {
            table.add(String.format(
                    Locale.ROOT,
                    "%d,%s,%s,%s,%d",
                    r.queueLength(),
                    r.algorithm(),
                    r.meanFinish(),
                    r.meanCost(),
                    r.runs()));
        }
        java.nio.file.Files.write(file, table);
    }

    /** A Gantt chart of a window schedule: one row per node, one bar per allocation. */
    static Gantt scheduleGantt(String id, String title, List<Node> nodes, WindowBackfilling.Schedule s) {
        List<String> rows = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            rows.add(String.format(
                    Locale.ROOT,
                    "%s (p=%s, c=%s)",
                    n.id(),
                    Numbers.format(n.performance(), 1),
                    Numbers.format(n.unitPrice(), 1)));
        }
        Gantt.Builder g = Gantt.builder().id(id).title(title).timeTitle("time").rows(rows);
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

    private static double baseline(List<P000Experiment.Row> rows, int q) {
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

    static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }
}
