/**
 * Result files of a simulation run: {@link org.metasched.io.results.ResultsWriter} writes {@code jobs.csv},
 * {@code summary.json} and {@code timeseries.csv} into a directory that {@link org.metasched.io.OutputDirectory}
 * puts in place as a whole. Every column and field is described in {@code docs/outputs.md}.
 */
package org.metasched.io.results;
