package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.availability.StartPointPlacement;
import org.metasched.experiments.Finding;
import org.metasched.experiments.P003JobLoadExperiment;
import org.metasched.experiments.P003TimeScanExperiment;
import org.metasched.io.results.CsvColumns;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Paper P003's experiments (spec 4.6): Figure 5 ({@code p003-job-load}: the best window's availability against the
 * job load, knapsack and GreedyJnt) and Table 1 ({@code p003-time-scan}: accuracy and speed-up of the scan from K
 * starting points). 64 nodes, 6 nodes for 200 time units, horizon [0, 800], global load 0.05.
 */
final class P003Targets {
    static final long SEED = 2021;

    private P003Targets() {}

    /** Figure 5. */
    static final class JobLoad implements ReproduceTarget {
        static final CsvColumns<P003JobLoadExperiment.Row> COLUMNS = CsvColumns.<P003JobLoadExperiment.Row>of()
                .decimal("jobLoad", P003JobLoadExperiment.Row::jobLoad)
                .text("algorithm", P003JobLoadExperiment.Row::algorithm)
                .decimal("availability", P003JobLoadExperiment.Row::availability)
                .integer("found", P003JobLoadExperiment.Row::found)
                .integer("runs", P003JobLoadExperiment.Row::runs);

        @Override
        public About about() {
            return new About(
                    "p003-job-load",
                    "paper P003, Figure 5: the best window's availability against the job load, knapsack and GreedyJnt",
                    1000, // 11 loads x 1 000: the paper's "more than 10 000" scenarios
                    SEED,
                    COLUMNS.names());
        }

        @Override
        public long steps(Settings s) {
            return P003JobLoadExperiment.instances(P003JobLoadExperiment.Config.paper(s.runs(), s.seed()));
        }

