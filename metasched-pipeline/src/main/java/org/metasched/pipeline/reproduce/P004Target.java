package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import org.metasched.experiments.P004Experiment;
import org.metasched.io.results.CsvColumns;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryStreams;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Paper P004: the adaptive, static, shared and shared-backfill policies on the stable and the peak stream at the
 * paper's scale (5 machines x 2 cores sharing 4 GiB, classes 1, 2, 3 GiB, 80 % load, arrivals over 20 s), and the
 * adaptive policy's threshold TR from 0 to 0.5 under the peak stream.
 */
final class P004Target implements ReproduceTarget {
    static final CsvColumns<P004Experiment.Row> COLUMNS = CsvColumns.<P004Experiment.Row>of()
            .text("workload", P004Experiment.Row::workload)
            .text("policy", P004Experiment.Row::policy)
            .decimalOrBlank("threshold", P004Experiment.Row::threshold)
            .decimal("coreUtilization", P004Experiment.Row::coreUtilization)
            .decimal("memoryUtilization", P004Experiment.Row::memoryUtilization)
            .decimal("meanFlowtime", P004Experiment.Row::meanFlowtime)
            .decimalOrBlank("meanFlowtimeCi95", P004Experiment.Row::meanFlowtimeCi95)
            .decimal("meanWait", P004Experiment.Row::meanWait)
            .decimal("reprovisionings", P004Experiment.Row::reprovisionings)
            .integer("runs", P004Experiment.Row::runs);

    @Override
    public About about() {
        return new About(
                "p004",
                "paper P004: adaptive memory provisioning against static and shared pools, stable and peak streams,"
                        + " and the threshold TR from 0 to 0.5",
                30, // the issue's
                MemoryConfig.DEFAULT_SEED,
                COLUMNS.names());
    }

    @Override
    public long steps(Settings settings) {
        return P004Experiment.instances(P004Experiment.Config.paper(settings.runs(), settings.seed()));
    }

    @Override
    public Outcome run(Settings settings, IntConsumer progress) {
        P004Experiment.Config config = P004Experiment.Config.paper(settings.runs(), settings.seed());
        long t0 = System.nanoTime();
        P004Experiment.Result result = P004Experiment.run(config, settings.threads(), progress);
        return new P004Outcome(settings, result, (System.nanoTime() - t0) / 1e9);
    }

    /** The paper's utilization for a workload, as read off its figures and text: [low, high]. */
    static double[] paperUtilization(String workload) {
        return workload.equals(MemoryStreams.STABLE)
                ? new double[] {P004Experiment.PAPER_UTILIZATION_STABLE, P004Experiment.PAPER_UTILIZATION_STABLE}
                : new double[] {P004Experiment.PAPER_UTILIZATION_PEAK_LOW, P004Experiment.PAPER_UTILIZATION_PEAK_HIGH};
    }

    record P004Outcome(Settings settings, P004Experiment.Result result, double seconds) implements Outcome {
        @Override
        public List<String> summaryLines() {
            List<String> out = new ArrayList<>();
            out.add("");
            out.add(String.format(
                    Locale.ROOT,
                    "%-8s %-16s %5s %9s %9s %10s %7s %8s %7s  %s",
                    "workload", // table.csv's and docs/reproduction.md's name of the column (stable or peak)
                    "policy",
                    "TR",
                    "coreUtil",
                    "memUtil",
                    "flowtime",
                    "+-95%",
                    "wait",
                    "reprov",
                    "paper util (adaptive)"));
            for (P004Experiment.Row r : result.rows()) {
                double[] paper = paperUtilization(r.workload());
                String paperText = !r.policy().equals("adaptive")
                        ? ""
                        : paper[0] == paper[1]
                                ? String.format(Locale.ROOT, "~%.2f", paper[0])
                                : String.format(Locale.ROOT, "%.2f-%.2f", paper[0], paper[1]);
                out.add(String.format(
                        Locale.ROOT,
                        "%-8s %-16s %5s %9.3f %9.3f %10.3f %7s %8.3f %7.1f  %s",
                        r.workload(),
                        r.policy(),
                        Double.isNaN(r.threshold()) ? "" : String.format(Locale.ROOT, "%.2f", r.threshold()),
                        r.coreUtilization(),
                        r.memoryUtilization(),
                        r.meanFlowtime(),
                        Double.isNaN(r.meanFlowtimeCi95())
                                ? "-"
                                : String.format(Locale.ROOT, "%.3f", r.meanFlowtimeCi95()),
                        r.meanWait(),
                        r.reprovisionings(),
                        paperText));
            }
            out.add("(utilization over the arrival window [0, 20 s]; flowtime and wait in seconds, means over "
                    + Values.runs(settings.runs())
                    + "; the paper reports only its adaptive model, docs/reproduction.md)");
            return out;
        }

