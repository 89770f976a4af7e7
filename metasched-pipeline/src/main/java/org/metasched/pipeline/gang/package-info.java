/**
 * {@code metasched gang} (paper P001): {@link org.metasched.pipeline.gang.GangPipeline} reads a trace, runs the
 * multicluster grid {@code runs} times and writes its results; {@link org.metasched.pipeline.gang.GangReport} is its
 * report. Uses only the shared package {@code org.metasched.pipeline}.
 */
package org.metasched.pipeline.gang;
