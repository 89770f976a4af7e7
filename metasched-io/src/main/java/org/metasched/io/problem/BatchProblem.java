package org.metasched.io.problem;

import java.util.List;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.timeline.ResourceDomain;

/**
 * One batch for {@code metasched batch}: the domain, the geometry, the jobs, and the settings the file gives
 * (null where it gives none; the command's options win over them). Names are resolved when the file is read.
 *
 * @param quantum the DP's expense quantum the file gives ({@link CssDynamicProgramme#DATA_QUANTUM} for "data"),
 *     or null
 */
public record BatchProblem(
        ResourceDomain domain,
        Geometry geometry,
        List<BatchJob> jobs,
        BatchScheduler.Scheme scheme,
        Integer subBatches,
        Integer cssJobs,
        CssProblem problem,
        CssProblem.Time time,
        Double quantum) {

    /**
     * The settings {@code metasched batch} plans this batch with: each given option (null for none) wins over the
     * file's field, which wins over the default (css, min-time, processor-time, 1 sub-batch, half the batch by
     * CSS rounded up, the data's own quantum). The one place these rules live: the batch command and {@code
     * metasched journal replay} both call it.
     *
     * @throws InputFormatException naming the option (or the file's field) and what is expected
     */
    public BatchScheduler.Settings settings(
            BatchScheduler.Scheme schemeOption,
            CssProblem problemOption,
            CssProblem.Time timeOption,
            Integer subBatchesOption,
            Integer cssJobsOption,
            Double quantumOption) {
        return settings(null, schemeOption, problemOption, timeOption, subBatchesOption, cssJobsOption, quantumOption);
    }

    /**
     * {@link #settings(BatchScheduler.Scheme, CssProblem, CssProblem.Time, Integer, Integer, Double)} for a batch
     * read from the file {@code source} (null: none), which a message about one of the file's own fields names
     * first.
     */
    public BatchScheduler.Settings settings(
            String source,
            BatchScheduler.Scheme schemeOption,
            CssProblem problemOption,
            CssProblem.Time timeOption,
            Integer subBatchesOption,
            Integer cssJobsOption,
            Double quantumOption) {
        String file = source == null ? "" : source + ": ";
        int k = jobs.size();
        BatchScheduler.Scheme sch = pick(schemeOption, scheme, BatchScheduler.Scheme.CSS);
        CssProblem prob = pick(problemOption, problem, CssProblem.MIN_TIME);
        CssProblem.Time t = pick(timeOption, time, CssProblem.Time.PROCESSOR_TIME);
        Integer sub = subBatchesOption != null ? subBatchesOption : subBatches;
        Integer css = cssJobsOption != null ? cssJobsOption : cssJobs;
        if (sub != null && !sch.slices()) {
            throw new ParameterException(n -> name(n, file, subBatchesOption, "sub-batches", "subBatches")
                    + " applies to the slicer and bsf; scheme " + sch.name() + " has none (leave it out)");
        }
        if (css != null && sch != BatchScheduler.Scheme.BSF) {
            throw new ParameterException(n -> name(n, file, cssJobsOption, "css-jobs", "cssJobs")
                    + " applies to bsf; scheme " + sch.name() + " has none (leave it out)");
        }
        if (quantumOption != null && sch == BatchScheduler.Scheme.BACKFILL) { // the file's field: as exported, kept
            throw new ParameterException(n -> n.apply("quantum")
                    + " is the combination DP's quantum (css, slicer, bsf); scheme backfill has none (leave it out)");
        }
        int kSub = sub == null ? 1 : sub;
        if (kSub < 1 || kSub > k) {
            throw new ParameterException(n -> name(n, file, subBatchesOption, "sub-batches", "subBatches") + ": " + kSub
                    + ", expected 1 to the batch size " + k);
        }
        int nCss = css == null ? (k + 1) / 2 : css;
        if (nCss < 0 || nCss > k) {
            throw new ParameterException(n -> name(n, file, cssJobsOption, "css-jobs", "cssJobs") + ": " + nCss
                    + " is beyond the batch of " + k + " jobs, expected 0 to " + k);
        }
        Double given = quantumOption != null ? quantumOption : quantum;
        double q = given == null ? CssDynamicProgramme.DATA_QUANTUM : given;
        if (quantumOption != null && !(q > 0)) {
            throw new ParameterException(n -> n.apply("quantum") + ": " + q + ", expected a number above 0");
        }
        return new BatchScheduler.Settings(sch, prob, t, kSub, nCss, q, true);
    }

    /**
     * A setting as a message names it: the option's name in the caller's vocabulary when the option was given, else
     * the file's field (a user who gave no --sub-batches is not told to leave it out).
     */
    private static String name(
            java.util.function.Function<String, String> n, String file, Object option, String parameter, String field) {
        return option != null ? n.apply(parameter) : file + "the file's " + field;
    }

    private static <T> T pick(T option, T file, T fallback) {
        return option != null ? option : file != null ? file : fallback;
    }
}
