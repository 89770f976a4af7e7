package org.metasched.io.problem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.TreeReader;
import org.metasched.model.ResourceRequest;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.timeline.ResourceDomain;

/**
 * Reads a {@link BatchProblem}: the {@code select} file format (docs/select.md) with {@code jobs}, a list, instead
 * of {@code job}; each job also has an {@code id} and a {@code criterion} ({@code start}, {@code runtime},
 * {@code finish} or {@code cost}; default {@code cost}). Top-level {@code scheme}, {@code subBatches}, {@code
 * cssJobs}, {@code problem}, {@code time} and {@code quantum} may set the command's options. Every error names the file
 * and field.
 */
public final class BatchProblemReader {
    private BatchProblemReader() {}

    public static BatchProblem read(Path file) {
        return read(TreeReader.open(file));
    }

    /**
     * Reads a batch file's JSON {@code text} that is not a file of its own (a cycle's stored input), named {@code
     * name} in errors.
     */
    public static BatchProblem read(String name, String text) {
        return read(TreeReader.parse(name, text));
    }

    private static BatchProblem read(TreeReader file) {
        // a select file (job, no jobs) is named as such in the unknown-field error
        boolean selectFile = file.isObject() && file.has("job") && !file.has("jobs");
        TreeReader root = file.onlyFields(
                List.of(
                        "horizon",
                        "geometry",
                        "nodes",
                        "jobs",
                        "scheme",
                        "subBatches",
                        "cssJobs",
                        "problem",
                        "time",
                        "quantum"),
                selectFile
                        ? "a select file? 'metasched select -i FILE' plans one job"
                        : ProblemReader.sweepFile(file) ? ProblemReader.SWEEP_FILE : null);
        ResourceDomain domain = ProblemReader.domain(root);
        List<BatchJob> jobs = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<TreeReader> list = root.child("jobs", "a list of jobs").elements();
        if (list.isEmpty()) {
            throw root.child("jobs").error("is empty, expected at least one job");
        }
        for (TreeReader j : list) {
            String id = j.string("id", "J" + (jobs.size() + 1));
            if (!ids.add(id)) {
                throw j.error("repeats the id '" + id + "', ids must be unique");
            }
            BatchJob.Criterion criterion = BatchJob.Criterion.REGISTRY.byName(
                    j.string("criterion", "cost"), j.file() + ": " + j.path() + ".criterion");
            ResourceRequest request = ProblemReader.request(j, domain.nodes().size(), "id", "criterion");
            ProblemReader.requireFewAlternatives(j.file() + ": " + j.path() + ".volume", domain, request);
            jobs.add(new BatchJob(id, request, criterion));
        }
        return new BatchProblem(
                domain,
                ProblemReader.geometry(root),
                List.copyOf(jobs),
                named(root, "scheme", BatchScheduler.Scheme.REGISTRY),
                root.has("subBatches") ? root.integer("subBatches") : null,
                root.has("cssJobs") ? root.integer("cssJobs") : null,
                named(root, "problem", CssProblem.REGISTRY),
                named(root, "time", CssProblem.Time.REGISTRY),
                quantum(root));
    }

    /** The entry of {@code registry} that {@code field} names (case-insensitive), or null when it is absent. */
    private static <R extends Registered> R named(TreeReader root, String field, Registry<R> registry) {
        String name = root.string(field, null);
        return name == null ? null : registry.byName(name, root.file() + ": " + field);
    }

    /** {@code quantum}: "data" (the data's own) or a number above 0; null when absent. */
    private static Double quantum(TreeReader root) {
        if (!root.has("quantum")) {
            return null;
        }
        if ("data".equalsIgnoreCase(root.string("quantum", null))) {
            return CssDynamicProgramme.DATA_QUANTUM;
        }
        double q = root.number("quantum");
        if (!(q > 0) || Double.isInfinite(q)) {
            throw root.child("quantum").error("must be \"data\" or a number above 0, got " + q);
        }
        return q;
    }
}
