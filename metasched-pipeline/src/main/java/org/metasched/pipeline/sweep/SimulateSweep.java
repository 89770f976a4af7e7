package org.metasched.pipeline.sweep;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.flow.FlowPolicy;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfRecords;
import org.metasched.io.swf.SwfTrace;
import org.metasched.metrics.RunSummary;
import org.metasched.model.InputFormatException;
import org.metasched.model.Sizes;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;

/**
 * {@code simulate} as a sweep cell: parameters {@code workload}, {@code policy}, {@code processors} or {@code scale}
 * (the machine as a multiple of the trace's header size, rounded), {@code jobs}, {@code size} and {@code kill}.
 * Deterministic: the replication does not change its result. A trace is read once ({@link SwfReader#records}) and
 * shared by the cells that use it, whatever their machine size ({@link SweepInputs}).
 */
final class SimulateSweep implements SweepableCommand {
    @Override
    public String description() {
        return "job-flow simulation of a trace under a policy (metasched simulate)";
    }

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public Map<String, Type> parameters() {
        Map<String, Type> p = new LinkedHashMap<>();
        p.put("workload", Type.TEXT);
        p.put("policy", Type.TEXT);
        p.put("processors", Type.WHOLE);
        p.put("scale", Type.NUMBER);
        p.put("jobs", Type.WHOLE);
        p.put("size", Type.TEXT);
        p.put("kill", Type.BOOLEAN);
        return p;
    }

    @Override
    public Map<String, Registry<? extends Registered>> registered() {
        return Map.of("policy", FlowPolicy.registry());
    }

    @Override
    public List<String> required() {
        return List.of("workload", "policy");
    }

    @Override
    public String check(Map<String, String> cell) {
        if (cell.containsKey("processors") && cell.containsKey("scale")) {
            return "gives both processors and scale; give one (scale multiplies the trace's own size)";
        }
        if (SweepableCommand.whole(cell, "processors", 1) < 1) {
            return "processors must be at least 1, got " + cell.get("processors");
        }
        if (SweepableCommand.whole(cell, "jobs", 1) < 1) {
            return "jobs must be at least 1, got " + cell.get("jobs");
        }
        if (cell.containsKey("scale") && !(Double.parseDouble(cell.get("scale")) > 0)) {
            return "scale must be above 0, got " + cell.get("scale");
        }
        if (cell.containsKey("scale") && Double.parseDouble(cell.get("scale")) > SwfReader.MAX_PROCESSORS) {
            // every trace has at least one processor: known to be too large without reading it
            return "scale " + cell.get("scale") + " makes a machine of more than the limit of "
                    + SwfReader.MAX_PROCESSORS + " processors; give a smaller scale";
        }
        if (cell.containsKey("processors") && Long.parseLong(cell.get("processors")) > SwfReader.MAX_PROCESSORS) {
            return "processors " + cell.get("processors") + " is more than the limit of " + SwfReader.MAX_PROCESSORS;
        }
        String size = cell.get("size");
        if (size != null && !size.equals("allocated") && !size.equals("requested")) {
            return "size '" + size + "', expected allocated or requested";
        }
        return null;
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
            "utilization", "fraction 0..1",
            "meanWait", "s",
            "p90Wait", "s",
            "meanResponse", "s",
            "makespan", "s",
            "lossOfCapacityPercent", "%",
            "processors", "processors",
            "scale", "\u00d7 the trace's processors");

    @Override
    public List<String> metrics() {
        return List.of(
                "jobs",
                "utilization",
                "meanWait",
                "p90Wait",
                "meanResponse",
                "meanBoundedSlowdown",
                "p90BoundedSlowdown",
                "makespan",
                "lossOfCapacityPercent");
    }

    @Override
    public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
        Path workload = Path.of(cell.get("workload"));
        SwfRecords records = inputs.shared(cell.get("workload"), SwfRecords.class, SwfReader::records);
        SwfOptions options = SwfOptions.DEFAULTS
                .withSize(
                        "requested".equals(cell.get("size"))
                                ? SwfOptions.SizeField.REQUESTED
                                : SwfOptions.SizeField.ALLOCATED)
                .withOverrun("false".equals(cell.get("kill")) ? SwfOptions.Overrun.EXTEND : SwfOptions.Overrun.KILL)
                .withMaxJobs(SweepableCommand.whole(cell, "jobs", 0));
        if (cell.containsKey("processors")) {
            options = options.withMachineProcessors(SweepableCommand.whole(cell, "processors", 0));
        } else if (cell.containsKey("scale")) {
            int header = new SwfReader(options).machineProcessors(records); // the header's, or the reader's error
            double machine =
                    Math.max(1, Math.floor(header * Double.parseDouble(cell.get("scale")) + 0.5)); // Math.round
            if (machine > SwfReader.MAX_PROCESSORS) {
                throw new InputFormatException("scale " + cell.get("scale") + " makes a machine of "
                        + Sizes.count(machine) + " processors from the trace's " + header + "; the limit is "
                        + Sizes.count(SwfReader.MAX_PROCESSORS) + " processors");
            }
            options = options.withMachineProcessors((int) machine);
        }
        SwfTrace trace = new SwfReader(options).trace(records);
        if (trace.workload().size() == 0) {
            throw new InputFormatException(workload + ": no job to simulate at this machine size");
        }
        RunSummary s = JobFlowSimulation.of(workload.getFileName().toString())
                .run(trace.workload(), FlowPolicy.byName(cell.get("policy")))
                .summary();
        return new double[] {
            s.jobs(),
            s.utilization(),
            s.waitSeconds().mean(),
            s.waitSeconds().p90(),
            s.responseSeconds().mean(),
            s.boundedSlowdown().mean(),
            s.boundedSlowdown().p90(),
            s.makespanSeconds(),
            s.lossOfCapacityPercent()
        };
    }
}
