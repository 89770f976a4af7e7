/**
 * {@code metasched run}: {@link org.metasched.pipeline.run.DefaultScenario} runs the small default scenario (P000's
 * table, every window search) and then each {@link org.metasched.pipeline.run.RunSection} of the registry {@link
 * org.metasched.pipeline.run.RunSections} (batch, availability, gang, memory), numbered and printed, each adding its
 * part to the report. The top of the pipeline's packages: nothing below uses it.
 */
package org.metasched.pipeline.run;
