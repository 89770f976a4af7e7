package org.metasched.pipeline.run;

import java.util.List;
import org.metasched.registry.Registered;
import org.metasched.report.Report;

/**
 * One section of {@code metasched run} after its built-in P000 parts: a short demonstration of one system (memory
 * pools, availability, gang scheduling, batches ...). A section is one class plus one line in {@link
 * RunSections}; the command prints its lines under a numbered heading and adds its charts to the report. Its name
 * ({@code memory}) is only its key in the registry: {@code run} shows every section, under its title.
 */
public interface RunSection extends Registered {
    /** The heading, e.g. {@code "Memory pools under a peak (paper P004)"}. */
    String title();

    @Override
    default String family() {
        return "run-section";
    }

    /** The title: what {@code run --help} lists. */
    @Override
    default String description() {
        return title();
    }

    /** Runs the section's scenario (seeded by {@code seed}, so the same seed gives the same section). */
    Part run(long seed);

    /** What a section produced. */
    interface Part {
        /** The lines printed on the terminal under the heading. */
        List<String> lines();

        /** Adds the section's tables and charts to the report. */
        void addTo(Report report);
    }
}
