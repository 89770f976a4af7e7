package org.metasched.pipeline.sweep;

import java.util.List;
import java.util.Map;
import org.metasched.batch.BatchParameters;
import org.metasched.batch.BatchScheduler;
import org.metasched.io.problem.BatchProblem;
import org.metasched.io.problem.BatchProblemReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;
import org.metasched.model.Window;
import org.metasched.pipeline.batch.BatchPipeline;

/**
 * {@code batch} as a sweep cell: parameters as the command's options ({@code input}, the batch file, required;
 * {@code scheme}, {@code problem}, {@code time}, registered names; {@code sub-batches}, {@code css-jobs}, {@code
 * quantum}), each given one winning over the file's field as on the command line ({@link BatchPipeline}). What can
 * be checked without the file is checked when the sweep file is read (an option the cell's scheme does not take, a
 * value out of range); the rest (a size beyond the batch, an option the file's own scheme does not take) fails the
 * cell with the command's message. Deterministic: the replication does not change its result. A batch file is read
 * once and shared by the cells that use it ({@link SweepInputs}).
 */
final class BatchSweep implements SweepableCommand {
    @Override
    public String description() {
        return "one batch planned in one cycle (metasched batch)";
    }

    @Override
    public String name() {
        return "batch";
    }

    @Override
    public Parameters schema() {
        return BatchParameters.ALL;
    }

    @Override
    public List<String> inputs() {
        return List.of("input");
    }

    @Override
    public String check(Map<String, String> cell) {
        BatchPipeline.Overrides o = overrides(cell);
        if (o.scheme() != null && o.subBatches() != null && !o.scheme().slices()) {
            return "sub-batches applies to the slicer and bsf; scheme "
                    + o.scheme().name() + " has none";
        }
        if (o.scheme() != null && o.cssJobs() != null && o.scheme() != BatchScheduler.Scheme.BSF) {
            return "css-jobs applies to bsf; scheme " + o.scheme().name() + " has none";
        }
        if (o.scheme() == BatchScheduler.Scheme.BACKFILL && o.quantum() != null) {
            return "quantum is the combination DP's quantum (css, slicer, bsf); scheme backfill has none";
        }
        if (o.scheme() == BatchScheduler.Scheme.BSF
                && o.cssJobs() != null
                && o.cssJobs() == 0
                && (o.subBatches() != null || o.quantum() != null)) {
            return (o.subBatches() != null ? "sub-batches" : "quantum")
                    + " applies to bsf's CSS share; with css-jobs 0 there is none and every job is backfilled";
        }
        return null;
    }

    static BatchPipeline.Overrides overrides(Map<String, String> cell) {
        return BatchPipeline.Overrides.of(BatchParameters.ALL.read(cell));
    }

    @Override
    public String unit(String name) {
        return switch (name) {
            case "scheduledJobs", "css-jobs" -> "jobs";
            case "lastFinish" -> "time units";
            case "feasible", "exact" -> "1 yes, 0 no";
            default -> "";
        };
    }

    @Override
    public List<String> metrics() {
        return List.of(
                "feasible",
                "objective",
                "limit",
                "exact",
                "scheduledJobs",
                "totalCost",
                "totalProcessorTime",
                "lastFinish");
    }

    /**
     * The metrics: {@code feasible} and {@code exact} (1 or 0; exact NaN for backfill, as {@code batch} leaves it out),
     * the plan's {@code objective} and {@code limit} (as {@code batch} prints them; the limit is NaN for backfill), the jobs given a window ({@code scheduledJobs}),
     * their windows' summed {@code totalCost} and {@code totalProcessorTime}, and the latest finish ({@code
     * lastFinish}, NaN when no job has a window).
     */
    @Override
    public double[] run(Map<String, String> cell, long seed, int replication, SweepInputs inputs) {
        BatchProblem b = inputs.shared(cell.get("input"), BatchProblem.class, BatchProblemReader::read);
        BatchScheduler.Result r;
        boolean backfill;
        try {
            BatchPipeline.Plan plan = BatchPipeline.plan(b, overrides(cell));
            r = plan.result();
            backfill = plan.settings().scheme() == BatchScheduler.Scheme.BACKFILL;
        } catch (InputFormatException e) { // a rule that needs the file: the command's message, in the file's terms
            throw new InputFormatException(ParameterException.message(e, BatchParameters.ALL::fileName));
        }
        int scheduled = 0;
        double cost = 0;
        double processorTime = 0;
        double last = Double.NaN;
        for (Window w : r.windows()) {
            if (w != null) {
                scheduled++;
                cost += w.cost();
                processorTime += w.processorTime();
                last = Double.isNaN(last) ? w.finish() : Math.max(last, w.finish());
            }
        }
        return new double[] {
            r.feasible() ? 1 : 0,
            r.objective(),
            r.limit(),
            backfill ? Double.NaN : r.exact() ? 1 : 0, // batch leaves it out: backfill has no DP to be exact
            scheduled,
            cost,
            processorTime,
            last
        };
    }
}
