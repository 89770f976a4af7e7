/**
 * Metrics of a simulation run: per-job {@link org.metasched.metrics.JobRecord records} (wait, response, slowdown,
 * bounded slowdown with tau = 10 s), the {@link org.metasched.metrics.RunSummary} (means and nearest-rank
 * percentiles, utilization, makespan, loss of capacity), the {@link org.metasched.metrics.LossOfCapacity} of spec
 * 5.6 (P001 eq. 2, decision D15, oracle T18) and the {@link org.metasched.metrics.TimeSeries} of a model's state
 * after each instant (integer columns; a trace's is downsampled for plots, memory's keeps every row).
 * {@link org.metasched.metrics.StateTally} integrates the state between instants; start from
 * {@link org.metasched.metrics.RunResult}, which is what a report consumes.
 */
package org.metasched.metrics;
