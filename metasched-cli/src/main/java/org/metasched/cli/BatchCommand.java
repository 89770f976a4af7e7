package org.metasched.cli;

import static org.metasched.batch.BatchParameters.CSS_JOBS;
import static org.metasched.batch.BatchParameters.INPUT;
import static org.metasched.batch.BatchParameters.PROBLEM;
import static org.metasched.batch.BatchParameters.QUANTUM;
import static org.metasched.batch.BatchParameters.SCHEME;
import static org.metasched.batch.BatchParameters.SUB_BATCHES;
import static org.metasched.batch.BatchParameters.TIME;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.io.problem.BatchJson;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import org.metasched.model.Window;
import org.metasched.pipeline.batch.BatchPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** One batch over one domain in one scheduling cycle (paper P002, {@link BatchScheduler}). */
@Command(
        name = "batch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Plan a batch of jobs over priced, partly busy nodes in one cycle (paper P002): alternatives per job and"
                    + " the CSS combination DP, the batch-slicer, BSF or backfilling.",
            "Reads the select format with 'jobs' (a list) instead of 'job' (docs/batch.md); prints every job's"
                    + " alternatives and the chosen one. No feasible combination is not an error: feasible is"
                    + " false, exit 0."
        },
        footer = {"", "Example: metasched batch -i examples/batch-small.json --problem min-time -f table"})
final class BatchCommand implements Callable<Integer>, Main.HelpDefaults, SchemaOptions.Declared {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.PrintFormat format;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of();
    }

    @Override
    public Parameters schema() {
        return new Parameters(INPUT, SCHEME, SUB_BATCHES, CSS_JOBS, PROBLEM, TIME, QUANTUM);
    }

    @Override
    public String[] names(Parameter<?> p) {
        return p == INPUT ? new String[] {"-i", "--input"} : SchemaOptions.Declared.super.names(p);
    }

    @Override
    public Integer call() {
        Parameters.Values values = SchemaOptions.values(spec, schema());
        BatchPipeline.Plan plan = BatchPipeline.plan(Path.of(values.get(INPUT)), BatchPipeline.Overrides.of(values));
        BatchScheduler.Scheme sch = plan.scheme();
        CssProblem prob = plan.problem();
        BatchScheduler.Result r = plan.result();
        PrintWriter out = spec.commandLine().getOut();
        if (format.get() == Options.PrintFormat.Format.TABLE) {
            table(out, sch, prob, r);
        } else {
            out.println(json(sch, prob, r));
        }
        out.flush();
        return 0;
    }

    static String json(BatchScheduler.Scheme sch, CssProblem prob, BatchScheduler.Result r) {
        return BatchJson.plan(sch, prob, r);
    }

    private static void table(PrintWriter o, BatchScheduler.Scheme sch, CssProblem prob, BatchScheduler.Result r) {
        o.printf("scheme     %s%nproblem    %s%nfeasible   %s%n", sch.name(), prob.name(), r.feasible() ? "yes" : "no");
        o.printf("limit      %s%nobjective  %s%n", Numbers.shown(r.limit()), Numbers.shown(r.objective()));
        if (sch != BatchScheduler.Scheme.BACKFILL) {
            o.printf(
                    "exact      %s%n",
                    r.exact() ? "yes" : "no: the quantum rounds expenses, and a better combination may fit");
        }
        o.println();
        // the columns widen to a wider cell (a tiny cost's digits, a long id); with cells that fit, as %-10s %4s ...
        Table t = new Table("%-10s %4s %5s %7s %9s %9s %9s %9s%n");
        t.row("job", "sub", "alts", "chosen", "start", "finish", "cost", "procTime");
        for (BatchScheduler.JobResult j : r.jobs()) {
            if (j.chosen() < 0) {
                t.row(j.job().id(), j.subBatch(), j.alternatives().size(), "-", "-", "-", "-", "-");
                continue;
            }
            Window w = j.alternatives().get(j.chosen());
            t.row(
                    j.job().id(),
                    j.subBatch(),
                    j.alternatives().size(),
                    j.chosen(),
                    Numbers.shown(w.start()),
                    Numbers.shown(w.finish()),
                    Numbers.shown(w.cost()),
                    Numbers.shown(w.processorTime()));
        }
        t.print(o);
    }

    /** {@code --scheme}, resolved by {@link BatchScheduler.Scheme#REGISTRY} (also {@code journal replay}'s). */
    static final class SchemeName extends Options.Named<BatchScheduler.Scheme> {
        SchemeName() {
            super(BatchScheduler.Scheme.REGISTRY);
        }
    }

    /** {@code --problem}, resolved by {@link CssProblem#REGISTRY} (also {@code journal replay}'s). */
    static final class ProblemName extends Options.Named<CssProblem> {
        ProblemName() {
            super(CssProblem.REGISTRY);
        }
    }
}
