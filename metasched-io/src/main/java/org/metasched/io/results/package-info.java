/**
 * Result files of a simulation run: {@link org.metasched.io.results.ResultsWriter} writes {@code jobs.csv},
 * {@code summary.json} and {@code timeseries.csv} into a directory that {@link org.metasched.io.OutputDirectory}
 * puts in place as a whole, and {@code GangResultsWriter} and {@code MemoryResultsWriter} those of {@code gang} and
 * {@code memory}, from the {@link org.metasched.io.results.Runs} a pipeline's result is ({@code jobs.csv} laid out by
 * {@code JobColumns}: {@code JobRecord}'s common columns, the model's own between them; the summary through {@code
 * SummaryJson.write}: the model's fields, then the means over runs and the reader's counts). Every CSV file goes
 * through {@link org.metasched.io.results.CsvColumns}, a list of columns (name and value) from which the header and
 * the rows both come, but the hot {@code jobs.csv} of a simulation. Every column and field is described in {@code
 * docs/outputs.md}.
 */
package org.metasched.io.results;
