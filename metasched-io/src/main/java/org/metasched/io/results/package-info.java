/**
 * Result files of a simulation run: {@link org.metasched.io.results.ResultsWriter} writes {@code jobs.csv},
 * {@code summary.json} and {@code timeseries.csv} atomically (temporary directory, then rename). Every column and
 * field is described in {@code docs/outputs.md}.
 */
package org.metasched.io.results;
