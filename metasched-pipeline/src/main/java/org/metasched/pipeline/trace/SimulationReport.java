package org.metasched.pipeline.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.io.swf.ReaderCounts;
import org.metasched.metrics.Distribution;
import org.metasched.metrics.JobTable;
import org.metasched.metrics.RunResult;
import org.metasched.metrics.RunSummary;
import org.metasched.metrics.StateTally;
import org.metasched.metrics.TimeSeries;
import org.metasched.pipeline.TimeAxis;
import org.metasched.report.Chart;
import org.metasched.report.Gantt;
import org.metasched.report.GanttBuilder;
import org.metasched.report.Report;
import org.metasched.report.Sample;
import org.metasched.report.Series;

/**
 * The report of one trace simulation (docs/simulate.md): the summary, the reader's counts, utilization and queue
 * over time, wait times, the bounded-slowdown distribution and the schedule of the first jobs. Times are shown
 * in a unit that suits their span (days for a trace of months, hours for waits of hours).
 */
public final class SimulationReport {
    /** Jobs shown in the Gantt chart (the first ones by submit time). */
    public static final int GANTT_JOBS = 3000;
    /**
     * Rows of the Gantt chart at most: a larger machine's processors are shown in equal groups, one row each (a row
     * per processor of a 10,000,000-processor machine made a 110 MB report and ran out of the launcher's heap).
     */
    static final int GANTT_ROWS = 4096;
    /** Points kept in per-job scatter plots and CDFs. */
    private static final int MAX_POINTS = 4000;

    private SimulationReport() {}

    public static Report of(RunResult result, ReaderCounts counts, String command) {
        RunSummary s = result.summary();
        Report r = Report.create("Simulation of " + s.workload() + " under " + s.policy())
                .subtitle(command);
        List<List<?>> summary = new ArrayList<>();
        summary.add(List.of("policy", s.policy()));
        summary.add(List.of("processors", s.processors()));
        summary.add(List.of("jobs simulated", s.jobs()));
        summary.add(List.of("records skipped", counts.skipped()));
        summary.add(List.of("jobs rejected (larger than the machine)", counts.rejected()));
        summary.add(List.of("jobs adjusted by a reader rule", counts.adjusted()));
        summary.add(List.of("jobs killed at their estimate", s.killed()));
        addDistribution(summary, "wait (s)", s.waitSeconds());
        addDistribution(summary, "response (s)", s.responseSeconds());
        addDistribution(summary, "bounded slowdown", s.boundedSlowdown());
        summary.add(List.of("utilization", round(s.utilization(), 4)));
        summary.add(List.of("makespan (s)", s.makespanSeconds()));
        summary.add(List.of("loss of capacity (%)", round(s.lossOfCapacityPercent(), 3)));
        r.table("Summary (definitions in docs/outputs.md)", List.of("metric", "value"), summary);
        List<List<?>> rules = new ArrayList<>();
        for (Map.Entry<String, Long> e : counts.byRule().entrySet()) {
            rules.add(List.of(e.getKey(), e.getValue()));
        }
        if (!rules.isEmpty()) {
            r.table("Trace records per reader rule (docs/simulate.md)", List.of("rule", "records"), rules);
        }

        TimeSeries ts = result.series();
        double[] t = new double[ts.size()];
        double[] util = new double[ts.size()];
        double[] waiting = new double[ts.size()];
        for (int i = 0; i < ts.size(); i++) {
            t[i] = ts.timeSeconds(i);
            util[i] = (double) ts.value(i, StateTally.BUSY) / s.processors();
            waiting[i] = ts.value(i, StateTally.WAITING);
        }
        TimeAxis clock = TimeAxis.forSpan(t.length == 0 ? 0 : t[t.length - 1] - t[0]);
        double[] time = clock.of(t);
        r.stepChart(
                "utilization-over-time",
                "Utilization over time",
                clock.title("time"),
                "busy processors (fraction)",
                List.of(Series.of(s.policy(), time, util)));
        r.stepChart(
                "queue-over-time",
                "Waiting jobs over time",
                clock.title("time"),
                "waiting jobs",
                List.of(Series.of(s.policy(), time, waiting)));

        JobTable jobs = result.table();
        TimeAxis waits = TimeAxis.forSpan(s.waitSeconds().max());
        int step = Math.max(1, (jobs.size() + MAX_POINTS - 1) / MAX_POINTS);
        int k = (jobs.size() + step - 1) / step;
        double[] submit = new double[k];
        double[] wait = new double[k];
        for (int i = 0, j = 0; i < jobs.size() && j < k; i += step, j++) {
            submit[j] = clock.of((double) jobs.submitSeconds(i));
            wait[j] = waits.of((double) jobs.waitSeconds(i));
        }
        r.scatterChart(
                "wait-over-time",
                "Wait time by submit time" + (step > 1 ? " (every " + Ordinals.of(step) + " job)" : ""),
                clock.title("submit time"),
                waits.title("wait"),
                List.of(Series.of(s.policy(), submit, wait)));
        double[] allWaits = new double[jobs.size()];
        double[] allSlowdowns = new double[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            allWaits[i] = waits.of((double) jobs.waitSeconds(i));
            allSlowdowns[i] = jobs.boundedSlowdown(i);
        }
        r.histogram(
                "wait-histogram",
                "Distribution of wait times",
                waits.title("wait"),
                List.of(Sample.of(s.policy(), allWaits)),
                40);
        r.cdfChart(
                "bounded-slowdown-cdf",
                "Bounded slowdown, cumulative distribution (logarithmic axis)",
                "bounded slowdown",
                List.of(Sample.of(s.policy(), quantiles(allSlowdowns, MAX_POINTS))),
                Chart.Scale.LOG);
        r.gantt(gantt(result));
        return r;
    }

