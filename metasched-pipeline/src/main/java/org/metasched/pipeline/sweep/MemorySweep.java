package org.metasched.pipeline.sweep;

import java.util.List;
import java.util.Map;
import org.metasched.memory.MemoryCluster;
import org.metasched.memory.MemoryConfig;
import org.metasched.memory.MemoryParameters;
import org.metasched.memory.MemoryStreams;
import org.metasched.memory.MemorySummary;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;

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
    public Parameters schema() {
        return MemoryParameters.ALL;
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
            return ParameterException.message(e, MemoryParameters.ALL::fileName);
        }
    }

    static MemoryConfig config(Map<String, String> cell, long seed) {
        return MemoryParameters.config(MemoryParameters.ALL.read(cell), 1, seed);
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
