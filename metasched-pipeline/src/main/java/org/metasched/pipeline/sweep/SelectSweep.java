package org.metasched.pipeline.sweep;

import java.util.List;
import java.util.Map;
import org.metasched.io.problem.AvailabilityProblem;
import org.metasched.io.problem.AvailabilityProblemReader;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;
import org.metasched.model.Window;
import org.metasched.pipeline.select.SelectParameters;
import org.metasched.pipeline.select.SelectPipeline;

/**
 * {@code select} as a sweep cell: parameters as the command's options ({@link SelectParameters}), which option
 * applies to which strategy checked by {@link SelectPipeline#prepare} when the sweep file is read. Replication r runs
 * with the cell's seed plus r (only min-proc-time and random placements draw). A problem file is read once and
 * shared by the cells that use it ({@link SweepInputs}).
 */
final class SelectSweep implements SweepableCommand {
    @Override
    public String description() {
        return "one window for one problem file (metasched select)";
    }

    @Override
    public String name() {
        return "select";
    }

    @Override
    public Parameters schema() {
        return SelectParameters.ALL;
    }

    @Override
    public List<String> inputs() {
        return List.of("input");
    }

    @Override
    public String check(Map<String, String> cell) {
        try {
            SelectPipeline.prepare(SelectParameters.ALL.read(cell), 0);
            return null;
        } catch (InputFormatException e) {
            return ParameterException.message(e, SelectParameters.ALL::fileName);
        }
    }

    @Override
    public String unit(String name) {
        return switch (name) {
            case "start", "finish", "runtime" -> "time units";
            case "processorTime" -> "node time units";
            case "availability" -> "probability 0..1";
            default -> "";
        };
    }

    @Override
    public List<String> metrics() {
        return List.of(
                "found", "start", "finish", "runtime", "cost", "processorTime", "nodes", "availability", "evaluations");
    }

    /**
     * The metrics: {@code found} 1 or 0, the window's {@code start}, {@code finish}, {@code runtime}, {@code cost},
     * {@code processorTime} and {@code nodes} (NaN when none was found), and for the availability strategies the
     * window's {@code availability} and the {@code evaluations} of static problems (NaN for a window search).
     */
    @Override
    public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
        SelectPipeline.Search search = SelectPipeline.prepare(SelectParameters.ALL.read(cell), seed + replication);
        String input = cell.get("input");
        SelectPipeline.Result r = search.search() != null
                ? search.find(input, inputs.shared(input, Problem.class, ProblemReader::read))
                : search.find(inputs.shared(input, AvailabilityProblem.class, AvailabilityProblemReader::read));
        double[] m = new double[metrics().size()];
        java.util.Arrays.fill(m, Double.NaN);
        m[0] = r.window().isPresent() ? 1 : 0;
        if (r.window().isPresent()) {
            Window w = r.window().get();
            m[1] = w.start();
            m[2] = w.finish();
            m[3] = w.runtime();
            m[4] = w.cost();
            m[5] = w.processorTime();
            m[6] = w.allocations().size();
        }
        if (r.byAvailability()) {
            m[7] = r.availability().availability();
            m[8] = r.availability().evaluations();
        }
        return m;
    }
}
