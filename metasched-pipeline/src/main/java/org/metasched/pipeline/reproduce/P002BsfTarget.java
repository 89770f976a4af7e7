package org.metasched.pipeline.reproduce;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.metasched.experiments.P002BatchExperiments;
import org.metasched.experiments.P002Table;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * Figure 9 of paper P002 ({@code p002-bsf}, spec 3.10): batch-slice-filling with a growing share of the batch by
 * the batch-slicer.
 */
final class P002BsfTarget extends PaperTableTarget {
    P002BsfTarget() {
        super(
                "p002-bsf",
                "P002 Figure 9: batch-slice-filling",
                "paper P002, Figure 9: batch-slice-filling with a share 0 to 1 of the batch by the batch-slicer, the"
                        + " rest by backfilling: processor time and start",
                5000,
                P002BatchExperiments.BSF_COLUMNS,
                1,
                P002Targets.subBatches(1));
    }

    @Override
    double paper(List<Object> labels, String column) {
        return Double.NaN; // Figure 9 gives curves, not numbers
    }

    @Override
    String setUp(Settings s) {
        return P002Targets.mediumSetUp(s, "slicer part with %d sub-batch(es)");
    }

    @Override
    Result compute(Settings s, IntConsumer progress) {
        P002Table t = P002BatchExperiments.bsf(s.runs(), s.seed(), P002Targets.subBatches(s), s.threads(), progress);
        double[] share = column(t, "cssShare", null, null);
        double[] cpu = column(t, "processorTime", null, null);
        double[] start = column(t, "start", null, null);
        List<Check> checks = List.of(
                new Check("the processor time falls as the slicer's share grows", rises(cpu, false)),
                new Check("the start time rises as the slicer's share grows", rises(start, true)));
        List<Consumer<Report>> charts = List.of(rep -> rep.lineChart(
                "p002-bsf",
                "Figure 9: mean processor time and start against the share n_CSS / n",
                "n_CSS / n",
                "time",
                List.of(Series.of("processor time", share, cpu), Series.of("start", share, start))));
        return new Result(t, checks, List.of(), charts);
    }
}
