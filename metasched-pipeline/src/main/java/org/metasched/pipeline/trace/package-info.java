/**
 * {@code metasched simulate}: {@link org.metasched.pipeline.trace.TracePipeline} reads an SWF trace, replays it under
 * a job-flow policy and writes its results and report; {@link org.metasched.pipeline.trace.SimulationReport} maps a
 * run onto {@code metasched-report}'s model; {@link org.metasched.pipeline.trace.Timings} keeps the stage times of
 * {@code --timings}. Uses only the shared package {@code org.metasched.pipeline}.
 */
package org.metasched.pipeline.trace;
