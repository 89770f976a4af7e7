package org.metasched.pipeline.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002BatchExperiments;
import org.metasched.experiments.P002Table;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Table 2 of paper P002 ({@code p002-owner-price}, spec 3.10): one node priced 2 to 10: its busy time,
 * utilization, the owner's profit and the share of failed cycles.
 */
final class P002OwnerPriceTarget extends PaperTableTarget {
    private static final Map<Integer, double[]> PAPER = Map.of(
            2, new double[] {256.6, 0.44, 527.1, 0},
            4, new double[] {234.9, 0.39, 939.6, 0.001},
            6, new double[] {185.4, 0.31, 1112.3, 0.013},
            8, new double[] {109.8, 0.18, 878.7, 0.024},
            10, new double[] {71.0, 0.12, 710.3, 0.025});
    private static final List<String> FIGURES = List.of("busyTime", "utilization", "profit", "failureShare");

    P002OwnerPriceTarget() {
        super(
                "p002-owner-price",
                "P002 Table 2: a resource owner's price, utilization and profit",
                "paper P002, Table 2: one node of performance 6 priced 2 to 10: its busy time, utilization, the"
                        + " owner's profit and the share of failed cycles",
                1000, // the paper does not give its count
                P002BatchExperiments.OWNER_PRICE_COLUMNS,
                1,
                P002Targets.subBatches(5));
    }

    @Override
    double paper(List<Object> labels, String column) {
        double[] p = PAPER.get((Integer) labels.get(0));
        int c = FIGURES.indexOf(column);
        return p == null || c < 0 ? Double.NaN : p[c];
    }

    @Override
    String setUp(Settings s) {
        return P002Targets.mediumSetUp(s, "node 0 of each cycle at p = 6 (market price 6), batch-slicer with %2$s");
    }

    @Override
    Result compute(Settings s, IntConsumer progress) {
        P002Table t =
                P002BatchExperiments.ownerPrice(s.runs(), s.seed(), P002Targets.subBatches(s), s.threads(), progress);
        double[] profit = column(t, "profit", null, null);
        int peak = 0;
        for (int i = 1; i < profit.length; i++) {
            peak = profit[i] > profit[peak] ? i : peak;
        }
        List<Check> checks = List.of(
                new Check(
                        "the profit peaks at a middle price (here at " + P002BatchExperiments.PRICES.get(peak) + ")",
                        peak > 0 && peak < profit.length - 1),
                new Check("utilization falls as the price rises", rises(column(t, "utilization", null, null), false)),
                new Check(
                        "the failure share does not fall as the price rises",
                        monotone(column(t, "failureShare", null, null), true)));
        double[] prices =
                P002BatchExperiments.PRICES.stream().mapToDouble(i -> i).toArray();
        List<Consumer<Report>> charts = new ArrayList<>();
        for (String c : List.of("profit", "utilization")) {
            double[] paper = new double[prices.length];
            for (int i = 0; i < prices.length; i++) {
                paper[i] = PAPER.get(P002BatchExperiments.PRICES.get(i))[FIGURES.indexOf(c)];
            }
            charts.add(rep -> rep.lineChart(
                    "p002-owner-" + c,
                    "Table 2 / Figure 8: " + c + " against the node's unit price",
                    "unit price c",
                    c,
                    List.of(Series.of("ours", prices, column(t, c, null, null)), Series.of("paper", prices, paper))));
        }
        return new Result(
                t,
                checks,
                List.of("Our jobs are smaller than the paper's (docs/reproduction.md), so one node is busy for a"
                        + " smaller share of the interval; the shape (a profit peak inside the price range) is"
                        + " what compares."),
                charts);
    }
}