    /**
     * The first jobs by submit time on their processors; a job's processor ranges are its bars. A machine of more
     * than {@link #GANTT_ROWS} processors has a row per group of them (the title says how many).
     */
    static Gantt gantt(RunResult result) {
        RunSummary s = result.summary();
        int processors = s.processors();
        int group = (processors + GANTT_ROWS - 1) / GANTT_ROWS;
        List<String> rows = new ArrayList<>(Math.min(processors, GANTT_ROWS));
        for (int p = 0; p < processors; p += group) {
            rows.add(group == 1 ? "p" + p : "p" + p + "-p" + (Math.min(processors, p + group) - 1));
        }
        JobTable jobs = result.table();
        int shown = Math.min(GANTT_JOBS, jobs.size());
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < shown; i++) {
            first = Math.min(first, jobs.startSeconds(i));
            last = Math.max(last, jobs.endSeconds(i));
        }
        TimeAxis clock = TimeAxis.forSpan(shown == 0 ? 0 : (double) (last - first));
        String which = shown == jobs.size()
                ? "Schedule of all " + shown + (shown == 1 ? " job" : " jobs")
                : "Schedule of the first " + shown + " of " + jobs.size() + " jobs, by submit time";
        if (group > 1) {
            which += " (a row per " + group + " processors)";
        }
        GanttBuilder g = Gantt.builder()
                .id("gantt")
                .title(which)
                .timeTitle(clock.title("time"))
                .rows(rows)
                .limitJobs(GANTT_JOBS);
        for (int i = 0; i < shown; i++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("processors", jobs.processors(i));
            fields.put("submit (s)", jobs.submitSeconds(i));
            fields.put("wait (s)", jobs.waitSeconds(i));
            fields.put("estimate (s)", jobs.estimateSeconds(i));
            if (jobs.killed(i)) {
                fields.put("killed", "at its estimate");
            }
            String id = "job " + jobs.id(i);
            double start = clock.of((double) jobs.startSeconds(i));
            double end = clock.of((double) jobs.endSeconds(i));
            for (int r = 0; r < jobs.rangeCount(i); r++) { // one bar per processor range; the fields go with the first
                g.bar(
                        id,
                        jobs.rangeFirst(i, r) / group,
                        jobs.rangeLast(i, r) / group,
                        start,
                        end,
                        r == 0 ? fields : Map.of());
            }
        }
        return g.build();
    }

    private static void addDistribution(List<List<?>> rows, String name, Distribution d) {
        rows.add(List.of("mean " + name, round(d.mean(), 2)));
        rows.add(List.of("median " + name, round(d.p50(), 2)));
        rows.add(List.of("p90 " + name, round(d.p90(), 2)));
        rows.add(List.of("p99 " + name, round(d.p99(), 2)));
    }

    /** At most {@code k} evenly spaced order statistics of {@code values} (all of them when fewer). */
    static double[] quantiles(double[] values, int k) {
        double[] v = values.clone();
        DoubleSort.sort(v); // Arrays.sort's order, sooner in a short run (DoubleSort)
        if (v.length <= k) {
            return v;
        }
        double[] out = new double[k];
        for (int i = 0; i < k; i++) {
            out[i] = v[(int) ((long) i * (v.length - 1) / (k - 1))];
        }
        return out;
    }

    static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }
}
