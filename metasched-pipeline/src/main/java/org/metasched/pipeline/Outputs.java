package org.metasched.pipeline;

import org.metasched.report.Report;

/**
 * What a pipeline writes besides its result files.
 *
 * @param report write {@code report.html}
 * @param png also write one PNG image per chart (slow: drawing them costs more than a short run's simulation)
 */
public record Outputs(boolean report, boolean png) {
    /** The report page, no images: what the commands write unless asked otherwise. */
    public static final Outputs DEFAULT = new Outputs(true, false);

    /** Result files only. */
    public static final Outputs NO_REPORT = new Outputs(false, false);

    public Outputs {
        if (png && !report) {
            throw new IllegalArgumentException("PNG images are part of the report; they need report = true");
        }
    }

    /** {@code r}, set up to write what these outputs ask for. */
    public Report configure(Report r) {
        return png ? r.withPng() : r;
    }
}
