package org.metasched.pipeline.gang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobRecord;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSummary;
import org.metasched.gang.GangTaskRecord;
import org.metasched.pipeline.TimeAxis;
import org.metasched.pipeline.Values;
import org.metasched.report.Gantt;
import org.metasched.report.GanttBuilder;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * The report of {@code metasched gang}: the summary, ART against executed jobs, LoC grid-wide and per cluster, the
 * busy fraction after each interaction (P001 Figures 13, 14) and a Gantt chart per cluster, one row per processor.
 */
final class GangReport {
    /** Jobs per cluster in its Gantt chart (the first by submit time). */
    static final int GANTT_JOBS = 200;

    private static final int MAX_POINTS = 2000;

    private GangReport() {}

    static Report of(GangPipeline.Result result, String command) {
        GangConfig c = result.config();
        GangSummary s = result.summaries().get(0);
        Report r = Report.create("Gang scheduling (P001): " + c.dispatch().name() + " / "
                        + c.policy().name() + " on " + result.workloadName())
                .subtitle(command + " | clusters " + c.clusterProcessors() + ", "
                        + c.clocks().name().toLowerCase(Locale.ROOT) + " clocks");
        summary(r, result, s);
        GangResult first = result.first();
        int executed = first.executedJobs();
        if (executed > 0) {
            int step = Math.max(1, executed / 300);
            List<Double> k = new ArrayList<>();
            List<Double> art = new ArrayList<>();
            for (int i = step; i <= executed; i += step) {
                k.add((double) i);
                art.add(first.artSeconds(i));
            }
            r.lineChart(
                    "gang-art",
                    "ART of the first k executed jobs (the paper's Tables 3 and 4)",
                    "executed jobs k",
                    "ART (s)",
                    List.of(Series.of(c.policy().name(), Values.array(k), Values.array(art))));
        }
        List<String> names = new ArrayList<>();
        names.add("grid");
        for (int i = 0; i < c.clusterProcessors().size(); i++) {
            names.add("cluster " + i + " (" + c.clusterProcessors().get(i) + ")");
        }
        double[] loc = new double[names.size()];
        loc[0] = s.lossOfCapacityPercent();
        for (int i = 0; i < s.clusterLossOfCapacityPercent().size(); i++) {
            loc[i + 1] = s.clusterLossOfCapacityPercent().get(i);
        }
        r.barChart(
                "gang-loc",
                "Loss of capacity: idle processors while a waiting job would fit them",
                "",
                "LoC (%)",
                names,
                List.of(Series.ofValues("LoC", loc)));
        double[] busy = first.interactionUtilization();
        int stride = Math.max(1, busy.length / MAX_POINTS);
        int n = (busy.length + stride - 1) / stride;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * stride + 1;
            y[i] = busy[i * stride];
        }
        r.lineChart(
                "gang-busy",
                "Busy processors after each interaction (arrival or completion; the paper's Figures 13 and 14)",
                "interaction",
                "busy fraction",
                List.of(Series.of(c.policy().name(), x, y)));
        gantts(r, first, c);
        return r;
    }

    private static void summary(Report r, GangPipeline.Result result, GangSummary s) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("jobs (accepted by the reader)", s.jobs()));
        rows.add(List.of("executed", s.executedJobs()));
        rows.add(List.of("rejected (larger than every cluster)", s.rejectedJobs()));
        rows.add(List.of("ART (s)", Values.fixed(s.artSeconds(), 1)));
        rows.add(List.of("AWT (s)", Values.fixed(s.awtSeconds(), 1)));
        rows.add(List.of("LoC grid-wide (%)", Values.fixed(s.lossOfCapacityPercent(), 3)));
        rows.add(List.of("utilization (D16)", Values.fixed(s.utilization(), 4)));
        rows.add(List.of("busy-processor utilization", Values.fixed(s.processorUtilization(), 4)));
        rows.add(List.of("local / external migrations", s.localMigrations() + " / " + s.externalMigrations()));
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            rows.add(List.of(
                    e.getKey() + " over " + Values.runs(result.summaries().size()),
                    Values.fixed(e.getValue()[0], 3) + " +- " + Values.fixed(e.getValue()[1], 3)));
        }
        r.table("Summary (first run; docs/gang.md defines each value)", List.of("metric", "value"), rows);
    }

    private static void gantts(Report r, GangResult run, GangConfig c) {
        List<GangJobRecord> jobs = run.jobRecords();
        Map<Long, GangJobRecord> byId = new HashMap<>();
        int[] shown = new int[c.clusterProcessors().size()];
        Map<Long, Boolean> kept = new HashMap<>();
        for (GangJobRecord j : jobs) {
            byId.put(j.id(), j);
            if (shown[j.cluster()] < GANTT_JOBS) {
                shown[j.cluster()]++;
                kept.put(j.id(), Boolean.TRUE);
            }
        }
        Map<Integer, List<GangTaskRecord>> tasksByCluster = new LinkedHashMap<>();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (GangTaskRecord t : run.taskRecords()) {
            if (kept.containsKey(t.job())) {
                tasksByCluster
                        .computeIfAbsent(t.cluster(), k -> new ArrayList<>())
                        .add(t);
                first = Math.min(first, t.startSeconds());
                last = Math.max(last, t.endSeconds());
            }
        }
        TimeAxis clock = TimeAxis.forSpan(last > first ? last - first : 0);
        for (int cl = 0; cl < c.clusterProcessors().size(); cl++) {
            List<GangTaskRecord> tasks = tasksByCluster.get(cl);
            if (tasks == null) {
                continue;
            }
            List<String> rows = new ArrayList<>();
            for (int p = 0; p < c.clusterProcessors().get(cl); p++) {
                rows.add(String.format(Locale.ROOT, "p%d (%.0f MHz)", p, run.clockMHz(cl, p)));
            }
            GanttBuilder g = Gantt.builder()
                    .id("gantt-cluster-" + cl)
                    .title("Cluster " + cl + ": the first " + Values.counted("%d", shown[cl], "job")
                            + " it ran, one row per" + " processor")
                    .timeTitle(clock.title("time"))
                    .rows(rows)
                    .limitJobs(GANTT_JOBS);
            for (GangTaskRecord t : tasks) {
                GangJobRecord j = byId.get(t.job());
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("tasks", j.tasks());
                fields.put("submit (s)", Values.fixed(j.submitSeconds(), 1));
                fields.put("migrated", j.migrated().label());
                g.bar(
                        "job " + t.job(),
                        t.processor(),
                        t.processor(),
                        clock.of(t.startSeconds()),
                        clock.of(t.endSeconds()),
                        fields);
            }
            r.gantt(g.build());
        }
    }
}
