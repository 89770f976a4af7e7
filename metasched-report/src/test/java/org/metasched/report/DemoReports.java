package org.metasched.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Synthetic reports used by the tests and for looking at the output in a browser: {@code small()}
 * is 30 jobs on 12 heterogeneous nodes with co-allocated jobs, two plots and a table; {@code
 * large(jobs, rows)} is a dense schedule for checking speed. Run {@link #main} with an output
 * directory to write both.
 */
final class DemoReports {

    private DemoReports() {}

    static Report small() {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            nodes.add("node-" + (i + 1) + " (perf " + (1 + i % 3) + ")");
        }
        SplittableRandom rnd = new SplittableRandom(7);
        GanttBuilder gantt =
                Gantt.builder().title("Schedule (easy backfilling)").rows(nodes);
        double[] free = new double[nodes.size()];
        List<Double> waits = new ArrayList<>();
        List<Double> finishes = new ArrayList<>();
        for (int j = 0; j < 30; j++) {
            double submit = j * 20.0;
            int width = j % 5 == 0 ? 3 : (j % 3 == 0 ? 2 : 1);
            double runtime = 40 + rnd.nextInt(160);
            // co-allocate on the `width` nodes that free up first (not necessarily contiguous)
            Integer[] order = new Integer[nodes.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Double.compare(free[a], free[b]));
            double start = submit;
            for (int k = 0; k < width; k++) {
                start = Math.max(start, free[order[k]]);
            }
            double cost = Math.round(runtime * width * 0.05 * 100) / 100.0;
            for (int k = 0; k < width; k++) {
                gantt.bar(
                        "job-" + j,
                        order[k],
                        order[k],
                        start,
                        start + runtime,
                        Map.of("cost", cost, "wait (s)", start - submit, "width", width));
                free[order[k]] = start + runtime;
            }
            waits.add(start - submit);
            finishes.add(start + runtime);
        }
        // one job spanning a contiguous range of rows drawn as a single bar
        gantt.bar("job-wide", 8, 11, 900, 1100, Map.of("cost", 40.0, "note", "contiguous rows 9-12"));

        double[] times = new double[waits.size()];
        double[] wait = new double[waits.size()];
        double[] waitConservative = new double[waits.size()];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 20.0;
            wait[i] = waits.get(i);
            waitConservative[i] = waits.get(i) * 1.2 + 5;
        }
        Report r = Report.create("metasched demo: 30 jobs on 12 nodes")
                .subtitle("metasched run --policy easy --seed 7   |   2026-11-22 (synthetic demo data)");
        r.table(
                "Summary",
                List.of("algorithm", "jobs", "mean wait (s)", "makespan (s)", "utilization"),
                List.of(
                        List.of("easy", 30, mean(wait), max(finishes), 0.8123),
                        List.of("conservative", 30, mean(waitConservative), max(finishes) * 1.05, 0.7734)));
        r.lineChart(
                "wait-over-time",
                "Wait time over time",
                "submit time (s)",
                "wait (s)",
                List.of(Series.of("easy", times, wait), Series.of("conservative", times, waitConservative)));
        r.histogram(
                "wait-histogram",
                "Wait time distribution",
                "wait (s)",
                List.of(Sample.of("easy", wait), Sample.of("conservative", waitConservative)),
                10);
        r.cdfChart(
                "wait-cdf",
                "Wait time CDF",
                "wait (s)",
                List.of(Sample.of("easy", wait), Sample.of("conservative", waitConservative)));
        r.barChart(
                "mean-wait-by-algorithm",
                "Mean wait by algorithm",
                "algorithm",
                "mean wait (s)",
                List.of("easy", "conservative", "fcfs"),
                List.of(Series.ofValues("mean wait", mean(wait), mean(waitConservative), 2 * mean(wait))));
        r.gantt(gantt.build());
        return r;
    }

    /** A dense random schedule: {@code jobs} jobs of 1 to {@code maxBarsPerJob} bars, some spanning row ranges. */
    static Report large(int jobs, int rows, int limit, int maxBarsPerJob) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            labels.add("cpu" + i);
        }
        SplittableRandom rnd = new SplittableRandom(11);
        GanttBuilder b = Gantt.builder().rows(labels).limitJobs(limit).title("Large schedule");
        double[] free = new double[rows];
        for (int j = 0; j < jobs; j++) {
            int parts = 1 + rnd.nextInt(maxBarsPerJob);
            double runtime = 50 + rnd.nextInt(2000);
            int first = rnd.nextInt(rows);
            double start = 0;
            int[] from = new int[parts];
            int[] to = new int[parts];
            for (int p = 0; p < parts; p++) {
                from[p] = (first + p * 3) % rows;
                to[p] = Math.min(rows - 1, from[p] + rnd.nextInt(3));
                for (int r = from[p]; r <= to[p]; r++) {
                    start = Math.max(start, free[r]);
                }
            }
            for (int p = 0; p < parts; p++) {
                b.bar("j" + j, from[p], to[p], start, start + runtime, Map.of("cost", runtime / 100));
                for (int r = from[p]; r <= to[p]; r++) {
                    free[r] = start + runtime;
                }
            }
        }
        Report r = Report.create("Large schedule: " + jobs + " jobs on " + rows + " rows");
        r.gantt(b.build());
        return r;
    }

    /** Caller strings that would inject markup if any of them were not escaped. */
    static Report hostile() {
        String evil = "<img src=x onerror=\"document.title='pwned'\"></script>\"'&";
        Report r = Report.create("Hostile " + evil).subtitle(evil);
        r.table(evil, List.of(evil), List.of(List.of(evil)));
        r.lineChart("c", evil, evil, evil, List.of(Series.of(evil, new double[] {0, 1}, new double[] {1, 2})));
        r.gantt(Gantt.builder()
                .title(evil)
                .timeTitle(evil)
                .rows(List.of(evil, "ok"))
                .bar(evil, 0, 1, 0, 10, Map.of(evil, evil))
                .build());
        return r;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double max(List<Double> v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "target/demo");
        // Report.writeTo writes into an existing directory (the commands' OutputDirectory makes theirs): make each
        small().writeTo(Files.createDirectories(out.resolve("small")));
        large(3000, 100, 5000, 8).writeTo(Files.createDirectories(out.resolve("large")));
        large(20000, 200, 5000, 8).writeTo(Files.createDirectories(out.resolve("capped")));
        large(5000, 100, 5000, 40).writeTo(Files.createDirectories(out.resolve("huge")));
        hostile().writeTo(Files.createDirectories(out.resolve("hostile")));
        System.out.println("wrote " + out.toAbsolutePath());
    }
}
