package org.metasched.pipeline.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.memory.ClassSummary;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryJobRecord;
import org.metasched.memory.MemorySummary;
import org.metasched.memory.MemoryTimeSeries;
import org.metasched.memory.MemoryWorkload;
import org.metasched.pipeline.TimeAxis;
import org.metasched.pipeline.Values;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * The report of {@code metasched memory}: the summary, the paper's Figures 5-7 (utilization, queue lengths and
 * flowtime over time) and the pool sizes, drawn from the first replication. Curves are time averages over at most
 * {@value #BINS} windows, so a day of 460,000 instants stays a light page.
 */
final class MemoryReport {
    static final int BINS = 400;

    private MemoryReport() {}

    static Report of(MemoryPipeline.Result result, String command) {
        MemoryConfig c = result.config();
        MemorySummary s = result.summaries().get(0);
        Report r = Report.create("Memory cluster (P004): policy " + c.policy() + ", workload " + c.workload())
                .subtitle(command + " | " + Values.counted("%d", c.machines(), "machine") + " x "
                        + Values.counted("%d", c.coresPerMachine(), "core") + " sharing "
                        + c.memoryGiB() + " GiB, classes " + c.classesGiB() + " GiB");
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("jobs", s.jobs()));
        rows.add(List.of(
                "utilization window (s)", round(s.windowStartSeconds()) + " to " + round(s.windowEndSeconds())));
        rows.add(List.of("core utilization", round(s.coreUtilization())));
        rows.add(List.of("memory utilization", round(s.memoryUtilization())));
        rows.add(List.of("mean flowtime (s)", round(s.meanFlowtimeSeconds())));
        rows.add(List.of("p95 flowtime (s)", round(s.p95FlowtimeSeconds())));
        rows.add(List.of("mean wait (s)", round(s.meanWaitSeconds())));
        rows.add(List.of("re-provisionings", s.reprovisionings()));
        for (Map.Entry<String, double[]> e : result.overRuns().entrySet()) {
            rows.add(List.of(
                    e.getKey() + " over " + Values.runs(result.summaries().size()),
                    round(e.getValue()[0]) + " +- " + round(e.getValue()[1]) + withJobs(e.getValue())));
        }
        r.table("Summary (first run; docs/memory.md defines each value)", List.of("metric", "value"), rows);
        List<List<Object>> perClass = new ArrayList<>();
        for (ClassSummary k : s.classes()) {
            perClass.add(List.of(
                    k.memoryClass() + " (" + k.memoryGiB() + " GiB)",
                    k.jobs(),
                    round(k.meanFlowtimeSeconds()),
                    round(k.p95FlowtimeSeconds()),
                    round(k.meanWaitSeconds()),
                    round(k.meanQueueLength()),
                    round(k.meanPoolSize())));
        }
        r.table(
                "Per memory class",
                List.of(
                        "class",
                        "jobs",
                        "mean flowtime (s)",
                        "p95 flowtime (s)",
                        "mean wait (s)",
                        "mean queue",
                        "mean pool"),
                perClass);
        if (!result.recordCounts().isEmpty()) {
            List<List<Object>> counts = new ArrayList<>();
            result.recordCounts().forEach((k, v) -> counts.add(List.of(k, v)));
            r.table("Trace records by reader and memory rule (docs/memory.md)", List.of("rule", "records"), counts);
        }
        addCharts(r, result.first(), c);
        return r;
    }

    private static void addCharts(Report r, MemoryCluster run, MemoryConfig c) {
        MemoryTimeSeries ts = run.timeSeries();
        if (ts.size() < 2 || !(ts.rows().spanSeconds() > 0)) {
            return;
        }
        int k = ts.classes();
        // on the model's clock: the trace's, or for a log on a late clock time since its first record (the axis says)
        double from = ts.rows().timeSeconds(0);
        double to = ts.rows().timeSeconds(ts.size() - 1);
        double[][] avg = ts.rows().binnedMeans(from, to, BINS);
        TimeAxis clock = TimeAxis.forSpan(to - from);
        double[] x = new double[BINS];
        for (int b = 0; b < BINS; b++) {
            x[b] = clock.of(from + (b + 0.5) * (to - from) / BINS);
        }
        String time = ts.originSeconds() == 0 ? "time" : "time after " + (long) ts.originSeconds() + " s";
        double[] cores = new double[BINS];
        double[] memory = new double[BINS];
        for (int b = 0; b < BINS; b++) {
            cores[b] = avg[0][b] / c.totalCores();
            memory[b] = avg[1][b] / ((double) c.machines() * c.memoryGiB());
        }
        r.lineChart(
                "memory-utilization",
                "Utilization over time (the paper's Figure 5)",
                clock.title(time),
                "fraction busy",
                List.of(Series.of("cores", x, cores), Series.of("memory", x, memory)));
        List<Series> queues = new ArrayList<>();
        List<Series> pools = new ArrayList<>();
        for (int q = 1; q <= k; q++) {
            String name = "class " + q + " (" + c.classesGiB().get(q - 1) + " GiB)";
            queues.add(Series.of(name, x, avg[1 + q]));
            pools.add(Series.of(name, x, avg[1 + k + q]));
        }
        r.lineChart(
                "memory-queues", "Queue length per class (the paper's Figure 6)", clock.title(time), "jobs", queues);
        r.lineChart(
                "memory-flowtime",
                "Mean flowtime by arrival time (the paper's Figure 7)",
                clock.title(ts.originSeconds() == 0 ? "arrival" : "arrival after " + (long) ts.originSeconds() + " s"),
                "flowtime (s)",
                flowtimeByArrival(run, k, clock));
        r.lineChart("memory-pools", "Pool size per class (cores designated)", clock.title(time), "cores", pools);
    }

    /**
     * Per class, the mean flowtime of the jobs arriving in each of at most {@value #BINS} windows, by arrival on the
     * model's clock (the workload's).
     */
    private static List<Series> flowtimeByArrival(MemoryCluster run, int k, TimeAxis clock) {
        List<MemoryJobRecord> jobs = run.jobRecords();
        MemoryWorkload w = run.workload();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < jobs.size(); i++) {
            first = Math.min(first, w.arrivalSeconds(i));
            last = Math.max(last, w.arrivalSeconds(i));
        }
        int bins = Math.max(1, Math.min(BINS / 4, jobs.size() / Math.max(1, 10 * k)));
        double width = last > first ? (last - first) / bins : 1;
        double[][] sum = new double[k][bins];
        long[][] n = new long[k][bins];
        for (int i = 0; i < jobs.size(); i++) {
            MemoryJobRecord j = jobs.get(i);
            int b = Math.min(bins - 1, (int) ((w.arrivalSeconds(i) - first) / width));
            sum[j.memoryClass() - 1][b] += j.responseSeconds();
            n[j.memoryClass() - 1][b]++;
        }
        List<Series> out = new ArrayList<>();
        for (int q = 0; q < k; q++) {
            List<double[]> points = new ArrayList<>();
            for (int b = 0; b < bins; b++) {
                if (n[q][b] > 0) {
                    points.add(new double[] {clock.of(first + (b + 0.5) * width), sum[q][b] / n[q][b]});
                }
            }
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = points.get(i)[0];
                y[i] = points.get(i)[1];
            }
            out.add(Series.of("class " + (q + 1), x, y));
        }
        return out;
    }

    /** " (n runs with jobs)" for a mean over fewer runs than all (a run without jobs has no flowtime). */
    private static String withJobs(double[] overRuns) {
        if (overRuns.length < 3) {
            return "";
        }
        long n = (long) overRuns[2];
        return " (" + Values.counted("%d", n, "run") + " with jobs)";
    }

    private static String round(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4g", v);
    }
}
