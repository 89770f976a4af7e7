/**
 * {@code metasched reproduce} (docs/reproduction.md): the open registry {@link
 * org.metasched.pipeline.reproduce.ReproduceTargets} of {@link org.metasched.pipeline.reproduce.ReproduceTarget}s
 * (a new target is one class plus one registration line) and {@link
 * org.metasched.pipeline.reproduce.ReproducePipeline}, which runs one and writes its directory; {@link
 * org.metasched.pipeline.reproduce.PaperTableTarget} is a target whose table is printed and reported beside the
 * paper's values (the {@code P002Targets} extend it); {@link org.metasched.pipeline.reproduce.P000Report} is P000's
 * table and report, which {@code run} shows too. The experiments themselves live in {@code metasched-experiments};
 * P001's target runs through the gang pipeline.
 */
package org.metasched.pipeline.reproduce;