        @Override
        public void writeInto(Path dir, Outputs outputs, String command) throws IOException {
            COLUMNS.write(dir.resolve("table.csv"), result.rows());
            if (outputs.report()) {
                outputs.configure(report(command)).writeTo(dir);
            }
        }

        private Report report(String command) {
            Report r = Report.create("P004: adaptive memory provisioning")
                    .subtitle(String.format(
                            Locale.ROOT,
                            "%s | %s per row, seed %d, 5 machines x 2 cores sharing 4 GiB, classes 1, 2, 3 GiB,"
                                    + " 80 %% load | %.1f s",
                            command,
                            Values.runs(settings.runs()),
                            settings.seed(),
                            seconds));
            List<List<Object>> rows = new ArrayList<>();
            for (P004Experiment.Row x : result.rows()) {
                double[] paper = paperUtilization(x.workload());
                rows.add(List.of(
                        x.workload(),
                        x.policy(),
                        Double.isNaN(x.threshold()) ? "" : Values.fixed(x.threshold(), 2),
                        Values.fixed(x.coreUtilization(), 3),
                        x.policy().equals("adaptive")
                                ? (paper[0] == paper[1]
                                        ? "~" + Values.fixed(paper[0], 2)
                                        : Values.fixed(paper[0], 2) + "-" + Values.fixed(paper[1], 2))
                                : "",
                        Values.fixed(x.memoryUtilization(), 3),
                        Values.fixed(x.meanFlowtime(), 3) + " +- " + Values.fixed(x.meanFlowtimeCi95(), 3),
                        Values.fixed(x.meanWait(), 3),
                        Values.fixed(x.reprovisionings(), 1)));
            }
            r.table(
                    "Our numbers beside the paper's (utilization over [0, 20 s]; the paper has no table: its values"
                            + " are read off its Figures 5-7 and text)",
                    List.of(
                            "stream",
                            "policy",
                            "TR",
                            "core util.",
                            "paper",
                            "memory util.",
                            "mean flowtime (s)",
                            "mean wait (s)",
                            "re-provisionings"),
                    rows);
            List<Series> profiles = new ArrayList<>();
            for (P004Experiment.Profile p : result.profiles()) {
                if (p.workload().equals(MemoryStreams.PEAK)
                        && (p.policy().equals("static")
                                || (p.policy().equals("adaptive")
                                        && p.threshold() == MemoryConfig.DEFAULT_THRESHOLD))) {
                    profiles.add(Series.of(p.policy(), p.windowStartSeconds(), p.meanFlowtime()));
                }
            }
            r.lineChart(
                    "p004-recovery",
                    "Peak stream: mean flowtime of the 3 GiB class by arrival second (the paper's Figure 7)",
                    "arrival (s)",
                    "flowtime (s)",
                    profiles);
            List<Double> tr = new ArrayList<>();
            List<Double> flow = new ArrayList<>();
            List<Double> reprov = new ArrayList<>();
            for (P004Experiment.Row x : result.rows()) {
                if (x.workload().equals(MemoryStreams.PEAK) && x.policy().equals("adaptive")) {
                    tr.add(x.threshold());
                    flow.add(x.meanFlowtime());
                    reprov.add(x.reprovisionings());
                }
            }
            int[] order = sortedIndex(tr);
            r.lineChart(
                    "p004-threshold",
                    "Peak stream, adaptive policy: mean flowtime against the threshold TR",
                    "TR",
                    "mean flowtime (s)",
                    List.of(Series.of("adaptive", pick(tr, order), pick(flow, order))));
            r.lineChart(
                    "p004-threshold-reprovisionings",
                    "Peak stream, adaptive policy: re-provisionings per run against TR",
                    "TR",
                    "re-provisionings",
                    List.of(Series.of("adaptive", pick(tr, order), pick(reprov, order))));
            return r;
        }
    }

    private static int[] sortedIndex(List<Double> v) {
        Integer[] idx = new Integer[v.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, (a, b) -> Double.compare(v.get(a), v.get(b)));
        int[] out = new int[idx.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    private static double[] pick(List<Double> v, int[] order) {
        double[] out = new double[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(order[i]);
        }
        return out;
    }
}
