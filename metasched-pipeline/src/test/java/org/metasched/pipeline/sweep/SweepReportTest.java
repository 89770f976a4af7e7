package org.metasched.pipeline.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metasched.metrics.MeanInterval;
import org.metasched.report.Chart;
import org.metasched.report.ChartKind;
import org.metasched.report.Figure;
import org.metasched.report.Report;
import org.metasched.report.Section;
import org.metasched.report.Series;
import org.metasched.report.Table;

/** The sweep report as small multiples (issue 22), on hand-made results of simulate cells. */
class SweepReportTest {
    static final SweepableCommand SIMULATE = SweepCommands.byName("simulate", "test");
    static final List<String> WORKLOADS = List.of("traces/KTH.swf.gz", "traces/BLUE.swf.gz");
    static final List<String> POLICIES = List.of("fcfs", "easy", "conservative");
    static final List<String> SCALES = List.of("1.0", "0.8", "1.2");

    /** Two replications per cell; meanWait spans orders of magnitude (fcfs), jobs depends on the workload only. */
    static List<SweepRun.Result> results() {
        List<SweepRun.Result> out = new ArrayList<>();
        for (String w : WORKLOADS) {
            for (String p : POLICIES) {
                for (String s : SCALES) {
                    Map<String, String> params = new LinkedHashMap<>();
                    params.put("workload", w);
                    params.put("policy", p);
                    params.put("scale", s);
                    SweepSpec.Cell cell = SweepSpec.Cell.of(params);
                    for (int r = 0; r < 2; r++) {
                        double[] m = new double[SIMULATE.metrics().size()];
                        m[SIMULATE.metrics().indexOf("jobs")] = w.contains("KTH") ? 100 : 200;
                        m[SIMULATE.metrics().indexOf("meanWait")] =
                                (p.equals("fcfs") ? 1e6 : 100) / Double.parseDouble(s) + r;
                        m[SIMULATE.metrics().indexOf("utilization")] = POLICIES.indexOf(p) * 0.1 + 0.01 * r;
                        out.add(new SweepRun.Result(cell, r, m, 0.1, null));
                    }
                }
            }
        }
        return out;
    }

    static Map<String, List<String>> fileOrder() {
        return Map.of("workload", WORKLOADS, "policy", POLICIES, "scale", SCALES);
    }

    static List<Section> sections(Map<String, List<String>> order) {
        Report r = SweepFiles.report("test.yaml", SIMULATE, List.of("workload", "policy", "scale"), order, results());
        return r.sections();
    }

    static Figure figure(List<Section> sections, String metric) {
        for (Section s : sections) {
            if (s instanceof Figure f && f.id().equals("figure-sweep-" + metric)) {
                return f;
            }
        }
        throw new AssertionError("no figure of " + metric);
    }

