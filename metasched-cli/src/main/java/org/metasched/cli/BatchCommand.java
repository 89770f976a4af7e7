package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.io.problem.BatchJson;
import org.metasched.model.Window;
import org.metasched.pipeline.batch.BatchPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
final class BatchCommand implements Callable<Integer>, Main.HelpDefaults {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            required = true,
            paramLabel = "FILE",
            order = HelpLayout.INPUTS,
            description = "The batch file (.json, .yaml or .yml).")
    Path input;

    @Option(
            names = "--scheme",
            paramLabel = "NAME",
            order = HelpLayout.POLICY,
            converter = SchemeName.class,
            completionCandidates = SchemeName.class,
            description = "${COMPLETION-CANDIDATES} (default: the file's 'scheme', else css).")
    BatchScheduler.Scheme scheme;

    @Option(
            names = "--sub-batches",
            paramLabel = "K",
            order = HelpLayout.POLICY + 1,
            converter = Options.PositiveInt.class,
            description = "slicer and bsf: contiguous sub-batches, 1 to the batch size (default: 1).")
    Integer subBatches;

    @Option(
            names = "--css-jobs",
            paramLabel = "N",
            order = HelpLayout.POLICY + 2,
            converter = Options.WholeInt.class,
            description = "bsf: the first N jobs by the slicer, the rest by backfilling, 0 to the batch size (default:"
                    + " half the batch, rounded up).")
    Integer cssJobs;

    @Option(
            names = "--problem",
            paramLabel = "NAME",
            order = HelpLayout.POLICY + 3,
            converter = ProblemName.class,
            completionCandidates = ProblemName.class,
            description = "The VO problem: ${COMPLETION-CANDIDATES} (default: the file's 'problem', else min-time).")
    CssProblem problem;

    @Option(
            names = "--time",
            paramLabel = "KIND",
            order = HelpLayout.POLICY + 4,
            converter = TimeName.class,
            completionCandidates = TimeName.class,
            description = "What time means: ${COMPLETION-CANDIDATES} (processor-time is T_CPU; default: the file's"
                    + " 'time', else processor-time).")
    CssProblem.Time time;

    @Option(
            names = "--quantum",
            paramLabel = "Q",
            order = HelpLayout.POLICY + 5,
            converter = Options.RealNumber.class,
            description =
                    "The DP's expense quantum, above 0 (default: the file's 'quantum', else the data's own, e.g. 0.01"
                            + " for prices with cents: exact). With a quantum that does not divide every expense a second DP"
                            + " checks the choice; the output's 'exact' says whether it is proven optimal.")
    Double quantum;

    @Mixin
    Options.PrintFormat format;

    @Override
    public Map<String, String> helpDefaults() {
        return Map.of();
    }

    @Override
    public Integer call() {
        BatchPipeline.Plan plan = BatchPipeline.plan(
                input, new BatchPipeline.Overrides(scheme, problem, time, subBatches, cssJobs, quantum));
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
        o.printf("limit      %s%nobjective  %s%n", Numbers.format(r.limit()), Numbers.format(r.objective()));
        if (sch != BatchScheduler.Scheme.BACKFILL) {
            o.printf(
                    "exact      %s%n",
                    r.exact() ? "yes" : "no: the quantum rounds expenses, and a better combination may fit");
        }
        o.println();
        o.printf(
                Locale.ROOT,
                "%-10s %4s %5s %7s %9s %9s %9s %9s%n",
                "job",
                "sub",
                "alts",
                "chosen",
                "start",
                "finish",
                "cost",
                "procTime");
        for (BatchScheduler.JobResult j : r.jobs()) {
            if (j.chosen() < 0) {
                o.printf(
                        Locale.ROOT,
                        "%-10s %4d %5d %7s %9s %9s %9s %9s%n",
                        j.job().id(),
                        j.subBatch(),
                        j.alternatives().size(),
                        "-",
                        "-",
                        "-",
                        "-",
                        "-");
                continue;
            }
            Window w = j.alternatives().get(j.chosen());
            o.printf(
                    Locale.ROOT,
                    "%-10s %4d %5d %7d %9s %9s %9s %9s%n",
                    j.job().id(),
                    j.subBatch(),
                    j.alternatives().size(),
                    j.chosen(),
                    Numbers.format(w.start()),
                    Numbers.format(w.finish()),
                    Numbers.format(w.cost()),
                    Numbers.format(w.processorTime()));
        }
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

    /** {@code --time}, resolved by {@link CssProblem.Time#REGISTRY}. */
    static final class TimeName extends Options.Named<CssProblem.Time> {
        TimeName() {
            super(CssProblem.Time.REGISTRY);
        }
    }
}
