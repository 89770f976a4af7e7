package org.metasched.pipeline.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.gang.ClockModel;
import org.metasched.gang.GangConfig;
import org.metasched.gang.GangJobs;
import org.metasched.gang.GangRegistries;
import org.metasched.gang.GangSimulation;
import org.metasched.gang.GangSummary;
import org.metasched.model.InputFormatException;
import org.metasched.model.Workload;
import org.metasched.pipeline.gang.GangPipeline;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;

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
    public Map<String, Type> parameters() {
        Map<String, Type> p = new LinkedHashMap<>();
        p.put("workload", Type.TEXT);
        p.put("clusters", Type.TEXT);
        p.put("dispatch", Type.TEXT);
        p.put("policy", Type.TEXT);
        p.put("start-rule", Type.TEXT);
        p.put("clock", Type.TEXT);
        p.put("jobs", Type.WHOLE);
        return p;
    }

    @Override
    public Map<String, Registry<? extends Registered>> registered() {
        return Map.of(
                "dispatch",
                GangRegistries.DISPATCHERS,
                "policy",
                GangRegistries.POLICIES,
                "start-rule",
                GangRegistries.START_RULES);
    }

    @Override
    public List<String> required() {
        return List.of("workload");
    }

    @Override
    public String check(Map<String, String> cell) {
        try {
            config(cell, 0);
            if (SweepableCommand.whole(cell, "jobs", 1) < 1) {
                return "jobs must be at least 1, got " + cell.get("jobs");
            }
            return null;
        } catch (InputFormatException | NumberFormatException e) {
            return e.getMessage();
        }
    }

    static GangConfig config(Map<String, String> cell, long seed) {
        GangConfig c = GangConfig.DEFAULTS;
        if (cell.containsKey("clusters")) {
            c = c.withClusters(GangConfig.clusters(cell.get("clusters")));
        }
        if (cell.containsKey("dispatch")) {
            c = c.withDispatch(cell.get("dispatch"));
        }
        if (cell.containsKey("policy")) {
            c = c.withPolicy(cell.get("policy"));
        }
        if (cell.containsKey("start-rule")) {
            c = c.withStartRule(GangRegistries.create(GangRegistries.START_RULES, cell.get("start-rule")));
        }
        if (cell.containsKey("clock")) {
            String clock = cell.get("clock");
            if (!clock.equals("homogeneous") && !clock.equals("heterogeneous")) {
                throw new InputFormatException("clock '" + clock + "', expected homogeneous or heterogeneous");
            }
            c = c.withClocks(clock.equals("homogeneous") ? ClockModel.HOMOGENEOUS : ClockModel.HETEROGENEOUS);
        }
        return c.withSeed(seed);
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
        Workload w = inputs.shared(
                cell.get("workload"), Workload.class, p -> GangPipeline.read(p).workload());
        GangJobs jobs = GangJobs.of(w, SweepableCommand.whole(cell, "jobs", 0));
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
