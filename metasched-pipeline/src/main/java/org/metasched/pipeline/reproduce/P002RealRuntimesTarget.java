package org.metasched.pipeline.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002BatchExperiments;
import org.metasched.experiments.P002Table;
import org.metasched.report.Report;

/**
 * Table 3 of paper P002 ({@code p002-real-runtimes}, spec 3.10): schedules executed with real runtimes:
 * backfilling compresses, CSS and the batch-slicer keep their schedule.
 */
final class P002RealRuntimesTarget extends PaperTableTarget {
    private static final Map<String, double[]> PAPER = Map.of(
            "backfill", new double[] {187.7, 115.1, 69, 37.3},
            "css", new double[] {150.1, 90.4, 281.2, 281.2},
            "slicer", new double[] {138.6, 83.5, 223.8, 223.8});

    P002RealRuntimesTarget() {
        super(
                "p002-real-runtimes",
                "P002 Table 3: schedules executed with real runtimes",
                "paper P002, Table 3: jobs really run 0.2-1 of their reservation; backfilling compresses, CSS and"
                        + " the batch-slicer keep their schedule: processor time and start, scheduled and real",
                1000, // the paper does not give its count
                P002BatchExperiments.REAL_RUNTIME_COLUMNS,
                1,
                P002Targets.subBatches(5));
    }

    @Override
    double paper(List<Object> labels, String column) {
        double[] p = PAPER.get(String.valueOf(labels.get(0)));
        int c = P002BatchExperiments.REAL_RUNTIME_COLUMNS.indexOf(column) - 1;
        return p == null || c < 0 || c >= p.length ? Double.NaN : p[c];
    }

    @Override
    String setUp(Settings s) {
        return P002Targets.mediumSetUp(s, "real runtime U[0.2, 1] x reserved, slicer with %2$s");
    }

    @Override
    Result compute(Settings s, IntConsumer progress) {
        P002Table t =
                P002BatchExperiments.realRuntimes(s.runs(), s.seed(), P002Targets.subBatches(s), s.threads(), progress);
        int bf = rowOf(t, "backfill");
        int sl = rowOf(t, "slicer");
        List<Check> checks = new ArrayList<>();
        for (String c : List.of("processorTimeScheduled", "processorTimeReal")) {
            checks.add(new Check("the slicer beats backfilling on " + c, t.number(sl, c) < t.number(bf, c)));
        }
        for (String c : List.of("startScheduled", "startReal")) {
            checks.add(new Check("the slicer loses to backfilling on " + c, t.number(sl, c) > t.number(bf, c)));
        }
        List<String> notes = new ArrayList<>();
        for (String c : P002BatchExperiments.REAL_RUNTIME_COLUMNS.subList(1, 5)) {
            int i = P002BatchExperiments.REAL_RUNTIME_COLUMNS.indexOf(c) - 1;
            notes.add(String.format(
                    Locale.ROOT,
                    "backfilling against the slicer on %s: %+.1f %% (paper %+.1f %%)",
                    c,
                    100 * advantage(t.number(bf, c), t.number(sl, c), c),
                    100 * advantage(PAPER.get("backfill")[i], PAPER.get("slicer")[i], c)));
        }
        notes.add("(as the paper computes them: processor time relative to backfilling's, start relative to the"
                + " slicer's)");
        List<Consumer<Report>> charts = List.of(
                bars(
                        t,
                        "p002-real-cpu-s",
                        "Table 3: processor time, scheduled",
                        "processorTimeScheduled",
                        "time units"),
                bars(t, "p002-real-cpu-r", "Table 3: processor time, real", "processorTimeReal", "time units"),
                bars(t, "p002-real-start-s", "Table 3: start, scheduled", "startScheduled", "time units"),
                bars(t, "p002-real-start-r", "Table 3: start, real", "startReal", "time units"));
        return new Result(t, checks, notes, charts);
    }

    /** The paper's percentages in section 7.2: T_CPU (bf - sl) / bf, start (bf - sl) / sl. */
    static double advantage(double backfill, double slicer, String column) {
        return (backfill - slicer) / (column.startsWith("start") ? slicer : backfill);
    }
}
