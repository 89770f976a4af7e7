package org.metasched.gang;

import java.util.Locale;

/** Whether and how a job migrated before it started (the {@code migrated} column of jobs.csv). */
public enum MigrationKind {
    NONE,
    LOCAL,
    EXTERNAL;

    /** {@code none}, {@code local} or {@code external}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
