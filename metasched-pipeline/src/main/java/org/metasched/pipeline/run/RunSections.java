package org.metasched.pipeline.run;

import org.metasched.registry.Registry;

/**
 * The open registry of {@link RunSection}s, in the order {@code metasched run} shows them: one line per section;
 * code outside this project adds its own with {@code RunSections.REGISTRY.register(...)} before the command runs.
 */
public final class RunSections {
    /** The sections by name, in the order {@code run} prints them. */
    public static final Registry<RunSection> REGISTRY = new Registry<>("section");

    static {
        // one line per section
        REGISTRY.register(new BatchRunSection());
        REGISTRY.register(new MemoryRunSection());
        REGISTRY.register(new GangRunSection());
        REGISTRY.register(new AvailabilityRunSection());
    }

    private RunSections() {}
}
