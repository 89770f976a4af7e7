package org.metasched.pipeline.reproduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002BatchExperiments;
import org.metasched.experiments.P002Environment;
import org.metasched.experiments.P002Table;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Figure 7 of paper P002 ({@code p002-slicing}, spec 3.10): the batch-slicer with 1-20 sub-batches at three load
 * levels.
 */
final class P002SlicingTarget extends PaperTableTarget {
    P002SlicingTarget() {
        super(
                "p002-slicing",
                "P002 Figure 7: slicing the batch into sub-batches at three load levels",
                "paper P002, Figure 7: the batch-slicer with 1-20 sub-batches at low, medium and high load:"
                        + " processor time, cost, alternatives, share of failed cycles",
                500, // per load level; the paper does not give its count (500 keeps the P002 set under 15 min)
                P002BatchExperiments.SLICING_COLUMNS,
                2,
                Map.of(P002Targets.BUDGETS, List.of("calibrated", "spec")));
    }

    @Override
    public long steps(Settings s) {
        return (long) s.runs() * P002Environment.Load.values().length;
    }

    @Override
    double paper(List<Object> labels, String column) {
        return Double.NaN; // Figure 7 gives curves, not numbers
    }

    @Override
    String setUp(Settings s) {
        List<String> levels = new ArrayList<>();
        for (P002Environment.Load l : P002Environment.Load.values()) {
            levels.add(l.describe());
        }
        return String.format(
                Locale.ROOT,
                "%s per level, seed %d, VO problem min-time; 24 nodes, [0, 600], 20 jobs; %s%s",
                Values.counted("%d", s.runs(), "cycle"),
                s.seed(),
                String.join("; ", levels),
                P002Targets.specBudgets(s)
                        ? "; BUT budgets as the spec has them, -60 % to +60 % (--budgets spec)"
                        : "");
    }

    @Override
    Result compute(Settings s, IntConsumer progress) {
        P002Table t =
                P002BatchExperiments.slicing(s.runs(), s.seed(), P002Targets.specBudgets(s), s.threads(), progress);
        List<Check> checks = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, List<Series>> series = new LinkedHashMap<>();
        for (String c : List.of("processorTime", "cost", "alternatives", "failureShare")) {
            series.put(c, new ArrayList<>());
        }
        double[] k =
                P002BatchExperiments.SUB_BATCHES.stream().mapToDouble(i -> i).toArray();
        for (P002Environment.Load l : P002Environment.Load.values()) {
            String level = l.shortName();
            for (String c : series.keySet()) {
                series.get(c).add(Series.of(level, k, column(t, c, "load", level)));
            }
            checks.add(new Check(
                    level + ": more sub-batches give more alternatives",
                    rises(column(t, "alternatives", "load", level), true)));
            checks.add(new Check(
                    level + ": more sub-batches give a lower cost", rises(column(t, "cost", "load", level), false)));
            checks.add(new Check(
                    level + ": more sub-batches give a higher failure share Y",
                    rises(column(t, "failureShare", "load", level), true)));
            double[] y = column(t, "failureShare", "load", level);
            notes.add(String.format(
                    Locale.ROOT,
                    "%s load: Y from %.4f to %.4f over the sub-batch counts; the paper's level has Y %s",
                    level,
                    Arrays.stream(y).min().orElse(Double.NaN),
                    Arrays.stream(y).max().orElse(Double.NaN),
                    l == P002Environment.Load.LOW ? "< 0.0002" : Values.fixed(l.paperFailureShare(), 2)));
        }
        double[] medium = column(t, "processorTime", "load", "medium");
        int best = 0;
        for (int i = 1; i < medium.length; i++) {
            best = medium[i] < medium[best] ? i : best;
        }
        checks.add(new Check(
                "at medium load the least processor time is at 5 sub-batches (here: "
                        + P002BatchExperiments.SUB_BATCHES.get(best) + ")",
                P002BatchExperiments.SUB_BATCHES.get(best) == 5));
        List<Consumer<Report>> charts = new ArrayList<>();
        for (Map.Entry<String, List<Series>> e : series.entrySet()) {
            charts.add(rep -> rep.lineChart(
                    "p002-slicing-" + e.getKey(),
                    "Figure 7: " + e.getKey() + " against the number of sub-batches",
                    "sub-batches",
                    e.getKey(),
                    e.getValue()));
        }
        return new Result(t, checks, notes, charts);
    }
}
