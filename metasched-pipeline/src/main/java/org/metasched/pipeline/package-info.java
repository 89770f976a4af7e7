/**
 * Pipelines below the command line, so that a test, a sweep cell or a Spark task runs a simulation exactly as a
 * command does (ENGINEERING.md 2: "the CLI only parses and prints"). One sub-package per concern, pointing one way
 * ({@code PipelineArchitectureTest}): this package holds only what every pipeline shares ({@link
 * org.metasched.pipeline.Outputs}, whether the report and its images are written; {@link
 * org.metasched.pipeline.Values}, {@link org.metasched.pipeline.TimeAxis}) and uses no sub-package; one package per
 * system ({@code trace} for {@code simulate}, {@code gang}, {@code memory}, {@code select}, {@code batch}) uses only
 * this one; {@code sweep} (a sweep file's cells, each a system's run) and {@code reproduce} (the papers' tables) use
 * the systems but not each other; {@code run} (the default scenario) uses the systems and reproduce's P000 table.
 * Every output directory is written through {@code metasched-io}'s {@code OutputDirectory}.
 */
package org.metasched.pipeline;
