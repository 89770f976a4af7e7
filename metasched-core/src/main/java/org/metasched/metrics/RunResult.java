package org.metasched.metrics;

import java.util.List;

/**
 * Everything a report needs from one simulation run: the per-job records (in submit order), the summary and the
 * sampled time series.
 */
public record RunResult(List<JobRecord> jobs, RunSummary summary, TimeSeries series) {}
