package org.metasched.pipeline.batch;

import java.nio.file.Path;
import org.metasched.batch.BatchParameters;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.problem.BatchProblem;
import org.metasched.io.problem.BatchProblemReader;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import org.metasched.model.Parameters;

/**
 * {@code metasched batch}, exactly as the command runs it (docs/batch.md): one batch file planned in one cycle, its
 * settings from the command's options over the file's fields over the defaults ({@link BatchProblem#settings}, where
 * the scheme rules live), then {@link BatchScheduler#schedule}. The command parses and prints; a test or a sweep cell
 * calls {@link #plan} the same way.
 */
public final class BatchPipeline {
    private BatchPipeline() {}

    /**
     * What the command line (or a sweep cell) gives; null where it gives nothing, so the file's field or the default
     * holds.
     */
    public record Overrides(
            BatchScheduler.Scheme scheme,
            CssProblem problem,
            CssProblem.Time time,
            Integer subBatches,
            Integer cssJobs,
            Double quantum) {
        /** Nothing given: the file's settings, else the defaults. */
        public static final Overrides NONE = new Overrides(null, null, null, null, null, null);

        /** The values given to {@link BatchParameters} on the command line or in a sweep cell. */
        public static Overrides of(Parameters.Values v) {
            return new Overrides(
                    v.get(BatchParameters.SCHEME),
                    v.get(BatchParameters.PROBLEM),
                    v.get(BatchParameters.TIME),
                    v.get(BatchParameters.SUB_BATCHES),
                    v.get(BatchParameters.CSS_JOBS),
                    v.get(BatchParameters.QUANTUM));
        }
    }

    /**
     * One planned batch.
     *
     * @param settings what it was planned with
     * @param result the plan: every job's alternatives and the chosen one
     */
    public record Plan(BatchScheduler.Settings settings, BatchScheduler.Result result) {
        public BatchScheduler.Scheme scheme() {
            return settings.scheme();
        }

        public CssProblem problem() {
            return settings.problem();
        }
    }

    /**
     * Reads {@code input} and plans it.
     *
     * @throws InputFormatException for bad input in the file, or an option that does not apply to the scheme
     */
    public static Plan plan(Path input, Overrides o) {
        return plan(input.toString(), BatchProblemReader.read(input), o);
    }

    /** Plans a batch already read ({@link #plan(Path, Overrides)} without the reading). */
    public static Plan plan(BatchProblem b, Overrides o) {
        return plan(null, b, o);
    }

    /**
     * Plans {@code b}, read from {@code source} (or null). A quantum too fine for the CSS table, known only once the
     * alternatives are found, is named as the option or the file's field that gave it, after the file.
     */
    private static Plan plan(String source, BatchProblem b, Overrides o) {
        BatchScheduler.Settings settings =
                b.settings(source, o.scheme(), o.problem(), o.time(), o.subBatches(), o.cssJobs(), o.quantum());
        requireCssShare(source, b, settings, o);
        try {
            return new Plan(
                    settings, BatchScheduler.schedule(b.jobs(), b.domain().slots(), b.geometry(), settings));
        } catch (CssDynamicProgramme.TableTooLarge e) {
            String file = source == null ? "" : source + ": ";
            throw new ParameterException(n -> file + (o.quantum() != null ? n.apply("quantum") : "the file's quantum")
                    + " " + e.quantum() + ": " + e.why());
        }
    }

    /**
     * bsf with no job for CSS backfills the whole batch: neither the slicer's sub-batches nor the combination DP's
     * quantum is used, so either is refused rather than ignored, as --quantum with backfill is: an option, or the
     * file's own {@code subBatches} or {@code quantum} field when the file itself says bsf with cssJobs 0 (one line
     * naming the file and the field; the file's fields were accepted without effect). Where --scheme or --css-jobs
     * (or a sweep cell) makes it bsf with 0, the file's fields are its settings for its own plan, left unused by that
     * what-if as they are by --scheme backfill. A journal export leaves both out of such a cycle's
     * file; journal replay gives the stored cycle's settings as options and does not come here.
     */
    private static void requireCssShare(String source, BatchProblem b, BatchScheduler.Settings s, Overrides o) {
        if (s.scheme() != BatchScheduler.Scheme.BSF || s.cssJobs() != 0) {
            return;
        }
        String unused = o.subBatches() != null ? "sub-batches" : o.quantum() != null ? "quantum" : null;
        if (unused != null) {
            throw new ParameterException(n -> n.apply(unused) + " applies to bsf's CSS share; with "
                    + (o.cssJobs() != null ? n.apply("css-jobs") : "the file's cssJobs")
                    + " 0 there is none and every job is backfilled (leave it out, or give " + n.apply("css-jobs")
                    + " 1 or more)");
        }
        String field = b.subBatches() != null ? "subBatches" : b.quantum() != null ? "quantum" : null;
        if (field != null
                && b.scheme() == BatchScheduler.Scheme.BSF
                && Integer.valueOf(0).equals(b.cssJobs())
                && o.cssJobs() == null) {
            String file = source == null ? "" : source + ": ";
            throw new ParameterException(n -> file + "the file's " + field + " applies to bsf's CSS share; with the"
                    + " file's cssJobs 0 there is none and every job is backfilled (leave the field out, or give"
                    + " cssJobs 1 or more)");
        }
    }
}
