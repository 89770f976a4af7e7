package org.metasched.io.problem;

import java.util.List;
import org.metasched.batch.BatchJob;
import org.metasched.model.Geometry;
import org.metasched.timeline.ResourceDomain;

/**
 * One batch for {@code metasched batch}: the domain, the geometry, the jobs, and the settings the file gives
 * (null where it gives none; the command's options win over them).
 */
public record BatchProblem(
        ResourceDomain domain,
        Geometry geometry,
        List<BatchJob> jobs,
        String scheme,
        Integer subBatches,
        Integer cssJobs,
        String problem,
        String time) {}
