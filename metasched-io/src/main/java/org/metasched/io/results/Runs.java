package org.metasched.io.results;

import java.util.List;
import java.util.Map;

/**
 * What a model's runs produced, as its result files take it (a pipeline's result implements it): the first run,
 * whose per-job files are written, one summary per run, the means over the runs and what the reader did.
 *
 * @param <R> one run
 * @param <S> one run's summary
 */
public interface Runs<R, S> {
    /** The first run. */
    R first();

    /** One per run, the first run's first. */
    List<S> summaries();

    /**
     * With several runs: metric to {mean, 95 % half-width} over them, or, when some runs have no value (a run without
     * jobs has no flowtime), {mean, half-width, runs with a value} over those; else empty.
     */
    Map<String, double[]> overRuns();

    /** What the reader did with a trace's records, by rule; empty for a generated stream. */
    Map<String, Long> recordCounts();
}
