package org.metasched.pipeline.run;

import java.util.ArrayList;
import java.util.List;

/** The open registry of {@link RunSection}s, in the order {@code metasched run} shows them. */
public final class RunSections {
    private static final List<RunSection> SECTIONS = new ArrayList<>();

    static {
        // one line per section
        register(new BatchRunSection());
        register(new MemoryRunSection());
        register(new GangRunSection());
        register(new AvailabilityRunSection());
    }

    private RunSections() {}

    /** Adds a section at the end. */
    public static synchronized void register(RunSection section) {
        SECTIONS.add(section);
    }

    /** The registered sections, in registration order. */
    public static synchronized List<RunSection> all() {
        return List.copyOf(SECTIONS);
    }
}
