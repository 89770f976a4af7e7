package org.metasched.pipeline.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002StrategyExperiments;
import org.metasched.experiments.P002Table;
import org.metasched.pipeline.Values;
import org.metasched.report.Chart;
import org.metasched.report.ChartKind;
import org.metasched.report.Figure;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Figure 6 of paper P002 ({@code p002-working-time}, spec 3.10): the working time of each strategy against the
 * number of nodes and the interval length, measured on this machine.
 */
final class P002WorkingTimeTarget extends PaperTableTarget {
    P002WorkingTimeTarget() {
        super(
                "p002-working-time",
                "P002 Figure 6: working time of the strategies (this machine)",
                "paper P002, Figure 6: the working time of each strategy against the number of nodes and the"
                        + " interval length, measured on this machine",
                1000,
                P002StrategyExperiments.WORKING_TIME_COLUMNS,
                3,
                Map.of());
    }

    @Override
    public long steps(Settings s) {
        return (long) s.runs() * P002StrategyExperiments.workingTimePoints().size();
    }

    @Override
    double paper(List<Object> labels, String column) {
        if (!column.equals("meanMicros") || !labels.get(0).equals("csa")) {
            return Double.NaN;
        }
        int nodes = (Integer) labels.get(1);
        int interval = (Integer) labels.get(2);
        if (nodes == 400 && interval == 600) {
            return 3e6; // "about 3 s"
        }
        return nodes == 100 && interval == 3600 ? 2.5e6 : Double.NaN; // "about 2.5 s"
    }

    @Override
    String setUp(Settings s) {
        return String.format(
                Locale.ROOT,
                "%s per point, seed %d, %s; the job of Figure 5; wall-clock time of one search"
                        + " in this JVM (the paper: a 2.93 GHz Core i3, JRE 1.6)",
                Values.counted("%d", s.runs(), "domain"),
                s.seed(),
                Values.counted("%d", s.threads(), "thread"));
    }

    @Override
    Result compute(Settings s, IntConsumer progress) {
        P002Table t = P002StrategyExperiments.workingTime(s.runs(), s.seed(), s.threads(), progress);
        List<Series> byNodes = new ArrayList<>();
        List<Series> byInterval = new ArrayList<>();
        for (String st : P002StrategyExperiments.STRATEGIES) {
            List<Double> nx = new ArrayList<>();
            List<Double> ny = new ArrayList<>();
            List<Double> ix = new ArrayList<>();
            List<Double> iy = new ArrayList<>();
            for (int r = 0; r < t.rows().size(); r++) {
                if (!t.get(r, "strategy").equals(st)) {
                    continue;
                }
                int nodes = (Integer) t.get(r, "nodes");
                int interval = (Integer) t.get(r, "interval");
                double ms = t.number(r, "meanMicros") / 1e3;
                if (interval == 600) {
                    nx.add((double) nodes);
                    ny.add(ms);
                }
                if (nodes == 100) {
                    ix.add((double) interval);
                    iy.add(ms);
                }
            }
            byNodes.add(Series.of(st, Values.array(nx), Values.array(ny)));
            byInterval.add(Series.of(st, Values.array(ix), Values.array(iy)));
        }
        // the rows come point by point, one per strategy in STRATEGIES order
        int perPoint = P002StrategyExperiments.STRATEGIES.size();
        int csa = P002StrategyExperiments.STRATEGIES.indexOf("csa");
        boolean csaSlowest = true;
        for (int r = 0; r < t.rows().size(); r++) {
            int csaRow = r - r % perPoint + csa;
            csaSlowest &= t.number(r, "meanMicros") <= t.number(csaRow, "meanMicros");
        }
        // CSA is up to three orders of magnitude slower than the AEP strategies: on one axis it flattens them, so it
        // has a panel of its own beside theirs (issue 22)
        List<Consumer<Report>> charts = List.of(
                rep -> rep.figure(workingTimeFigure(
                        "p002-time-nodes",
                        "Figure 6 a: mean time of one search against the nodes (interval 600)",
                        "nodes",
                        byNodes)),
                rep -> rep.figure(workingTimeFigure(
                        "p002-time-interval",
                        "Figure 6 b: mean time of one search against the interval length (100 nodes)",
                        "interval length (time units)",
                        byInterval)));
        return new Result(
                t,
                List.of(new Check("CSA is the slowest strategy at every point", csaSlowest)),
                List.of("meanMicros is wall-clock time on this machine: it varies between runs and machines, unlike"
                        + " every other column of the P002 tables. The paper gives CSA about 3 s at 400 nodes and"
                        + " 2.5 s at interval 3 600 on its machine."),
                charts);
    }

    /** The AEP strategies in one panel, CSA in a second one with its own y axis. */
    static Figure workingTimeFigure(String id, String title, String xTitle, List<Series> series) {
        List<Series> aep = new ArrayList<>();
        List<Series> csa = new ArrayList<>();
        for (Series s : series) {
            (s.name().equals("csa") ? csa : aep).add(s);
        }
        String yTitle = "mean time of one search (ms)";
        List<Chart> panels = new ArrayList<>();
        panels.add(new Chart(id, "the AEP strategies", ChartKind.LINE, xTitle, yTitle, List.of(), aep));
        if (!csa.isEmpty()) {
            panels.add(new Chart(id + "-csa", "CSA (its own y axis)", ChartKind.LINE, xTitle, yTitle, List.of(), csa));
        }
        return new Figure(
                "figure-" + id,
                title,
                "CSA searches many windows per criterion and takes up to three orders of magnitude longer than the"
                        + " others: it has a panel of its own, so that their lines stay apart.",
                panels);
    }
}
