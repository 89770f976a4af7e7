package org.metasched.pipeline.sweep;

import java.util.List;
import java.util.Map;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangParameters;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.io.swf.SwfTrace;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;
import org.metasched.pipeline.gang.GangPipeline;

/**
 * {@code gang} as a sweep cell: replication r draws the clocks and dispatch choices from the cell's seed and r, as
 * {@code metasched gang --runs} does. Parameters as the command's options ({@code clusters} as text, e.g.
 * {@code "128,256"}); metrics as its summary. A trace is read once and shared by the cells that use it ({@link
 * SweepInputs}).
 */
final class GangSweep implements SweepableCommand {
    @Override
    public String description() {
        return "multicluster gang scheduling (metasched gang)";
    }

    @Override
    public String name() {
        return "gang";
    }

    @Override
    public Parameters schema() {
        return GangParameters.ALL;
    }

    @Override
    public String check(Map<String, String> cell) {
        try {
            config(cell, 0);
            return null;
        } catch (InputFormatException e) {
            return ParameterException.message(e, GangParameters.ALL::fileName);
        }
    }

    static GangConfig config(Map<String, String> cell, long seed) {
        return GangParameters.config(GangParameters.ALL.read(cell), seed);
    }

    @Override
    public List<String> inputs() {
        return List.of("workload");
    }

    @Override
    public String unit(String name) {
        return UNITS.getOrDefault(name, "");
    }

    private static final Map<String, String> UNITS = Map.of(
            "executedJobs", "jobs",
            "rejectedJobs", "jobs",
            "art", "s",
            "awt", "s",
            "lossOfCapacityPercent", "%",
            "utilization", "fraction 0..1",
            "localMigrations", "migrations",
            "externalMigrations", "migrations",
            "jobs", "jobs");

    @Override
    public List<String> metrics() {
        return List.of(
                "executedJobs",
                "rejectedJobs",
                "art",
                "awt",
                "lossOfCapacityPercent",
                "utilization",
                "localMigrations",
                "externalMigrations");
    }

    @Override
    public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
        SwfTrace trace = inputs.shared(cell.get("workload"), SwfTrace.class, GangPipeline::read);
        Integer n = GangParameters.ALL.read(cell).get(GangParameters.JOBS);
        GangJobs jobs = GangPipeline.jobs(trace, n == null ? 0 : n);
        GangSummary s =
                GangSimulation.run(jobs, config(cell, seed), replication).summary();
        return new double[] {
            s.executedJobs(),
            s.rejectedJobs(),
            s.artSeconds(),
            s.awtSeconds(),
            s.lossOfCapacityPercent(),
            s.utilization(),
            s.localMigrations(),
            s.externalMigrations()
        };
    }
}
