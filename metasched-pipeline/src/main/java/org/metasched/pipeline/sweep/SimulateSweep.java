package org.metasched.pipeline.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.metasched.flow.JobFlowSimulation;
import org.metasched.io.swf.SwfOptions;
import org.metasched.io.swf.SwfReader;
import org.metasched.io.swf.SwfRecords;
import org.metasched.io.swf.SwfTrace;
import org.metasched.metrics.RunSummary;
import org.metasched.model.ExactSeconds;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import org.metasched.model.Sizes;
import org.metasched.pipeline.Values;
import org.metasched.pipeline.trace.SimulateParameters;

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
    public Parameters schema() {
        return SimulateParameters.ALL;
    }

    @Override
    public String check(Map<String, String> cell) {
        if (cell.containsKey("processors") && cell.containsKey("scale")) {
            return "gives both processors and scale; give one (scale multiplies the trace's own size)";
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
        Parameters.Values values = SimulateParameters.ALL.read(cell);
        Path workload = values.get(SimulateParameters.WORKLOAD);
        SwfRecords records = inputs.shared(cell.get("workload"), SwfRecords.class, SwfReader::records);
        SwfOptions options = SimulateParameters.options(values);
        if (values.has(SimulateParameters.SCALE)) {
            int header = new SwfReader(options).machineProcessors(records); // the header's, or the reader's error
            double scale = values.get(SimulateParameters.SCALE);
            double machine = Math.floor(header * scale + 0.5); // Math.round
            if (machine < 1) { // was taken as 1 processor without a word, so several scales gave the same cell
                throw new InputFormatException("scale " + cell.get("scale") + " makes a machine of "
                        + Parameter.shown(header * scale) + " processors from the trace's " + header
                        + ", which rounds to none; expected a scale of at least " + Parameter.shown(0.5 / header)
                        + " (1 processor)");
            }
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
        RunSummary s;
        try {
            s = JobFlowSimulation.of(Values.workloadName(workload))
                    .run(trace.workload(), values.get(SimulateParameters.POLICY))
                    .summary();
        } catch (ExactSeconds.PastLimit past) { // a wait took a job's end past 2^53 s: named as simulate names it
            throw new InputFormatException(workload + ": " + past.getMessage(), past);
        }
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
