package org.metasched.pipeline.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.availability.StartPointPlacement;
import org.metasched.io.problem.AvailabilityProblem;
import org.metasched.io.problem.AvailabilityProblemReader;
import org.metasched.io.problem.Problem;
import org.metasched.io.problem.ProblemReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;
import org.metasched.pipeline.select.SelectPipeline;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.window.CsaCriterion;

/**
 * {@code select} as a sweep cell: parameters as the command's options ({@code input}, the problem file, required;
 * {@code strategy}, a registered window search or availability strategy; {@code criterion}, {@code start-points},
 * {@code placement}, {@code step}, {@code budget-units}), checked by {@link SelectPipeline#prepare} when the sweep
 * file is read; the strategy, criterion and placement are names, resolved in any case to the canonical one. Replication r runs with the cell's seed plus r (only min-proc-time and random placements draw). A
 * problem file is read once and shared by the cells that use it ({@link SweepInputs}).
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
    public Map<String, Type> parameters() {
        Map<String, Type> p = new LinkedHashMap<>();
        p.put("input", Type.TEXT);
        p.put("strategy", Type.TEXT);
        p.put("criterion", Type.TEXT);
        p.put("start-points", Type.TEXT);
        p.put("placement", Type.TEXT);
        p.put("step", Type.WHOLE);
        p.put("budget-units", Type.WHOLE);
        return p;
    }

    @Override
    public Map<String, Registry<? extends Registered>> registered() {
        List<String> criteria = new ArrayList<>();
        for (CsaCriterion c : CsaCriterion.values()) {
            criteria.add(c.shortName());
        }
        List<String> placements = new ArrayList<>();
        for (StartPointPlacement p : StartPointPlacement.values()) {
            placements.add(p.shortName());
        }
        return Map.of(
                "strategy",
                SelectPipeline.strategies(),
                "criterion",
                names("criterion", criteria),
                "placement",
                names("placement", placements));
    }

    /** Plain names as a registry, so that a sweep file's text resolves to one canonical (lower-case) name. */
    private static Registry<Registered> names(String kind, List<String> names) {
        Registry<Registered> r = new Registry<>(kind);
        for (String n : names) {
            r.register(new Registered() {
                @Override
                public String name() {
                    return n;
                }

                @Override
                public String family() {
                    return kind;
                }

                @Override
                public String description() {
                    return "the " + kind + " " + n;
                }
            });
        }
        return r;
    }

    @Override
    public List<String> required() {
        return List.of("input");
    }

    @Override
    public List<String> inputs() {
        return List.of("input");
    }

    @Override
    public String check(Map<String, String> cell) {
        try {
            SelectPipeline.prepare(settings(cell, 0));
            return null;
        } catch (InputFormatException e) {
            return SweepableCommand.inFileTerms(e.getMessage());
        }
    }

    /** The cell's settings with {@code seed}. */
    static SelectPipeline.Settings settings(Map<String, String> cell, long seed) {
        for (String p : new String[] {"step", "budget-units"}) {
            if (SweepableCommand.whole(cell, p, 1) < 1) {
                throw new InputFormatException(p + " must be at least 1, got " + cell.get(p));
            }
        }
        String criterion = cell.get("criterion");
        return new SelectPipeline.Settings(
                cell.get("strategy"),
                criterion == null ? null : CsaCriterion.parse(criterion),
                cell.get("start-points"),
                cell.get("placement"),
                cell.containsKey("step") ? SweepableCommand.whole(cell, "step", 0) : null,
                cell.containsKey("budget-units") ? SweepableCommand.whole(cell, "budget-units", 0) : null,
                seed);
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
        SelectPipeline.Search search = SelectPipeline.prepare(settings(cell, seed + replication));
        String input = cell.get("input");
        SelectPipeline.Result r = search.search() != null
                ? search.find(inputs.shared(input, Problem.class, ProblemReader::read))
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
