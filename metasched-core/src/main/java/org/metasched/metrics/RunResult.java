package org.metasched.metrics;

import java.util.List;

/**
 * Everything a report needs from one simulation run: the per-job results (columnar, in submit order), the summary
 * and the sampled time series.
 */
public record RunResult(JobTable table, RunSummary summary, TimeSeries series) {
    /** The jobs as records, in submit order (a view over {@link #table()}: each record is made when read). */
    public List<JobRecord> jobs() {
        return table.records();
    }
}
