package org.metasched.report;

/** How a {@link Chart} draws its series. */
public enum ChartKind {
    /** Points joined by straight lines. */
    LINE,
    /** Points joined by horizontal-then-vertical steps (empirical CDFs, queue lengths). */
    STEP,
    /** Points only. */
    SCATTER,
    /** Bars over named categories; a series' x values are category indices. */
    BAR,
    /** Bars over numeric bin centres, as built by {@link Distributions#histograms}. */
    HISTOGRAM
}