    @Test
    void scaleOnTheXAxisOneLinePerPolicyOnePanelPerWorkloadInTheFilesOrder() {
        List<Section> sections = sections(fileOrder());
        Figure wait = figure(sections, "meanWait");
        assertThat(wait.title()).isEqualTo("meanWait against scale, one line per policy, one panel per workload");
        assertThat(wait.panels()).extracting(Chart::title).containsExactly("KTH", "BLUE");
        Chart kth = wait.panels().get(0);
        assertThat(kth.kind()).isEqualTo(ChartKind.LINE);
        assertThat(kth.xTitle()).isEqualTo("scale (\u00d7 the trace's processors)");
        assertThat(kth.yTitle()).isEqualTo("meanWait (s, log scale)");
        assertThat(kth.yScale()).isEqualTo(Chart.Scale.LOG);
        assertThat(kth.series()).extracting(Series::name).containsExactly("fcfs", "easy", "conservative");
        Series easy = kth.series().get(1);
        assertThat(easy.x()).containsExactly(0.8, 1.0, 1.2); // left to right, whatever the file's order
        double[] reps = {100 / 0.8, 100 / 0.8 + 1};
        MeanInterval mi = MeanInterval.of(reps);
        assertThat(easy.yAt(0)).isEqualTo(mi.mean());
        assertThat(easy.highAt(0) - easy.yAt(0)).isCloseTo(mi.halfWidth95(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(wait.note()).contains("Mean over 2 replications with its 95 % confidence interval");

        Chart util = figure(sections, "utilization").panels().get(0);
        assertThat(util.yScale()).isEqualTo(Chart.Scale.LINEAR);
        assertThat(util.yTitle()).isEqualTo("utilization (fraction 0..1)");
    }

    @Test
    void aMetricThePoliciesDoNotChangeIsATableNotAChart() {
        List<Section> sections = sections(fileOrder());
        assertThat(sections).noneMatch(s -> s instanceof Figure f && f.id().equals("figure-sweep-jobs"));
        Table jobs = sections.stream()
                .filter(s -> s instanceof Table t && t.title().startsWith("The same for every policy"))
                .map(Table.class::cast)
                .findFirst()
                .orElseThrow();
        // (the metrics left at 0 here are the same everywhere too)
        assertThat(jobs.columns()).startsWith("workload", "scale (\u00d7 the trace's processors)", "jobs");
        assertThat(jobs.rows()).hasSize(6);
        assertThat(jobs.rows().get(0).subList(0, 3)).containsExactly("KTH", "1.0", 100.0);
    }

    /**
     * A metric no cell has (NaN in every cell: a failed cell's, or one the command does not compute for these
     * parameters, as a select sweep's availability for min-cost) is "-" in the table of constant metrics, not NaN.
     */
    @Test
    void aMetricNoCellHasIsADashNotNaN() {
        int loc = SIMULATE.metrics().indexOf("lossOfCapacityPercent");
        List<SweepRun.Result> results = new ArrayList<>();
        for (SweepRun.Result r : results()) {
            double[] m = r.metrics().clone();
            m[loc] = Double.NaN;
            results.add(new SweepRun.Result(r.cell(), r.replication(), m, r.wallSeconds(), null));
        }
        Report report =
                SweepFiles.report("test.yaml", SIMULATE, List.of("workload", "policy", "scale"), fileOrder(), results);
        Table same = report.sections().stream()
                .filter(s -> s instanceof Table t && t.title().startsWith("The same for every policy"))
                .map(Table.class::cast)
                .findFirst()
                .orElseThrow();
        int column = same.columns()
                .indexOf(same.columns().stream()
                        .filter(c -> c.startsWith("lossOfCapacityPercent"))
                        .findFirst()
                        .orElseThrow());
        assertThat(same.rows())
                .isNotEmpty()
                .allSatisfy(row -> assertThat(row.get(column)).isEqualTo("-"));
        assertThat(same.rows().get(0).subList(0, 3)).containsExactly("KTH", "1.0", 100.0);
    }

    @Test
    void aMergeWithoutTheSweepFileSortsTheValues() {
        Figure wait = figure(sections(Map.of()), "meanWait");
        assertThat(wait.panels()).extracting(Chart::title).containsExactly("BLUE", "KTH");
        assertThat(wait.panels().get(0).series())
                .extracting(Series::name)
                .containsExactly("conservative", "easy", "fcfs");
    }

    @Test
    void withoutANumericParameterEachMetricIsOneBarChartWithReadableCategories() {
        List<SweepRun.Result> onlyOneScale = results().stream()
                .filter(r -> r.cell().parameters().get("scale").equals("1.0"))
                .toList();
        Report r = SweepFiles.report(
                "test.yaml", SIMULATE, List.of("workload", "policy", "scale"), fileOrder(), onlyOneScale);
        Chart wait = r.sections().stream()
                .filter(s -> s instanceof Chart c && c.id().equals("sweep-meanWait"))
                .map(Chart.class::cast)
                .findFirst()
                .orElseThrow();
        assertThat(wait.kind()).isEqualTo(ChartKind.BAR);
        assertThat(wait.categories()).containsExactly("KTH", "BLUE");
        assertThat(wait.series()).extracting(Series::name).containsExactly("fcfs", "easy", "conservative");
        assertThat(wait.series().get(0).hasIntervals()).isTrue();
    }

    @Test
    void withOneWorkloadTheMetricsAreThePanelsOfOneFigure() {
        List<SweepRun.Result> kth = results().stream()
                .filter(r -> r.cell().parameters().get("workload").contains("KTH"))
                .toList();
        Report r = SweepFiles.report("test.yaml", SIMULATE, List.of("workload", "policy", "scale"), fileOrder(), kth);
        List<Figure> figures = r.sections().stream()
                .filter(Figure.class::isInstance)
                .map(Figure.class::cast)
                .toList();
        assertThat(figures).singleElement().satisfies(f -> {
            assertThat(f.title()).isEqualTo("The metrics against scale, one line per policy");
            assertThat(f.panels()).extracting(Chart::id).contains("sweep-utilization", "sweep-meanWait");
            assertThat(f.panels()).extracting(Chart::title).doesNotContain("jobs");
        });
    }
}
