package org.metasched.pipeline.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.gang.ClockModel;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobRecord;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangResult;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.gang.GangTaskRecord;
import org.metasched.report.Gantt;
import org.metasched.report.GanttBuilder;
import org.metasched.report.Report;

/**
 * {@code run}'s P001 section: twelve jobs on two small clusters (4 and 6 processors, equal clocks, OLB) under
 * AFCFS without and with migration, each with its Gantt chart (one row per processor).
 */
final class GangRunSection implements RunSection {
    static final List<String> POLICIES = List.of("afcfs", "afcfs-m");

    /** {submit s, tasks, processing s}: a few wide jobs that block the queues, and small ones that could fill. */
    private static final double[][] JOBS = {
        {0, 4, 20}, {1, 3, 10}, {2, 6, 15}, {3, 2, 30}, {4, 5, 10}, {5, 1, 5},
        {6, 3, 25}, {7, 4, 10}, {8, 2, 8}, {9, 6, 12}, {10, 3, 6}, {11, 1, 20}
    };

    @Override
    public String name() {
        return "gang";
    }

    @Override
    public String title() {
        return "Gang scheduling on two clusters (paper P001): AFCFS without and with migration";
    }

    static GangJobs jobs() {
        GangJobs.Builder b = GangJobs.builder();
        for (int j = 0; j < JOBS.length; j++) {
            b.add(j + 1, JOBS[j][0], (int) JOBS[j][1], JOBS[j][2], 0);
        }
        return b.build();
    }

    @Override
    public Part run(long seed) {
        List<GangResult> runs = new ArrayList<>();
        for (String p : POLICIES) {
            GangConfig c = GangConfig.DEFAULTS
                    .withClusters(List.of(4, 6))
                    .withClocks(ClockModel.HOMOGENEOUS)
                    .withPolicy(GangRegistries.POLICIES.byName(p))
                    // run's output stays as it was; the rule is gang's option
                    .withStartRule(GangRegistries.START_RULES.byName("adapted"))
                    .withSeed(seed);
            runs.add(GangSimulation.run(jobs(), c, 0));
        }
        return new GangPart(runs);
    }

    record GangPart(List<GangResult> runs) implements Part {
        @Override
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            String header = String.format(
                    Locale.ROOT, "%-9s %8s %8s %8s %10s %10s", "policy", "ART", "AWT", "LoC %", "local mig", "ext mig");
            out.add(header);
            out.add("-".repeat(header.length()));
            for (int i = 0; i < runs.size(); i++) {
                GangSummary s = runs.get(i).summary();
                out.add(String.format(
                        Locale.ROOT,
                        "%-9s %8.2f %8.2f %8.2f %10d %10d",
                        POLICIES.get(i),
                        s.artSeconds(),
                        s.awtSeconds(),
                        s.lossOfCapacityPercent(),
                        s.localMigrations(),
                        s.externalMigrations()));
            }
            out.add("(12 jobs on clusters of 4 and 6 processors, equal clocks, OLB; times in seconds;"
                    + " metasched gang replays a trace)");
            return out;
        }

        @Override
        public void addTo(Report report) {
            List<GanttBuilder> group = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                GangResult r = runs.get(i);
                int[] sizes = r.clusterSizes();
                int[] offset = new int[sizes.length];
                List<String> rows = new ArrayList<>();
                for (int c = 0; c < sizes.length; c++) {
                    offset[c] = rows.size();
                    for (int p = 0; p < sizes[c]; p++) {
                        rows.add("cluster " + c + " p" + p);
                    }
                }
                Map<Long, GangJobRecord> byId = new LinkedHashMap<>();
                r.jobRecords().forEach(j -> byId.put(j.id(), j));
                GanttBuilder g = Gantt.builder()
                        .id("run-gang-" + POLICIES.get(i))
                        .title("P001, " + POLICIES.get(i) + ": tasks on processors (a job's tasks start together)")
                        .timeTitle("time (s)")
                        .rows(rows);
                for (GangTaskRecord t : r.taskRecords()) {
                    GangJobRecord j = byId.get(t.job());
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("tasks", j.tasks());
                    fields.put("submit (s)", j.submitSeconds());
                    fields.put("migrated", j.migrated().label());
                    int row = offset[t.cluster()] + t.processor();
                    g.bar("job " + t.job(), row, row, t.startSeconds(), t.endSeconds(), fields);
                }
                group.add(g);
            }
            // without and with migration on one time axis, so that the two schedules compare by eye (issue 22)
            for (Gantt g : Gantt.onOneTimeAxis(group)) {
                report.gantt(g);
            }
        }
    }
}
