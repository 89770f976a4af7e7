package org.metasched.pipeline.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryPolicy;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;

/**
 * {@code memory} as a sweep cell (generated streams): replication r of a cell draws its jobs from the cell's seed
 * and r, as {@code metasched memory --runs} does. Parameters as the command's options; metrics as its summary.
 */
final class MemorySweep implements SweepableCommand {
    @Override
    public String description() {
        return "the multicore memory cluster (metasched memory)";
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public Map<String, Type> parameters() {
        Map<String, Type> p = new LinkedHashMap<>();
        p.put("policy", Type.TEXT);
        p.put("workload", Type.TEXT);
        p.put("machines", Type.WHOLE);
        p.put("cores", Type.WHOLE);
        p.put("memory", Type.WHOLE);
        p.put("classes", Type.TEXT);
        p.put("threshold", Type.NUMBER);
        p.put("load", Type.NUMBER);
        p.put("duration", Type.NUMBER);
        p.put("meanService", Type.NUMBER);
        return p;
    }

    @Override
    public Map<String, Registry<? extends Registered>> registered() {
        return Map.of("policy", MemoryPolicy.REGISTRY);
    }

    @Override
    public List<String> required() {
        return List.of("policy");
    }

    @Override
    public String check(Map<String, String> cell) {
        try {
            MemoryConfig c = config(cell, 0);
            if (c.traceWorkload()) {
                return "workload must be stable or peak in a sweep (a trace is one deterministic run)";
            }
            return null;
        } catch (InputFormatException e) {
            return ParameterException.message(e, MemorySweep::fileName);
        }
    }

    /** How a sweep file names the configuration's parameter {@code name} (all alike but the mean service time). */
    static String fileName(String name) {
        return name.equals("mean-service") ? "meanService" : name;
    }

    static MemoryConfig config(Map<String, String> cell, long seed) {
        MemoryConfig d = MemoryConfig.defaults();
        MemoryConfig c = new MemoryConfig(
                MemoryPolicy.byName(cell.get("policy")),
                SweepableCommand.whole(cell, "machines", d.machines()),
                SweepableCommand.whole(cell, "cores", d.coresPerMachine()),
                SweepableCommand.whole(cell, "memory", d.memoryGiB()),
                cell.containsKey("classes") ? MemoryConfig.classes(cell.get("classes")) : d.classesGiB(),
                number(cell, "threshold", d.threshold()),
                cell.getOrDefault("workload", d.workload()),
                number(cell, "load", d.load()),
                number(cell, "duration", d.durationSeconds()),
                number(cell, "meanService", d.meanServiceSeconds()),
                1,
                seed);
        return c;
    }

    private static double number(Map<String, String> cell, String name, double otherwise) {
        return cell.containsKey(name) ? Double.parseDouble(cell.get(name)) : otherwise;
    }

    @Override
    public String unit(String name) {
        return UNITS.getOrDefault(name, "");
    }

    private static final Map<String, String> UNITS = Map.of(
            "coreUtilization", "fraction 0..1",
            "memoryUtilization", "fraction 0..1",
            "meanFlowtime", "s",
            "p95Flowtime", "s",
            "meanWait", "s",
            "reprovisionings", "reprovisionings");

    @Override
    public List<String> metrics() {
        return List.of(
                "jobs",
                "coreUtilization",
                "memoryUtilization",
                "meanFlowtime",
                "p95Flowtime",
                "meanWait",
                "reprovisionings");
    }

    @Override
    public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
        MemoryConfig c = config(cell, seed);
        MemoryCluster run =
                MemoryCluster.of(c, MemoryStreams.generate(c, replication)).run();
        MemorySummary s = MemorySummary.of(run, 0, c.durationSeconds());
        return new double[] {
            s.jobs(),
            s.coreUtilization(),
            s.memoryUtilization(),
            s.meanFlowtimeSeconds(),
            s.p95FlowtimeSeconds(),
            s.meanWaitSeconds(),
            s.reprovisionings()
        };
    }
}
