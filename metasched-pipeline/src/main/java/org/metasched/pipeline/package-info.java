/**
 * Pipelines below the command line, so that a test, a sweep cell or a Spark task runs a simulation exactly as a
 * command does (ENGINEERING.md 2: "the CLI only parses and prints"). Start from {@link
 * org.metasched.pipeline.TracePipeline} (read an SWF trace, simulate, write the results and the report: {@code
 * simulate}), {@link org.metasched.pipeline.DefaultScenario} ({@code run}) and {@link
 * org.metasched.pipeline.ReproduceTargets}, the open registry of the papers' tables ({@code reproduce}; a new
 * target is one {@link org.metasched.pipeline.ReproduceTarget} class plus one registration line). The report
 * adapters ({@link org.metasched.pipeline.SimulationReport}, {@link org.metasched.pipeline.P000Report}) map
 * results onto {@code metasched-report}'s model. Every output directory is written through {@code
 * metasched-io}'s {@code OutputDirectory}; {@link org.metasched.pipeline.Outputs} says whether the report and its
 * images are written.
 */
package org.metasched.pipeline;