        @Override
        public Outcome run(Settings s, IntConsumer progress) {
            P003JobLoadExperiment.Config c = P003JobLoadExperiment.Config.paper(s.runs(), s.seed());
            long t0 = System.nanoTime();
            List<P003JobLoadExperiment.Row> rows = P003JobLoadExperiment.run(c, s.threads(), progress);
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new Outcome() {
                @Override
                public List<String> summaryLines() {
                    List<String> out = new ArrayList<>();
                    out.add("");
                    out.add(String.format(
                            Locale.ROOT,
                            "%-8s %-11s %13s %7s %7s %6s",
                            "jobLoad",
                            "algorithm",
                            "availability",
                            "paper",
                            "found",
                            "runs"));
                    for (P003JobLoadExperiment.Row r : rows) {
                        out.add(String.format(
                                Locale.ROOT,
                                "%-8.1f %-11s %13.4f %7s %7d %6d",
                                r.jobLoad(),
                                r.algorithm(),
                                r.availability(),
                                Values.fixed(P003JobLoadExperiment.paper(r.jobLoad(), r.algorithm()), 2),
                                r.found(),
                                r.runs()));
                    }
                    out.add("(availability: mean over the runs of the best window's probability, 0 where none;"
                            + " found: runs with a window; the paper gives values at job load 0 and 1 only)");
                    out.add("");
                    out.add("The paper's findings (holds: 95 % intervals apart; in means: ordered means, overlapping"
                            + " intervals):");
                    for (Finding f : P003JobLoadExperiment.findings(rows)) {
                        out.add(String.format(
                                Locale.ROOT, "%-9s %s", f.verdict().label() + ":", f.statement()));
                        out.add("          " + f.detail());
                    }
                    return out;
                }

                @Override
                public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
                    COLUMNS.write(dir.resolve("table.csv"), rows);
                    if (!outputs.report()) {
                        return;
                    }
                    Report rep = Report.create("P003 Figure 5: availability of the best window against the job load")
                            .subtitle(String.format(
                                    Locale.ROOT,
                                    "%s | %s per load, seed %d, 64 nodes, n = 6, T = 200, horizon [0, 800] |"
                                            + " %.1f s",
                                    command,
                                    Values.runs(c.runs()),
                                    c.seed(),
                                    seconds));
                    List<Series> series = new ArrayList<>();
                    List<List<Object>> table = new ArrayList<>();
                    for (String a : P003JobLoadExperiment.ALGORITHMS) {
                        List<Double> x = new ArrayList<>();
                        List<Double> y = new ArrayList<>();
                        for (P003JobLoadExperiment.Row r : rows) {
                            if (r.algorithm().equals(a)) {
                                x.add(r.jobLoad());
                                y.add(r.availability());
                                table.add(List.of(
                                        Values.fixed(r.jobLoad(), 1),
                                        a,
                                        Values.fixed(r.availability(), 4),
                                        Values.fixed(P003JobLoadExperiment.paper(r.jobLoad(), a), 2),
                                        r.found()));
                            }
                        }
                        series.add(Series.of(a, Values.array(x), Values.array(y)));
                    }
                    rep.lineChart(
                            "p003-job-load",
                            "Availability of the best window (the paper's Figure 5 gives 0.96 for the knapsack and 0.87"
                                    + " for GreedyJnt at job load 0, and no window at 1)",
                            "job load",
                            "availability",
                            series);
                    rep.table(
                            "Our numbers beside the paper's",
                            List.of("job load", "algorithm", "availability", "paper", "runs with a window"),
                            table);
                    List<List<Object>> checks = new ArrayList<>();
                    for (Finding f : P003JobLoadExperiment.findings(rows)) {
                        checks.add(List.of(f.statement(), f.verdict().label(), f.detail()));
                    }
                    rep.table(
                            "The paper's findings, judged with the 95 % intervals over the runs",
                            List.of("the paper finds", "here", "our numbers"), checks);
                    outputs.configure(rep).writeTo(dir);
                }
            };
        }
    }

    /** Table 1. */
    static final class TimeScan implements ReproduceTarget {
        static final CsvColumns<P003TimeScanExperiment.Row> COLUMNS = CsvColumns.<P003TimeScanExperiment.Row>of()
                .text("algorithm", P003TimeScanExperiment.Row::algorithm)
                .text("startPoints", P003TimeScanExperiment.Row::startPoints)
                .decimal("accuracy", P003TimeScanExperiment.Row::accuracy)
                .decimal("speedup", P003TimeScanExperiment.Row::speedup)
                .decimal("evaluations", P003TimeScanExperiment.Row::evaluations)
                .integer("runs", P003TimeScanExperiment.Row::runs);

        @Override
        public About about() {
            return new About(
                    "p003-time-scan",
                    "paper P003, Table 1: accuracy and speed-up of the scan from K starting points against the full"
                            + " knapsack scan",
                    1000, // the paper's "more than 1 000" scenarios
                    SEED,
                    COLUMNS.names());
        }

        @Override
        public Map<String, List<String>> parameters() {
            return Map.of("placement", List.of("uniform", "random", "mixed"));
        }

        static P003TimeScanExperiment.Config config(Settings s) {
            return P003TimeScanExperiment.Config.paper(s.runs(), s.seed())
                    .withGreedyStartPoints(List.of(50))
                    .withPlacement(StartPointPlacement.byName(s.parameters().get("placement")));
        }

        @Override
        public long steps(Settings s) {
            return s.runs();
        }

        @Override
        public Outcome run(Settings s, IntConsumer progress) {
            P003TimeScanExperiment.Config c = config(s);
            long t0 = System.nanoTime();
            List<P003TimeScanExperiment.Row> rows = P003TimeScanExperiment.run(c, s.threads(), progress);
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new Outcome() {
                @Override
                public List<String> summaryLines() {
                    List<String> out = new ArrayList<>();
                    out.add("");
                    out.add(String.format(
                            Locale.ROOT,
                            "%-11s %6s %9s %7s %9s %9s %12s",
                            "algorithm",
                            "K",
                            "accuracy",
                            "paper",
                            "speed-up",
                            "paper",
                            "evaluations"));
                    for (P003TimeScanExperiment.Row r : rows) {
                        double[] paper = P003TimeScanExperiment.paper(r.algorithm(), r.startPoints());
                        out.add(String.format(
                                Locale.ROOT,
                                "%-11s %6s %9.4f %7s %9.1f %9s %12.1f",
                                r.algorithm(),
                                r.startPoints(),
                                r.accuracy(),
                                paper == null ? "" : Values.fixed(paper[0], 3),
                                r.speedup(),
                                paper == null ? "" : Values.fixed(paper[1], 1),
                                r.evaluations()));
                    }
                    out.add("(accuracy: mean ratio to the full knapsack scan's availability; speed-up: the full scan's"
                            + " time over this line's, measured on this machine, the one column that varies run to"
                            + " run)");
                    return out;
                }

                @Override
                public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
                    COLUMNS.write(dir.resolve("table.csv"), rows);
                    if (!outputs.report()) {
                        return;
                    }
                    Report rep = Report.create("P003 Table 1: the time scan from K starting points")
                            .subtitle(String.format(
                                    Locale.ROOT,
                                    "%s | %s, seed %d, job load 0.5, step %d, %s placement | %.1f s",
                                    command,
                                    Values.counted("%d", c.runs(), "scenario"),
                                    c.seed(),
                                    c.step(),
                                    c.placement().shortName(),
                                    seconds));
                    List<List<Object>> table = new ArrayList<>();
                    List<Double> k = new ArrayList<>();
                    List<Double> acc = new ArrayList<>();
                    for (P003TimeScanExperiment.Row r : rows) {
                        double[] paper = P003TimeScanExperiment.paper(r.algorithm(), r.startPoints());
                        table.add(List.of(
                                r.algorithm(),
                                r.startPoints(),
                                Values.fixed(r.accuracy(), 4),
                                paper == null ? "" : Values.fixed(paper[0], 3),
                                Values.fixed(r.speedup(), 1),
                                paper == null ? "" : Values.fixed(paper[1], 1),
                                Values.fixed(r.evaluations(), 1)));
                        if (r.algorithm().equals("knapsack") && !r.startPoints().equals("full")) {
                            k.add(Double.parseDouble(r.startPoints()));
                            acc.add(r.accuracy());
                        }
                    }
                    rep.table(
                            "Our numbers beside the paper's (speed-up measured on this machine)",
                            List.of(
                                    "algorithm",
                                    "starting points",
                                    "accuracy",
                                    "paper",
                                    "speed-up",
                                    "paper",
                                    "evaluations"),
                            table);
                    rep.lineChart(
                            "p003-accuracy",
                            "Knapsack: accuracy against the number of starting points",
                            "starting points K",
                            "accuracy",
                            List.of(
                                    Series.of("ours", Values.array(k), Values.array(acc)),
                                    Series.of("paper", new double[] {1, 5, 10, 20, 50, 100}, new double[] {
                                        0.80, 0.93, 0.96, 0.97, 0.99, 0.99
                                    })));
                    outputs.configure(rep).writeTo(dir);
                }
            };
        }
    }
}
